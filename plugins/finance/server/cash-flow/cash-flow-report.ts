import { addDecimals } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import {
  NO_KEY,
  type CashFlowDirection,
  type CashFlowFigures,
  type CashFlowMonth,
  type CashFlowQuery,
  type CashFlowReport,
  type CashFlowRow,
} from '../../shared/cash-flow';
import { walletBalances } from './wallet-balances';
import { addFigures, figures, totalsOf, ZERO_FIGURES } from './figures';
import { BASIS_DATES, GROUP_COLUMNS, selectionWhere } from './selection';

/** The tables rows are labelled from, by grouping. */
const GROUP_TABLES = {
  article: 'finance.articles',
  project: 'finance.projects',
  division: 'finance.divisions',
} as const;

interface SumRow {
  readonly month: string;
  readonly direction: 'income' | 'expense';
  readonly key: string | null;
  readonly label: string | null;
  readonly amount: string;
  readonly commission: string;
}

/** Σ amount_usd and Σ commission_usd per month, direction and row, placed by one basis's date. */
async function sums(db: Queryable, query: CashFlowQuery, basis: 'fact' | 'plan'): Promise<SumRow[]> {
  const params: unknown[] = [];
  const where = selectionWhere({ query, basis }, params);
  const column = GROUP_COLUMNS[query.group];
  const { rows } = await db.query<SumRow>(
    `SELECT to_char(t.${BASIS_DATES[basis]}, 'YYYY-MM') AS month, a.direction, t.${column}::text AS key, g.name AS label,
            trim_scale(sum(t.amount_usd))::text AS amount, trim_scale(sum(coalesce(t.commission_usd, 0)))::text AS commission
       FROM finance.transactions t
       JOIN finance.articles a ON a.id = t.article_id
       LEFT JOIN ${GROUP_TABLES[query.group]} g ON g.id = t.${column}
      WHERE ${where}
      GROUP BY 1, 2, 3, 4`,
    params,
  );
  return rows;
}

/** Planned in the period, paid after it, by direction. */
async function outstanding(db: Queryable, query: CashFlowQuery): Promise<CashFlowReport['outstanding']> {
  const params: unknown[] = [];
  const where = selectionWhere({ query, basis: 'outstanding' }, params);
  const { rows } = await db.query<{ direction: 'income' | 'expense'; amount: string }>(
    `SELECT a.direction, trim_scale(sum(t.amount_usd))::text AS amount
       FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id
      WHERE ${where} GROUP BY a.direction`,
    params,
  );
  const of = (direction: string) => rows.find((row) => row.direction === direction)?.amount ?? '0';
  return { income: of('income'), expense: of('expense') };
}

/** One figure per month and basis, summed into a row as the SQL rows come. */
class RowBuilder {
  readonly fact: string[];
  readonly plan: string[];
  constructor(
    readonly direction: CashFlowDirection,
    readonly key: string,
    readonly label: string | null,
    size: number,
  ) {
    this.fact = Array.from({ length: size }, () => '0');
    this.plan = Array.from({ length: size }, () => '0');
  }
  row(): CashFlowRow {
    const months = this.fact.map((fact, at) => figures(fact, this.plan[at] ?? '0'));
    return {
      direction: this.direction,
      key: this.key,
      label: this.label,
      months,
      total: months.reduce(addFigures, ZERO_FIGURES),
    };
  }
}

const byLabel = (a: CashFlowRow, b: CashFlowRow): number =>
  a.label === b.label
    ? a.key.localeCompare(b.key)
    : a.label === null
      ? 1
      : b.label === null
        ? -1
        : a.label.localeCompare(b.label);

/** The month totals of one direction's rows. */
function directionTotals(
  rows: readonly CashFlowRow[],
  direction: CashFlowDirection,
  months: number,
): CashFlowFigures[] {
  const mine = rows.filter((row) => row.direction === direction);
  return Array.from({ length: months }, (_, at) =>
    mine.reduce((sum, row) => addFigures(sum, row.months[at] ?? ZERO_FIGURES), ZERO_FIGURES),
  );
}

/** The whole report: the grid, its totals, the outstanding payments and the wallets' balances. */
export async function buildCashFlow(
  db: Queryable,
  query: CashFlowQuery,
  months: readonly CashFlowMonth[],
): Promise<CashFlowReport> {
  const index = new Map(months.map((month, at) => [month.month, at]));
  const builders = new Map<string, RowBuilder>();
  const commissions = new RowBuilder('commission', NO_KEY, null, months.length);
  const add = (list: string[], at: number, amount: string) => {
    list[at] = addDecimals(list[at] ?? '0', amount);
  };
  for (const basis of ['fact', 'plan'] as const) {
    for (const sum of await sums(db, query, basis)) {
      const at = index.get(sum.month);
      if (at === undefined) continue;
      const key = sum.key ?? NO_KEY;
      const id = `${sum.direction}:${key}`;
      const builder = builders.get(id) ?? new RowBuilder(sum.direction, key, sum.label, months.length);
      builders.set(id, builder);
      add(builder[basis], at, sum.amount);
      add(commissions[basis], at, sum.commission);
    }
  }
  const grouped = [...builders.values()].map((builder) => builder.row());
  const rows = [
    ...grouped.filter((row) => row.direction === 'income').sort(byLabel),
    ...grouped.filter((row) => row.direction === 'expense').sort(byLabel),
    commissions.row(),
  ];
  const income = directionTotals(rows, 'income', months.length);
  const expense = directionTotals(rows, 'expense', months.length);
  const commission = directionTotals(rows, 'commission', months.length);
  const monthTotals = months.map((_, at) =>
    totalsOf(income[at] ?? ZERO_FIGURES, expense[at] ?? ZERO_FIGURES, commission[at] ?? ZERO_FIGURES),
  );
  const sumOf = (list: readonly CashFlowFigures[]) => list.reduce(addFigures, ZERO_FIGURES);
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    months,
    rows,
    month_totals: monthTotals,
    totals: totalsOf(sumOf(income), sumOf(expense), sumOf(commission)),
    outstanding: await outstanding(db, query),
    balances: await walletBalances(db, query),
  };
}
