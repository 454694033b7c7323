import type { ListPage } from '@core/shared/envelopes';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { Queryable } from '../database/database';
import { quoteTable, SqlParams, whereClause } from '../database/sql';
import { columnRef } from './columns';
import { deletedCondition, listConditions } from './filters';
import type { ResourceListQuery } from './list-params';
import { orderBy, sortKey } from './ordering';
import { recordJson } from './record-sql';

/** Reading records: one by id, or a page of a list with its total. */

const ALIAS = 'r';

export interface FindOptions {
  /** Soft-deleted records are not found unless asked for. */
  readonly withDeleted?: boolean;
  /** Locks the row until the transaction `db` is ends (a row action reading what it will change). */
  readonly lock?: boolean;
}

export async function findRecord(db: Queryable, definition: ResourceDefinition, id: number, options: FindOptions = {}): Promise<ResourceRecord | null> {
  const conditions = [`${columnRef(ALIAS, 'id')} = $1`];
  const hidden = options.withDeleted ? null : deletedCondition(definition, 'without', ALIAS);
  if (hidden) conditions.push(hidden);
  const { rows } = await db.query<{ record: ResourceRecord }>(
    `SELECT ${recordJson(definition, ALIAS)} AS record FROM ${quoteTable(definition.table)} ${ALIAS} ${whereClause(conditions)}${options.lock ? ` FOR UPDATE OF ${ALIAS}` : ''}`,
    [id],
  );
  return rows[0]?.record ?? null;
}

export async function listRecords(db: Queryable, definition: ResourceDefinition, query: ResourceListQuery): Promise<ListPage<ResourceRecord>> {
  const table = quoteTable(definition.table);
  const params = new SqlParams();
  const where = whereClause(listConditions(definition, query, params, ALIAS));
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table} ${ALIAS} ${where}`, params.values);
  const total = count.rows[0]?.total ?? 0;
  const order = orderBy(sortKey(definition, query.sort, ALIAS), ALIAS);
  const limit = params.bind(query.perPage);
  const offset = params.bind((query.page - 1) * query.perPage);
  // The page is chosen first and only its rows are turned into JSON (labels included).
  const { rows } = await db.query<{ record: ResourceRecord }>(
    `SELECT ${recordJson(definition, ALIAS)} AS record
       FROM (SELECT * FROM ${table} ${ALIAS} ${where} ${order} LIMIT ${limit} OFFSET ${offset}) ${ALIAS}
     ${order}`,
    params.values,
  );
  return {
    data: rows.map((row) => row.record),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
    per_page: query.perPage,
    total,
  };
}
