import type { FilterClause } from '@core/sdk/shared';

/*
 * The cash flow report's wire shapes (`GET cash-flow`, `GET cash-flow/transactions`,
 * `GET cash-flow.csv`). Every figure is an exact decimal string in US dollars.
 */

/** The dimension rows are split by, under each direction. */
export const CASH_FLOW_GROUPS = ['article', 'project', 'division'] as const;
export type CashFlowGroup = (typeof CASH_FLOW_GROUPS)[number];

/** Which date places a transaction in a month: paid (date_fact), planned (date_plan), or planned in the period but paid after it. */
export const CASH_FLOW_BASES = ['fact', 'plan', 'outstanding'] as const;
export type CashFlowBasis = (typeof CASH_FLOW_BASES)[number];

/** Money in, money out (both by the article's direction), and the commissions every transaction pays. */
export const CASH_FLOW_DIRECTIONS = ['income', 'expense', 'commission'] as const;
export type CashFlowDirection = (typeof CASH_FLOW_DIRECTIONS)[number];

/** The row key of transactions without the grouped field (no project, no division). */
export const NO_KEY = 'none';

/** A period spans at most this many days (a year, leap day included). */
export const CASH_FLOW_MAX_DAYS = 366;

/** The report's filters: the period, the grouping, and optionally one wallet, project, division, article. */
export interface CashFlowQuery {
  readonly from: string;
  readonly to: string;
  readonly group: CashFlowGroup;
  readonly wallet_id?: number;
  readonly project_id?: number;
  readonly division_id?: number;
  readonly article_id?: number;
}

/** The transactions behind one figure: a cell (with `month`) or a row's total (without). */
export interface CashFlowCellQuery extends CashFlowQuery {
  readonly basis: CashFlowBasis;
  readonly direction: CashFlowDirection;
  /** `YYYY-MM`, one of the report's months. */
  readonly month?: string;
  /** A row: the grouped field's id or NO_KEY; without it, the whole direction. Commissions have no rows but their own. */
  readonly key?: string;
  readonly page?: number;
  readonly per_page?: number;
}

/** Paid, planned, and paid − planned. */
export interface CashFlowFigures {
  readonly fact: string;
  readonly plan: string;
  readonly difference: string;
}

/** A calendar month the period touches; the first and last are cut to the period. */
export interface CashFlowMonth {
  /** `YYYY-MM` */
  readonly month: string;
  readonly from: string;
  readonly to: string;
}

export interface CashFlowRow {
  readonly direction: CashFlowDirection;
  /** The grouped field's id, or NO_KEY; the commissions row's key is NO_KEY too. */
  readonly key: string;
  /** The record's name; null for NO_KEY (and for commissions, named by the screen). */
  readonly label: string | null;
  /** One per month, in the report's order. */
  readonly months: readonly CashFlowFigures[];
  readonly total: CashFlowFigures;
}

/** Income, expense, commissions, and net = income − expense − commissions. */
export interface CashFlowTotals {
  readonly income: CashFlowFigures;
  readonly expense: CashFlowFigures;
  readonly commission: CashFlowFigures;
  readonly net: CashFlowFigures;
}

export interface WalletBalance {
  readonly wallet_id: number;
  readonly name: string;
  readonly currency: string;
  /** In the wallet's currency, as of the day before the period / its last day. */
  readonly opening: string;
  readonly closing: string;
  /** In dollars at that day's rate; null when the currency has no rate on or before the day. */
  readonly opening_usd: string | null;
  readonly closing_usd: string | null;
}

export interface CashFlowBalances {
  /** The day the opening balance is taken at (the day before the period) and the closing one (its last day). */
  readonly opening_date: string;
  readonly closing_date: string;
  readonly wallets: readonly WalletBalance[];
  /** Σ of the wallets' dollar balances that have a rate. */
  readonly opening_usd: string;
  readonly closing_usd: string;
  /** Some wallet had no rate: the dollar totals leave it out. */
  readonly missing_rates: boolean;
}

export interface CashFlowReport {
  readonly from: string;
  readonly to: string;
  readonly group: CashFlowGroup;
  readonly months: readonly CashFlowMonth[];
  /** Income rows, then expense rows (each by label), then the commissions row. */
  readonly rows: readonly CashFlowRow[];
  /** One per month. */
  readonly month_totals: readonly CashFlowTotals[];
  readonly totals: CashFlowTotals;
  /** Planned in the period (date_plan) but paid after its end (date_fact): due and unpaid at the end. */
  readonly outstanding: { readonly income: string; readonly expense: string };
  readonly balances: CashFlowBalances;
}

/** One transaction behind a figure. */
export interface CashFlowTransaction {
  readonly id: number;
  readonly date_fact: string;
  readonly date_plan: string | null;
  readonly wallet_id: number;
  readonly wallet: string;
  readonly article_id: number;
  readonly article: string;
  readonly amount: string;
  readonly currency: string;
  /** What the figure sums: amount_usd, or commission_usd for commissions. */
  readonly usd: string;
  readonly comment: string | null;
}

export interface CashFlowCellAnswer {
  readonly data: readonly CashFlowTransaction[];
  readonly current_page: number;
  readonly last_page: number;
  readonly per_page: number;
  readonly total: number;
  /** Σ usd of every transaction behind the figure (all pages): the figure itself. */
  readonly sum: string;
  /** The transactions list's filters picking the same transactions, or null when its filters cannot say it. */
  readonly list_filters: readonly FilterClause[] | null;
}
