import type { Queryable } from '../database/database';
import { ProviderSlot, type Providable } from '../provided-service';

/**
 * The advertising performance of a period, summed over every day from `from` to `to` (both
 * included): money as exact decimal text in US dollars (the tracker converts each statistics row
 * at its day's rate and leaves out a row it has no rate for), leads and sales as counts.
 */
export interface PerformanceTotals {
  readonly revenue: string;
  readonly spend: string;
  /** revenue − spend. */
  readonly profit: string;
  readonly leads: number;
  readonly sales: number;
}

/** Where the performance comes from: the plugin that keeps the traffic report (the tracker, from its statistics). */
export interface PerformanceSource {
  /**
   * The totals over `from`..`to` (`YYYY-MM-DD`, both days included); a period with no data sums to
   * zeros. Read through the caller's `db` (its transaction, when it holds one), so a caller inside
   * a transaction neither waits on a second connection nor reads another snapshot.
   */
  totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals>;
}

/**
 * Advertising performance every plugin reads (`context.performance`), through the source one
 * plugin provides (the tracker). While none does (the tracker is off) `available` is false and
 * `totals` answers null, so a caller says the figure is unavailable rather than failing or
 * counting it as zero.
 */
export interface PerformanceService extends Providable<PerformanceSource> {
  totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals | null>;
}

class Performance extends ProviderSlot<PerformanceSource> implements PerformanceService {
  constructor() {
    super('The performance source', () => new Error('No performance source is provided.'));
  }

  async totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals | null> {
    return this.available ? this.provider().totals(db, from, to) : null;
  }
}

export function createPerformanceService(): PerformanceService {
  return new Performance();
}
