import { MOTIVATION_MONTH_PATTERN } from './motivation';
import type { DepartmentType } from './resources';

/**
 * The department views' wire types: `GET departments/{type}?month=YYYY-MM` and
 * `GET departments/summary?month=YYYY-MM`. Amounts are exact decimal strings in US dollars; a
 * department is every live division marked with its department type.
 */

/** A calendar month as the routes take and answer it: the motivation sheets' month. */
export const MONTH_PATTERN = new RegExp(MOTIVATION_MONTH_PATTERN);

/** This month in UTC: the routes' default, and the page's when its URL names none. */
export const currentMonth = (now: Date = new Date()): string => now.toISOString().slice(0, 7);

/** `month` moved by whole months (a month count holds no amount, so a plain integer is safe). */
export function shiftMonth(month: string, months: number): string {
  const count = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(count / 12)).padStart(4, '0')}-${String((count % 12) + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftMonth(last, index - count + 1));
}

/** How many months the trend covers, ending with the chosen one. */
export const TREND_MONTHS = 6;

/** The month's motivation sheet: approved, still a draft, or not computed yet. */
export const PAYROLL_STATUSES = ['approved', 'draft', 'none'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];

/** One department's figures for one month. */
export interface DepartmentFigures {
  /** `YYYY-MM`. */
  readonly month: string;
  /** Employees of the department's divisions employed on any day of the month. */
  readonly headcount: number;
  /** Σ total_usd of the month's motivation lines of those employees (0 when no sheet). */
  readonly payroll_usd: string;
  readonly payroll_status: PayrollStatus;
  /** Σ amount_usd of income-article transactions of the divisions, by date fact. */
  readonly income_usd: string;
  /** Σ amount_usd of expense-article transactions plus every transaction's commission_usd. */
  readonly spend_usd: string;
  /** income − spend − payroll. */
  readonly result_usd: string;
}

/** A change against the previous month: the difference, and it in percent of the previous value (null when that is 0). */
export interface FigureChange {
  readonly absolute: string;
  readonly percent: string | null;
}

export type ComparedFigure = 'headcount' | 'payroll_usd' | 'income_usd' | 'spend_usd' | 'result_usd';
export const COMPARED_FIGURES: readonly ComparedFigure[] = [
  'headcount',
  'payroll_usd',
  'income_usd',
  'spend_usd',
  'result_usd',
];

/** One article's part of the month: income articles bring income (their commissions are spend), expense articles spend. */
export interface ArticleBreakdownRow {
  readonly article_id: number;
  readonly name: string;
  readonly direction: 'income' | 'expense';
  readonly income_usd: string;
  readonly spend_usd: string;
}

/** One project's part of the month; `project_id` null gathers the transactions without a project. */
export interface ProjectBreakdownRow {
  readonly project_id: number | null;
  readonly name: string | null;
  readonly income_usd: string;
  readonly spend_usd: string;
  /** income − spend (payroll is not split by project). */
  readonly net_usd: string;
}

export interface DepartmentDivision {
  readonly id: number;
  readonly name: string;
}

/** `GET departments/{type}`. */
export interface DepartmentView {
  readonly type: DepartmentType;
  readonly month: string;
  readonly divisions: readonly DepartmentDivision[];
  readonly current: DepartmentFigures;
  readonly previous: DepartmentFigures;
  readonly change: Readonly<Record<ComparedFigure, FigureChange>>;
  /** TREND_MONTHS months, oldest first, ending with `month`. */
  readonly trend: readonly DepartmentFigures[];
  readonly by_article: readonly ArticleBreakdownRow[];
  readonly by_project: readonly ProjectBreakdownRow[];
}

/** One department's headline for the dashboard widgets. */
export interface DepartmentHeadline {
  readonly type: DepartmentType;
  /** The department has at least one division. */
  readonly has_divisions: boolean;
  readonly headcount: number;
  readonly result_usd: string;
  readonly previous_result_usd: string;
  readonly result_change: FigureChange;
}

/** `GET departments/summary`: the three departments, in DEPARTMENT_TYPES order. */
export interface DepartmentSummary {
  readonly month: string;
  readonly departments: readonly DepartmentHeadline[];
}
