import {
  NO_KEY,
  type CashFlowBasis,
  type CashFlowDirection,
  type CashFlowGroup,
  type CashFlowMonth,
  type CashFlowQuery,
} from '../../shared/cash-flow';

/*
 * The one WHERE clause every cash flow figure and its drill-down are read with, over
 * `finance.transactions t JOIN finance.articles a`: the report groups what it selects, the
 * drill-down lists it, so a cell and its transactions can never disagree.
 */

/** The transactions' column a grouping splits rows by. */
export const GROUP_COLUMNS: Readonly<Record<CashFlowGroup, 'article_id' | 'project_id' | 'division_id'>> = {
  article: 'article_id',
  project: 'project_id',
  division: 'division_id',
};

/** The date a basis places a transaction by: paid, or planned (outstanding is planned, paid after the period). */
export const BASIS_DATES: Readonly<Record<CashFlowBasis, 'date_fact' | 'date_plan'>> = {
  fact: 'date_fact',
  plan: 'date_plan',
  outstanding: 'date_plan',
};

const FILTERS = ['wallet_id', 'project_id', 'division_id', 'article_id'] as const;

export interface Selection {
  readonly query: CashFlowQuery;
  readonly basis: CashFlowBasis;
  /** One month of the period; the whole period without it. */
  readonly month?: CashFlowMonth;
  /** Income or expense by the article's direction; commissions are the transactions that paid one. */
  readonly direction?: CashFlowDirection;
  /** A row of the grouping: an id, or NO_KEY for transactions without the grouped field. */
  readonly key?: string;
}

/** The condition (no `WHERE`), its values appended to `params` as `$n`. */
export function selectionWhere(selection: Selection, params: unknown[]): string {
  const { query, basis, month, direction, key } = selection;
  const value = (item: unknown): string => {
    params.push(item);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  for (const filter of FILTERS) {
    const id = query[filter];
    if (id !== undefined) clauses.push(`t.${filter} = ${value(id)}`);
  }
  clauses.push(
    `t.${BASIS_DATES[basis]} BETWEEN ${value(month?.from ?? query.from)}::date AND ${value(month?.to ?? query.to)}::date`,
  );
  if (basis === 'outstanding') clauses.push(`t.date_fact > ${value(query.to)}::date`);
  if (direction === 'commission') clauses.push('coalesce(t.commission_usd, 0) <> 0');
  else if (direction !== undefined) clauses.push(`a.direction = ${value(direction)}`);
  if (key !== undefined) {
    const column = `t.${GROUP_COLUMNS[query.group]}`;
    clauses.push(key === NO_KEY ? `${column} IS NULL` : `${column} = ${value(key)}::bigint`);
  }
  return clauses.join(' AND ');
}
