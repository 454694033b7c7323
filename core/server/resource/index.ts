/*
 * The resource engine, server half: a ResourceDefinition (core/shared/resource) listed in a
 * plugin's `resources` becomes a table kept in step with it and a validated, audited REST
 * resource under the plugin's service. See README.md ("Resources") for the HTTP contract.
 */
export { recordAudit, type AuditRecord } from './audit';
export { recordWriter, type RecordWriter } from './record-writer';
export { routeKit } from './route-kit';
export { ResourceDefinitionError } from './definitions';
export type { AfterWriteContext, ListScope, ResourceHooks, WriteAction, WriteContext } from './hooks';
export { enabledResources } from './mount';
export {
  changeRecordIn,
  createRecordIn,
  hardDeleteIn,
  readValues,
  removeRecordIn,
  type Actor,
  type Change,
} from './mutations';
export type { EachChange, ManyChange, RecordSelection } from './many';
export type {
  DerivedAdjustment,
  DerivedChange,
  DerivedExpression,
  DerivedFields,
  DerivedMoney,
} from './derived';
export { findRecord, listRecords } from './records';
export { recordHistory } from './timeline';
export { assertNoBody, NO_INPUT, registerRowAction, type RowActionPerform } from './row-action';
export { syncResourceTables } from './schema-sync';
