import { STALE_VERSION_MESSAGE, type ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { asKernel, asPlugin, tableSchema } from '../database/plugin-handle';
import { quoteTable, SqlParams, whereClause } from '../database/sql';
import { ApiError, notFound } from '../http/api-error';
import type { Snapshot, SnapshotValues } from './audit';
import { columnRef } from './columns';
import { columnValues } from './column-values';
import { stillReferencedError } from './database-errors';
import { listConditions } from './filters';
import { hasWriteHooks, hooksOf, type AfterWriteContext, type ResourceHooks, type WriteContext } from './hooks';
import { declaredDefaults } from '@core/shared/resource/validation';
import { referencedBy } from './integrity';
import { readListQuery } from './list-params';
import {
  assertReferencesExist,
  legacyCleared,
  SOFT_DELETE,
  type Actor,
  type Change,
  type LockedRow,
} from './mutations';
import { snapshotJson } from './record-sql';
import { refuseMaskedValues } from './secret-values';

/*
 * Set-based writes: one change, or one delete, over many records at once. Each record gets what
 * a single write gives it (the values validated and references checked, its state and version
 * checked, the hooks, version + 1, updated_at/by, and its own audit entry), in the caller's
 * transaction, but the rows are changed and their audit entries written by one statement, not
 * one round trip per record.
 */

/** Which records a set-based write touches: these ids, or every record the list parameters match. */
export type RecordSelection =
  | { readonly ids: readonly number[] }
  | { readonly query: Readonly<Record<string, string>> };

/** A change made to every selected record; like a single `Change`, with the versions the caller saw by record. */
export interface ManyChange extends Omit<Change, 'version'> {
  /** The version the caller saw of each record; a record with another stored version is a 409, one not found a 404. */
  readonly versions?: ReadonlyMap<number, number>;
}

const ALIAS = 'r';

const HARD_DELETE: ManyChange = { action: 'delete' };

/** The selection's conditions, bound into `params`: a query is checked once, as the list checks it. */
type Conditions = (params: SqlParams) => string[];

function selectionConditions(
  definition: ResourceDefinition,
  selection: RecordSelection,
  actor: Actor,
  hooks: ResourceHooks,
  onDeleted: boolean,
): Conditions {
  const query =
    'query' in selection ? readListQuery(definition, selection.query, actor.language, hooks.listScope) : null;
  const ids = 'ids' in selection ? [...new Set(selection.ids)] : [];
  return (params) => {
    const conditions = query
      ? listConditions(definition, query, params, ALIAS)
      : [`${columnRef(ALIAS, 'id')} = ANY(${params.bind(ids)}::bigint[])`];
    if (definition.softDelete) conditions.push(`${columnRef(ALIAS, 'deleted_at')} IS ${onDeleted ? 'NOT ' : ''}NULL`);
    return conditions;
  };
}

const byIds =
  (ids: readonly number[]): Conditions =>
  (params) => [`${columnRef(ALIAS, 'id')} = ANY(${params.bind(ids)}::bigint[])`];

interface SelectedRow extends LockedRow {
  readonly id: number;
}

/** The selected rows with their state and snapshot, locked until the transaction ends, in id order. */
async function lockRows(tx: Queryable, definition: ResourceDefinition, chosen: Conditions): Promise<SelectedRow[]> {
  const params = new SqlParams();
  const where = whereClause(chosen(params));
  const deleted = definition.softDelete ? `${columnRef(ALIAS, 'deleted_at')} IS NOT NULL` : 'false';
  const blocked = definition.blockable ? `${columnRef(ALIAS, 'blocked_at')} IS NOT NULL` : 'false';
  const { rows } = await tx.query<Omit<SelectedRow, 'id'> & { id: string }>(
    `SELECT ${ALIAS}.id::text AS id, ${ALIAS}.version, ${deleted} AS deleted, ${blocked} AS blocked,
            ${snapshotJson(definition, ALIAS)} AS before
       FROM ${quoteTable(definition.table)} ${ALIAS} ${where} ORDER BY ${ALIAS}.id FOR UPDATE`,
    params.values,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

interface WrittenRow {
  readonly id: number;
  readonly before: SnapshotValues;
  readonly after: Snapshot;
}

/**
 * One statement: the chosen rows locked and changed (or removed, when `values` is null), and an
 * audit entry per row with its snapshot before and after.
 */
async function writeRows(
  tx: Queryable,
  definition: ResourceDefinition,
  chosen: Conditions,
  values: Readonly<Record<string, FieldValue>> | null,
  change: ManyChange,
  actor: Actor,
): Promise<WrittenRow[]> {
  const table = quoteTable(definition.table);
  const params = new SqlParams();
  const where = whereClause(chosen(params));
  const by = `${params.bind(actor.id)}::bigint`;
  const snapshot = snapshotJson(definition, ALIAS);
  const write =
    values === null
      ? `changed AS (DELETE FROM ${table} AS ${ALIAS} ${where} RETURNING ${ALIAS}.id, ${snapshot} AS before, NULL::jsonb AS after)`
      : `locked AS (SELECT ${ALIAS}.id, ${snapshot} AS before FROM ${table} ${ALIAS} ${where} FOR UPDATE),
         changed AS (UPDATE ${table} AS ${ALIAS}
                        SET ${[
                          ...columnValues(definition, values, params).map(([column, value]) => `${column} = ${value}`),
                          ...(change.meta ?? []),
                          'version = version + 1',
                          'updated_at = now()',
                          `updated_by = ${by}`,
                        ].join(', ')}
                       FROM locked WHERE ${ALIAS}.id = locked.id
                     RETURNING ${ALIAS}.id, locked.before, ${snapshot} AS after)`;
  const { rows } = await tx.query<{ id: string; before: SnapshotValues; after: Snapshot }>(
    `WITH ${write},
     ${auditOf(definition, change, by, params)}
     SELECT id::text AS id, before, after FROM changed ORDER BY id`,
    params.values,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A row's state refused by the change (409), or a version other than the one the caller saw (409, or 404 when not found). */
function checkRows(rows: readonly SelectedRow[], change: ManyChange): void {
  for (const row of rows) {
    const refusal = change.refuse?.(row) ?? null;
    if (refusal) throw new ApiError(409, refusal);
  }
  if (!change.versions) return;
  const found = new Map(rows.map((row) => [row.id, row.version]));
  for (const [id, version] of change.versions) {
    const stored = found.get(id);
    if (stored === undefined) throw notFound();
    if (stored !== version) throw new ApiError(409, STALE_VERSION_MESSAGE);
  }
}

type Values = Readonly<Record<string, FieldValue>>;

/** Rows whose values write the same columns; the columns in one order within a group. */
function byColumns<T extends { readonly values: Values }>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const names = Object.keys(row.values).sort();
    const sorted = { ...row, values: Object.fromEntries(names.map((name) => [name, row.values[name] ?? null])) };
    const key = names.join(',');
    const group = groups.get(key);
    if (group) group.push(sorted);
    else groups.set(key, [sorted]);
  }
  return [...groups.values()];
}

// PostgreSQL's wire protocol counts a statement's parameters in 16 bits: 10,000 rows of seven
// columns would be refused as one statement. The actor and the audit entry's resource, action and
// detail are bound beside the rows' values.
const MAX_PARAMETERS = 65_535;
const STATEMENT_PARAMETERS = 4;

/**
 * The rows as statements: each group writing the same columns, cut so that no statement binds more
 * parameters than PostgreSQL takes (`perRow` parameters each besides its values: the id of a changed row).
 */
function statements<T extends { readonly values: Values }>(
  definition: ResourceDefinition,
  rows: readonly T[],
  perRow: number,
): T[][] {
  return byColumns(rows).flatMap((group) => {
    const first = group[0];
    const bound = first ? columnValues(definition, first.values, new SqlParams()).length : 0;
    const size = Math.floor((MAX_PARAMETERS - STATEMENT_PARAMETERS) / Math.max(1, bound + perRow));
    const cut: T[][] = [];
    for (let start = 0; start < group.length; start += size) cut.push(group.slice(start, start + size));
    return cut;
  });
}

/** `VALUES (…), (…)` of each row's id and column values, and the columns they write. */
function valueRows(
  definition: ResourceDefinition,
  rows: readonly { readonly id?: number; readonly values: Values }[],
  params: SqlParams,
): { readonly tuples: string; readonly columns: readonly string[] } {
  let columns: readonly string[] = [];
  const tuples = rows.map((row) => {
    const writes = columnValues(definition, row.values, params);
    columns = writes.map(([column]) => column);
    const id = row.id === undefined ? [] : [`${params.bind(row.id)}::bigint`];
    return `(${[...id, ...writes.map(([, value]) => value)].join(', ')})`;
  });
  return { tuples: tuples.join(', '), columns };
}

/** One statement per group of rows writing the same columns: each row changed by its own values, with its audit entry. */
async function writeEach(
  tx: Queryable,
  definition: ResourceDefinition,
  rows: readonly { readonly id: number; readonly values: Values }[],
  change: ManyChange,
  actor: Actor,
): Promise<WrittenRow[]> {
  const table = quoteTable(definition.table);
  const snapshot = snapshotJson(definition, ALIAS);
  const written: WrittenRow[] = [];
  for (const group of statements(definition, rows, 1)) {
    const params = new SqlParams();
    const { tuples, columns } = valueRows(definition, group, params);
    const by = `${params.bind(actor.id)}::bigint`;
    const names = ['id', ...columns.map((_, index) => `c${index}`)];
    const sets = [
      ...columns.map((column, index) => `${column} = v.c${index}`),
      ...(change.meta ?? []),
      'version = version + 1',
      'updated_at = now()',
      `updated_by = ${by}`,
    ];
    const { rows: changed } = await tx.query<{ id: string; before: SnapshotValues; after: Snapshot }>(
      `WITH v(${names.join(', ')}) AS (VALUES ${tuples}),
       locked AS (SELECT ${ALIAS}.id, ${snapshot} AS before FROM ${table} ${ALIAS} JOIN v ON v.id = ${ALIAS}.id FOR UPDATE OF ${ALIAS}),
       changed AS (UPDATE ${table} AS ${ALIAS} SET ${sets.join(', ')} FROM locked JOIN v ON v.id = locked.id
                    WHERE ${ALIAS}.id = locked.id RETURNING ${ALIAS}.id, locked.before, ${snapshot} AS after),
       ${auditOf(definition, change, by, params)}
       SELECT id::text AS id, before, after FROM changed`,
      params.values,
    );
    written.push(...changed.map((row) => ({ ...row, id: Number(row.id) })));
  }
  return written.sort((a, b) => a.id - b.id);
}

/** The audit CTE over `changed`: an entry per row with its snapshots. */
function auditOf(definition: ResourceDefinition, change: ManyChange, by: string, params: SqlParams): string {
  const detail = change.detail === undefined ? null : JSON.stringify(change.detail);
  return `audit AS (INSERT INTO core.audit_log (resource, record_id, action, actor_id, before, after, detail)
               SELECT ${params.bind(definition.id)}::text, id, ${params.bind(change.action)}::text, ${by}, before, after,
                      ${params.bind(detail)}::jsonb
                 FROM changed)`;
}

/** The hooks' computed values of each record: once for the batch when the hooks take one, else record by record. */
async function computedValues(
  contexts: readonly WriteContext[],
  hooks: ResourceHooks,
): Promise<readonly (Values | undefined | void)[]> {
  if (hooks.beforeWriteMany) return hooks.beforeWriteMany(contexts);
  const computed: (Values | undefined | void)[] = [];
  for (const context of contexts) computed.push(await hooks.beforeWrite?.(context));
  return computed;
}

/** Every record each reference field of `all` names, as one value per field: checked by one query a field, not one a record. */
function referencesOf(definition: ResourceDefinition, all: readonly Values[]): Values {
  const named: Record<string, number[]> = {};
  for (const field of definition.fields) {
    if (field.kind !== 'reference') continue;
    const ids = new Set<number>();
    for (const values of all) {
      const value = values[field.name];
      if (typeof value === 'number') ids.add(value);
      else if (Array.isArray(value)) for (const id of value) ids.add(id);
    }
    if (ids.size > 0) named[field.name] = [...ids];
  }
  return named;
}

/** Each record's `beforeWrite` (or the batch's `beforeWriteMany`) on its values; the values to write, computed ones included. */
async function beforeEach(
  tx: Queryable,
  definition: ResourceDefinition,
  rows: readonly { readonly id: number | null; readonly before: SnapshotValues | null; readonly values: Values }[],
  action: string,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<Values[]> {
  const plugin = asPlugin(tx, tableSchema(definition.table));
  const contexts = rows.map(
    (row): WriteContext => ({
      tx: plugin,
      definition,
      action,
      id: row.id,
      before: row.before,
      values: row.values,
      next: { ...row.before, ...row.values },
      actorId: actor.id,
    }),
  );
  const computed = await computedValues(contexts, hooks);
  const all = rows.map((row, index) => ({
    ...row.values,
    ...legacyCleared(definition, row.values),
    ...computed[index],
  }));
  await assertReferencesExist(tx, definition, referencesOf(definition, all), actor.language);
  return all;
}

async function afterEach(
  tx: Queryable,
  definition: ResourceDefinition,
  written: readonly WrittenRow[],
  action: string,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<number[]> {
  const plugin = asPlugin(tx, tableSchema(definition.table));
  const contexts = written.map(
    (row): AfterWriteContext => ({
      tx: plugin,
      definition,
      action,
      id: row.id,
      before: row.before,
      after: row.after,
      actorId: actor.id,
    }),
  );
  if (hooks.afterWriteMany) await hooks.afterWriteMany(contexts);
  else for (const context of contexts) await hooks.afterWrite?.(context);
  return written.map((row) => row.id);
}

/** Locked rows changed each by its own values (hooks run, audited). */
async function changeRows(
  tx: Queryable,
  definition: ResourceDefinition,
  rows: readonly (SelectedRow & { readonly values: Values })[],
  change: ManyChange,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<number[]> {
  const values = await beforeEach(tx, definition, rows, change.action, actor, hooks);
  const written = await writeEach(
    tx,
    definition,
    rows.map((row, index) => ({ id: row.id, values: values[index] ?? {} })),
    change,
    actor,
  );
  return afterEach(tx, definition, written, change.action, actor, hooks);
}

/**
 * Changes every selected record inside `tx` with the same validated values (or lifecycle change),
 * as a single change does each: a record whose state the change refuses or whose version is not
 * the one the caller saw stops the whole change. Answers the ids changed, in order; records not
 * found (or deleted, unless the change is for deleted ones) are left out.
 */
export async function changeManyIn(
  tx: Queryable,
  definition: ResourceDefinition,
  selection: RecordSelection,
  change: ManyChange,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number[]> {
  tx = asKernel(tx);
  const sent = change.values ?? {};
  // A masked secret stands for the value stored in one record; over many it stands for nothing.
  refuseMaskedValues(definition, sent, actor.language);
  const chosen = selectionConditions(definition, selection, actor, hooks, change.onDeleted === true);
  if (hasWriteHooks(hooks) || change.refuse || change.versions) {
    const rows = await lockRows(tx, definition, chosen);
    checkRows(rows, change);
    return changeRows(
      tx,
      definition,
      rows.map((row) => ({ ...row, values: sent })),
      change,
      actor,
      hooks,
    );
  }
  const values = { ...sent, ...legacyCleared(definition, sent) };
  await assertReferencesExist(tx, definition, values, actor.language);
  return (await writeRows(tx, definition, chosen, values, change, actor)).map((row) => row.id);
}

/**
 * Deletes every selected record inside `tx`: soft where the resource keeps deleted records, else
 * for good, refused (409) as a whole while any other record points at one of them. Answers the
 * ids deleted, in order.
 */
export async function removeManyIn(
  tx: Queryable,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  selection: RecordSelection,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number[]> {
  tx = asKernel(tx);
  if (definition.softDelete) return changeManyIn(tx, definition, selection, SOFT_DELETE, actor, hooks);
  const chosen = selectionConditions(definition, selection, actor, hooks, false);
  const params = new SqlParams();
  const doomed = `SELECT ${ALIAS}.id FROM ${quoteTable(definition.table)} ${ALIAS} ${whereClause(chosen(params))}`;
  const pointing = await referencedBy(tx, definition, mounted, doomed, params.values);
  if (pointing.length > 0) throw stillReferencedError(pointing);
  if (!hasWriteHooks(hooks))
    return (await writeRows(tx, definition, chosen, null, HARD_DELETE, actor)).map((row) => row.id);
  const rows = await lockRows(tx, definition, chosen);
  await beforeEach(
    tx,
    definition,
    rows.map((row) => ({ ...row, values: {} })),
    'delete',
    actor,
    hooks,
  );
  const written = await writeRows(tx, definition, byIds(rows.map((row) => row.id)), null, HARD_DELETE, actor);
  return afterEach(tx, definition, written, 'delete', actor, hooks);
}

/** A change of each record by its own values, at the version the caller saw when one is given. */
export interface EachChange {
  readonly id: number;
  readonly values: Readonly<Record<string, FieldValue>>;
  readonly version?: number;
}

/**
 * Changes each record by its own validated values inside `tx`, under one action name: every record
 * must be there (404) and at the version given (409), and each gets its hooks, version + 1 and
 * audit entry, the rows written by one statement per set of columns. Answers the ids changed.
 */
export async function changeEachIn(
  tx: Queryable,
  definition: ResourceDefinition,
  changes: readonly EachChange[],
  change: Pick<ManyChange, 'action' | 'detail'>,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number[]> {
  tx = asKernel(tx);
  if (changes.length === 0) return [];
  for (const each of changes) refuseMaskedValues(definition, each.values, actor.language);
  const wanted = new Map(changes.map((each) => [each.id, each]));
  const rows = await lockRows(tx, definition, (params) => [
    ...byIds([...wanted.keys()])(params),
    ...(definition.softDelete ? [`${columnRef(ALIAS, 'deleted_at')} IS NULL`] : []),
  ]);
  const versions = new Map(changes.flatMap((each) => (each.version === undefined ? [] : [[each.id, each.version]])));
  if (rows.length < wanted.size) throw notFound();
  checkRows(rows, { ...change, versions });
  const values = (row: SelectedRow): Values => wanted.get(row.id)?.values ?? {};
  return changeRows(
    tx,
    definition,
    rows.map((row) => ({ ...row, values: values(row) })),
    change,
    actor,
    hooks,
  );
}

/**
 * Creates a record of each validated value set inside `tx`, each with its hooks and an audit entry
 * under `action` (`create` unless the caller names it, an import say), the rows written by one
 * statement per set of columns. Answers the new ids in order.
 */
export async function createManyIn(
  tx: Queryable,
  definition: ResourceDefinition,
  sets: readonly Values[],
  actor: Actor,
  action = 'create',
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number[]> {
  tx = asKernel(tx);
  for (const values of sets) refuseMaskedValues(definition, values, actor.language);
  const rows = sets.map((values) => ({
    id: null,
    before: null,
    values: { ...declaredDefaults(definition, values), ...values },
  }));
  const all = await beforeEach(tx, definition, rows, action, actor, hooks);
  const table = quoteTable(definition.table);
  const written: WrittenRow[] = [];
  const pending = all.map((values) => ({ values }));
  for (const group of statements(definition, pending, 0)) {
    const params = new SqlParams();
    const { tuples, columns } = valueRows(definition, group, params);
    const by = `${params.bind(actor.id)}::bigint`;
    const { rows: created } = await tx.query<{ id: string; before: SnapshotValues; after: Snapshot }>(
      `WITH changed AS (
         INSERT INTO ${table} AS ${ALIAS} (${[...columns, 'created_by', 'updated_by'].join(', ')})
         SELECT ${columns.length > 0 ? 'v.*, ' : ''}${by}, ${by}
           FROM ${columns.length > 0 ? `(VALUES ${tuples}) v` : `generate_series(1, ${group.length})`}
         RETURNING ${ALIAS}.id, NULL::jsonb AS before, ${snapshotJson(definition, ALIAS)} AS after),
       ${auditOf(definition, { action }, by, params)}
       SELECT id::text AS id, before, after FROM changed`,
      params.values,
    );
    written.push(...created.map((row) => ({ ...row, id: Number(row.id) })));
  }
  written.sort((a, b) => a.id - b.id);
  return afterEach(tx, definition, written, action, actor, hooks);
}
