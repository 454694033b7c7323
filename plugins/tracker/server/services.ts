import { serviceRef, type Queryable } from '@core/sdk/server';

/*
 * The services the tracker plugin provides to other plugins. A plugin takes one by declaring it in
 * its `services` (`uses` when it works without the tracker) and importing this file: its manifest
 * must name the tracker among its dependencies or optional dependencies.
 */

/**
 * The advertising performance of a period, summed over every day from `from` to `to` (both
 * included): money as exact decimal text in US dollars (each statistics row converted at its day's
 * rate, a row with no rate left out), leads and sales as counts.
 */
export interface PerformanceTotals {
  readonly revenue: string;
  readonly spend: string;
  /** revenue − spend. */
  readonly profit: string;
  readonly leads: number;
  readonly sales: number;
}

/** The tracker's report totals. */
export interface PerformanceSource {
  /**
   * The totals over `from`..`to` (`YYYY-MM-DD`, both days included); a period with no data sums to
   * zeros. Read through the caller's `db` (its transaction, when it holds one), so a caller inside
   * a transaction neither waits on a second connection nor reads another snapshot.
   */
  totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals>;
}

/** `tracker.performance`: revenue, spend, profit, leads and sales over a period (finance's pay rules). */
export const PERFORMANCE = serviceRef<PerformanceSource>('tracker.performance');
