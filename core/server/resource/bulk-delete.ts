import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database, Queryable } from '../database/database';
import { quoteTable, SqlParams } from '../database/sql';
import { ROW_ID } from '../http/ids';
import { columnRef } from './columns';
import { stillReferencedError, translated } from './database-errors';
import { listConditions } from './filters';
import { hasWriteHooks, hooksOf, type ResourceHooks } from './hooks';
import { referencedBy } from './integrity';
import { readListQuery } from './list-params';
import { changeRecordQuietlyIn, hardDeleteIn, SOFT_DELETE, type Actor } from './mutations';
import { snapshotJson } from './record-sql';
import { noteWrites } from './table-statistics';

/** Chosen rows, or every row the list parameters match ("select all N matching"). */
export type BulkSelection = { readonly ids: readonly number[] } | { readonly query: Readonly<Record<string, string>> };

export const MAX_BULK_IDS = 1000;

export const BULK_DELETE_BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: MAX_BULK_IDS, items: ROW_ID },
    query: { type: 'object', additionalProperties: { type: 'string', maxLength: 10_000 } },
  },
} as const;

const ALIAS = 'r';

/** Soft or hard, one statement for all rows and their audit entries: no row passes through the server. */
async function deleteAtOnce(
  tx: Queryable,
  definition: ResourceDefinition,
  where: string,
  params: SqlParams,
  actor: Actor,
): Promise<number> {
  const table = quoteTable(definition.table);
  const resource = params.bind(definition.id);
  const by = `${params.bind(actor.id)}::bigint`;
  const change = definition.softDelete
    ? `doomed AS (SELECT ${ALIAS}.id, ${snapshotJson(definition, ALIAS)} AS before FROM ${table} ${ALIAS} ${where} FOR UPDATE),
       changed AS (UPDATE ${table} AS ${ALIAS} SET deleted_at = now(), version = version + 1, updated_at = now(), updated_by = ${by}
                   FROM doomed WHERE ${ALIAS}.id = doomed.id
                   RETURNING ${ALIAS}.id, doomed.before, ${snapshotJson(definition, ALIAS)} AS after)`
    : `changed AS (DELETE FROM ${table} AS ${ALIAS} ${where} RETURNING ${ALIAS}.id, ${snapshotJson(definition, ALIAS)} AS before, NULL::jsonb AS after)`;
  const { rows } = await tx.query<{ deleted: number }>(
    `WITH ${change},
     audit AS (INSERT INTO core.audit_log (resource, record_id, action, actor_id, before, after)
               SELECT ${resource}::text, id, 'delete', ${by}, before, after FROM changed)
     SELECT count(*)::int AS deleted FROM changed`,
    params.values,
  );
  return rows[0]?.deleted ?? 0;
}

/** With hooks, each record goes through the single-record path, so the plugin sees every one. */
async function deleteOneByOne(
  tx: Queryable,
  definition: ResourceDefinition,
  where: string,
  params: SqlParams,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT ${ALIAS}.id::text AS id FROM ${quoteTable(definition.table)} ${ALIAS} ${where} ORDER BY ${ALIAS}.id FOR UPDATE`,
    params.values,
  );
  for (const row of rows) {
    const id = Number(row.id);
    if (definition.softDelete) await changeRecordQuietlyIn(tx, definition, id, SOFT_DELETE, actor, hooks);
    else await hardDeleteIn(tx, definition, id, actor, hooks);
  }
  return rows.length;
}

/**
 * Deletes the selection in one transaction, with one audit row per record. Hard deletes are
 * refused (409) as a whole while any other row points at one of them. Returns how many went.
 */
export async function bulkDelete(
  db: Database,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  selection: BulkSelection,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number> {
  const params = new SqlParams();
  const conditions =
    'ids' in selection
      ? [`${columnRef(ALIAS, 'id')} = ANY(${params.bind([...new Set(selection.ids)])}::bigint[])`]
      : listConditions(
          definition,
          readListQuery(definition, selection.query, actor.language, hooks.listScope),
          params,
          ALIAS,
        );
  if (definition.softDelete) conditions.push(`${columnRef(ALIAS, 'deleted_at')} IS NULL`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const deleted = await translated(definition, actor.language, () =>
    db.transaction(async (tx) => {
      const doomed = `SELECT ${ALIAS}.id FROM ${quoteTable(definition.table)} ${ALIAS} ${where}`;
      const pointing = definition.softDelete ? [] : await referencedBy(tx, definition, mounted, doomed, params.values);
      if (pointing.length > 0) throw stillReferencedError(pointing);
      return hasWriteHooks(hooks)
        ? deleteOneByOne(tx, definition, where, params, actor, hooks)
        : deleteAtOnce(tx, definition, where, params, actor);
    }),
  );
  noteWrites(db, definition, deleted);
  return deleted;
}
