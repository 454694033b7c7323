import type { ListPage } from '@core/shared/envelopes';
import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { Language } from '@core/shared/runtime-config';
import type { Queryable } from '../database/database';
import { asKernel } from '../database/plugin-handle';
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
  /** The reader's language, which the record's reference labels are in (English when not given). */
  readonly language?: Language;
}

export async function findRecord(
  db: Queryable,
  definition: ResourceDefinition,
  id: number,
  options: FindOptions = {},
): Promise<ResourceRecord | null> {
  db = asKernel(db);
  const conditions = [`${columnRef(ALIAS, 'id')} = $1`];
  const hidden = options.withDeleted ? null : deletedCondition(definition, 'without', ALIAS);
  if (hidden) conditions.push(hidden);
  const { rows } = await db.query<{ record: ResourceRecord }>(
    `SELECT ${recordJson(definition, ALIAS, options.language)} AS record FROM ${quoteTable(definition.table)} ${ALIAS} ${whereClause(conditions)}${options.lock ? ` FOR UPDATE OF ${ALIAS}` : ''}`,
    [id],
  );
  return rows[0]?.record ?? null;
}

/**
 * A list counts its matching rows only this far past the start of the page asked for. Counting
 * reads every match (and, for a filter no index serves, every row), so an exact total of a long
 * list would cost more than its page; past the bound the total is reported as a lower bound.
 */
export const COUNT_AHEAD_ROWS = 10_000;

export async function listRecords(
  db: Queryable,
  definition: ResourceDefinition,
  query: ResourceListQuery,
): Promise<ListPage<ResourceRecord>> {
  db = asKernel(db);
  const table = quoteTable(definition.table);
  const params = new SqlParams();
  const where = whereClause(listConditions(definition, query, params, ALIAS));
  const offset = (query.page - 1) * query.perPage;
  const bound = offset + COUNT_AHEAD_ROWS;
  const countValues = [...params.values, bound];
  const order = orderBy(sortKey(definition, query.sort, ALIAS), ALIAS);
  const limit = params.bind(query.perPage);
  const skip = params.bind(offset);
  // The count and the page are independent: on a connection pool they run side by side.
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${table} ${ALIAS} ${where} LIMIT $${countValues.length}) counted`,
      countValues,
    ),
    // The page is chosen first and only its rows are turned into JSON (labels included).
    db.query<{ record: ResourceRecord }>(
      `SELECT ${recordJson(definition, ALIAS, query.language)} AS record
         FROM (SELECT * FROM ${table} ${ALIAS} ${where} ${order} LIMIT ${limit} OFFSET ${skip}) ${ALIAS}
       ${order}`,
      params.values,
    ),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: page.rows.map((row) => row.record),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
    per_page: query.perPage,
    total,
    total_exact: total < bound,
  };
}
