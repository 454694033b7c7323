import type { ReportLevel } from './resources';

/**
 * `GET /api/social/report?from=&to=&level=&group=&ad_account=&campaign=` (MA): insight rows summed
 * by the chosen grouping, with the rates computed from the sums as exact decimals, and totals.
 * `GET /api/social/report.csv` with the same query exports the same rows.
 */

export const REPORT_GROUPINGS = ['date', 'ad_account', 'campaign', 'adset', 'ad'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export interface ReportQuery {
  readonly from: string;
  readonly to: string;
  readonly level: ReportLevel;
  readonly group: ReportGrouping;
  readonly ad_account?: number;
  readonly campaign?: number;
}

/** Sums and rates of one group. Decimals are strings; a rate whose divisor is zero is null (shown "—"). */
export interface ReportFigures {
  readonly clicks: number;
  readonly views: number;
  readonly leads: number;
  /** In the ad account's currency; a group spanning currencies has none (null) and shows only USD. */
  readonly spent: string | null;
  readonly currency: string | null;
  /** Null when no USD rate is known: finance is disabled, or it has no rate of that date. */
  readonly spent_usd: string | null;
  /** spent / clicks */
  readonly cpc: string | null;
  /** spent / views × 1000 */
  readonly cpm: string | null;
  /** spent / leads */
  readonly cpl: string | null;
  /** clicks / views, as a percent */
  readonly ctr: string | null;
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
