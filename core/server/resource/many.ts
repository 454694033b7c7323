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
import { hasWriteHooks, hooksOf, type ResourceHooks } from './hooks';
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
  const detail = change.detail === undefined ? null : JSON.stringify(change.detail);
  const { rows } = await tx.query<{ id: string; before: SnapshotValues; after: Snapshot }>(
    `WITH ${write},
     audit AS (INSERT INTO core.audit_log (resource, record_id, action, actor_id, before, after, detail)
               SELECT ${params.bind(definition.id)}::text, id, ${params.bind(change.action)}::text, ${by}, before, after,
                      ${params.bind(detail)}::jsonb
                 FROM changed)
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

/**
 * Runs each record's `beforeWrite`, then writes the records in as few statements as their
 * computed values allow (one when the hooks compute nothing, or the same for all), then runs
 * each record's `afterWrite`.
 */
async function writeWithHooks(
  tx: Queryable,
  definition: ResourceDefinition,
  rows: readonly SelectedRow[],
  sent: Readonly<Record<string, FieldValue>>,
  change: ManyChange,
  actor: Actor,
  hooks: ResourceHooks,
  remove: boolean,
): Promise<number[]> {
  const plugin = asPlugin(tx, tableSchema(definition.table));
  const groups = new Map<string, { values: Readonly<Record<string, FieldValue>>; ids: number[] }>();
  for (const row of rows) {
    const computed = await hooks.beforeWrite?.({
      tx: plugin,
      definition,
      action: change.action,
      id: row.id,
      before: row.before,
      values: sent,
      next: { ...row.before, ...sent },
      actorId: actor.id,
    });
    const values = computed ?? {};
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { values, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  const written: WrittenRow[] = [];
  for (const group of groups.values()) {
    const values = remove ? null : { ...sent, ...legacyCleared(definition, sent), ...group.values };
    if (values) await assertReferencesExist(tx, definition, values, actor.language);
    written.push(...(await writeRows(tx, definition, byIds(group.ids), values, change, actor)));
  }
  written.sort((a, b) => a.id - b.id);
  for (const row of written)
    await hooks.afterWrite?.({
      tx: plugin,
      definition,
      action: change.action,
      id: row.id,
      before: row.before,
      after: row.after,
      actorId: actor.id,
    });
  return written.map((row) => row.id);
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
    return writeWithHooks(tx, definition, rows, sent, change, actor, hooks, false);
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
  return writeWithHooks(tx, definition, rows, {}, HARD_DELETE, actor, hooks, true);
}
