import type { Sleep } from './sleep';
import { usagePercentOf } from './rate-limit-headers';

/**
 * Slowing down before the platform's limit, from the usage headers of every answer, successful
 * ones included. Meta's rate-limiting pages describe the headers' numbers as percentages of the
 * quota: `x-app-usage` "call_count: Whole number expressing the percentage of calls made by your
 * app over a rolling one hour period", "total_cputime: … percentage of CPU time allotted for query
 * processing", "total_time: … percentage of total time allotted for query processing";
 * `x-business-use-case-usage` the same three per business use case; `x-ad-account-usage`
 * "acc_id_util_pct: Percentage of calls made for this ad account before the rate limit is
 * reached". At 100 "any subsequent requests made by your app will fail" until the usage drops
 * (https://developers.facebook.com/docs/graph-api/overview/rate-limiting,
 * https://developers.facebook.com/docs/marketing-api/overview/rate-limiting). So the next call
 * waits a little once usage passes PACE_FROM_PERCENT and longer past HOLD_FROM_PERCENT, letting
 * the rolling window drain rather than running into the throttle.
 */

/** From here a call waits PACE_MS first: a quarter of the quota is left. */
const PACE_FROM_PERCENT = 75;
export const PACE_MS = 2_000;
/** From here a call waits HOLD_MS first: the quota is nearly spent. */
const HOLD_FROM_PERCENT = 90;
export const HOLD_MS = 20_000;

/** The wait before the next call after an answer reporting `percent` of the quota used. */
export function pacingMs(percent: number | null): number {
  if (percent === null || percent < PACE_FROM_PERCENT) return 0;
  return percent < HOLD_FROM_PERCENT ? PACE_MS : HOLD_MS;
}

/** One client's pacing: the latest answer's usage decides the wait before the next call. */
export class UsagePacer {
  private waitMs = 0;

  constructor(private readonly sleep: Sleep) {}

  /** Waits what the latest answer asked for, once. */
  async beforeCall(signal?: AbortSignal): Promise<void> {
    const ms = this.waitMs;
    this.waitMs = 0;
    if (ms > 0) await this.sleep(ms, signal);
  }

  noteAnswer(headers: Headers): void {
    this.waitMs = pacingMs(usagePercentOf(headers));
  }
}
