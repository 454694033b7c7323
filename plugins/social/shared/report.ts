import { REPORT_LEVELS, type ReportLevel } from './resources';

/**
 * `GET /api/social/report?from=&to=&level=&group=&ad_account=&campaign=` (MA): insight rows summed
 * by the chosen grouping, with the rates computed from the sums as exact decimals, and totals.
 * `GET /api/social/report.csv` with the same query exports the same rows.
 */

export const REPORT_GROUPINGS = ['date', 'ad_account', 'campaign', 'adset', 'ad'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest period a report covers, in days (`from` and `to` included). */
export const MAX_REPORT_DAYS = 366;

/**
 * The groupings a level's rows can be summed by: the date, and the level's own records or those
 * above them (an adset row knows its ad account and campaign, an account row no campaign).
 */
export function groupingsAt(level: ReportLevel): readonly ReportGrouping[] {
  const records = REPORT_GROUPINGS.slice(1, 2 + REPORT_LEVELS.indexOf(level));
  return ['date', ...records];
}

export interface ReportQuery {
  readonly from: string;
  readonly to: string;
  readonly level: ReportLevel;
  readonly group: ReportGrouping;
  readonly ad_account?: number;
  readonly campaign?: number;
}

/**
 * Sums and rates of one group. Decimals are strings; the rates are exact quotients rounded half-up
 * to 2 decimals, and one whose divisor is zero is null (shown "—").
 */
export interface ReportFigures {
  readonly clicks: number;
  readonly views: number;
  readonly leads: number;
  /** In the ad account's currency; a group spanning currencies has none (null) and shows only USD. */
  readonly spent: string | null;
  readonly currency: string | null;
  /**
   * Σ spent × the USD rate of each row's date (finance's latest rate on or before it), rounded
   * half-up to cents, over the rows that have a rate (`unconverted` names the others); null when
   * no row has one or finance is disabled.
   */
  readonly spent_usd: string | null;
  /** The rows `spent_usd` leaves out for want of a rate, by currency (in code order); empty without finance. */
  readonly unconverted: readonly UnconvertedSpent[];
  /**
   * The currency CPC, CPM and CPL are in: the group's `currency`, or USD (from `spent_usd`) for a
   * group spanning currencies whose every row converted; null when neither is known, and then those rates are null too.
   */
  readonly rates_currency: string | null;
  /** spent / clicks */
  readonly cpc: string | null;
  /** spent / views × 1000 */
  readonly cpm: string | null;
  /** spent / leads */
  readonly cpl: string | null;
  /** clicks / views × 100: a percent with 2 decimals (`"2.50"` is 2.5 %) */
  readonly ctr: string | null;
}

/** Insight rows in one currency without a USD rate on or before their day, and what they spent. */
export interface UnconvertedSpent {
  readonly currency: string;
  readonly rows: number;
  /** Σ their spent in `currency`, every digit kept. */
  readonly spent: string;
}

export interface ReportRow extends ReportFigures {
  /** The group's key: a date `YYYY-MM-DD` or a record id. */
  readonly key: string;
  readonly label: string;
}

export interface SocialReport {
  readonly rows: readonly ReportRow[];
  readonly totals: ReportFigures;
  /** False when spent in USD cannot be given at all (the finance plugin is not enabled). */
  readonly usd_available: boolean;
}
