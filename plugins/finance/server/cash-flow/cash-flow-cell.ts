import type { FilterClause } from '@core/sdk/shared';
import { listPage, pageOffset, type Queryable } from '@core/sdk/server';
import {
  NO_KEY,
  type CashFlowCellAnswer,
  type CashFlowCellQuery,
  type CashFlowMonth,
  type CashFlowTransaction,
} from '../../shared/cash-flow';
import { BASIS_DATES, GROUP_COLUMNS, selectionWhere, type Selection } from './selection';
import { shiftDay } from './period';

const DEFAULT_PER_PAGE = 20;

/** What the figure sums per transaction: the amount, or for commissions the commission. */
const usdColumn = (selection: Selection): string =>
  selection.direction === 'commission' ? 'coalesce(t.commission_usd, 0)' : 't.amount_usd';

/**
 * The transactions behind one figure (`GET cash-flow/transactions`): a page of them by date, how
 * many and their sum (the figure), read with the report's own WHERE.
 */
export async function cellTransactions(
  db: Queryable,
  query: CashFlowCellQuery,
  month: CashFlowMonth | undefined,
): Promise<CashFlowCellAnswer> {
  const selection: Selection = {
    query,
    basis: query.basis,
    direction: query.direction,
    ...(month ? { month } : {}),
    ...(query.key === undefined ? {} : { key: query.key }),
  };
  const paging = { page: query.page ?? 1, per_page: query.per_page ?? DEFAULT_PER_PAGE };
  const from = `FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id JOIN finance.wallets w ON w.id = t.wallet_id`;
  const totalParams: unknown[] = [];
  const totalWhere = selectionWhere(selection, totalParams);
  const { rows: totals } = await db.query<{ total: number; sum: string }>(
    `SELECT count(*)::int AS total, trim_scale(coalesce(sum(${usdColumn(selection)}), 0))::text AS sum ${from} WHERE ${totalWhere}`,
    totalParams,
  );
  const params: unknown[] = [];
  const where = selectionWhere(selection, params);
  const date = BASIS_DATES[query.basis];
  const { rows } = await db.query<CashFlowTransaction>(
    `SELECT t.id::int AS id, to_char(t.date_fact, 'YYYY-MM-DD') AS date_fact, to_char(t.date_plan, 'YYYY-MM-DD') AS date_plan,
            t.wallet_id::int AS wallet_id, w.name AS wallet, t.article_id::int AS article_id, a.name AS article,
            trim_scale(t.amount)::text AS amount, w.currency, trim_scale(${usdColumn(selection)})::text AS usd, t.comment
       ${from} WHERE ${where}
      ORDER BY t.${date}, t.id LIMIT ${paging.per_page} OFFSET ${pageOffset(paging)}`,
    params,
  );
  const { total = 0, sum = '0' } = totals[0] ?? {};
  return { ...listPage(rows, total, paging), sum, list_filters: await listFilters(db, selection) };
}

/**
 * The transactions list's filters for the same transactions, or null where they cannot say it:
 * "without a project" (the list has no empty-value operator). The direction becomes the articles
 * of that direction, since the list filters transactions by article, not by direction.
 */
async function listFilters(db: Queryable, selection: Selection): Promise<FilterClause[] | null> {
  const { query, basis, month, direction, key } = selection;
  if (key === NO_KEY) return null;
  const clauses: FilterClause[] = [];
  const date = BASIS_DATES[basis];
  clauses.push(
    { field: date, op: 'gte', value: month?.from ?? query.from },
    { field: date, op: 'lte', value: month?.to ?? query.to },
  );
  if (basis === 'outstanding') clauses.push({ field: 'date_fact', op: 'gte', value: shiftDay(query.to, 1) });
  for (const field of ['wallet_id', 'project_id', 'division_id'] as const) {
    const id = query[field];
    if (id !== undefined) clauses.push({ field, op: 'eq', value: String(id) });
  }
  if (key !== undefined && query.group !== 'article')
    clauses.push({ field: GROUP_COLUMNS[query.group], op: 'eq', value: key });
  if (direction === 'commission') {
    clauses.push({ field: 'commission_usd', op: 'gte', value: '0.00000001' });
    if (query.article_id !== undefined)
      clauses.push({ field: 'article_id', op: 'eq', value: String(query.article_id) });
    return clauses;
  }
  // The articles the figure may hold: of its direction, narrowed by the article filter and an article row.
  const chosen = [query.article_id, query.group === 'article' && key !== undefined ? Number(key) : undefined].filter(
    (id) => id !== undefined,
  );
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM finance.articles WHERE direction = $1 AND id = ALL($2::bigint[]) ORDER BY id`,
    [direction, chosen],
  );
  if (rows.length === 0) return null;
  const ids = rows.map((row) => row.id);
  clauses.push(
    ids.length === 1
      ? { field: 'article_id', op: 'eq', value: ids[0] ?? '' }
      : { field: 'article_id', op: 'in', value: ids },
  );
  return clauses;
}
