/*
 * The resource engine, server half: a ResourceDefinition (core/shared/resource) listed in a
 * plugin's `resources` becomes a table kept in step with it and a validated, audited REST
 * resource under the plugin's service. See README.md ("Resources") for the HTTP contract.
 */
export { recordAudit, type AuditRecord, type AuditWrite, type Snapshot, type SnapshotValues } from './audit';
export { recordWriter, type RecordWriter } from './record-writer';
export { actorOf, languageOf, routeKit, type RouteKit } from './route-kit';
export { ResourceDefinitionError, resourceProblems } from './definitions';
export type { AfterWriteContext, ListScope, ResourceHooks, WriteAction, WriteContext } from './hooks';
export { enabledResources, mountResources, type ResourceMount } from './mount';
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
export { findRecord, listRecords } from './records';
export { recordHistory } from './timeline';
export {
  ACTION_NOT_APPLICABLE,
  assertNoBody,
  NO_INPUT,
  registerRowAction,
  type RowActionContext,
  type RowActionPerform,
} from './row-action';
export { syncResourceTables } from './schema-sync';
