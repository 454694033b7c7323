import type { JobBackoff, JobContext, JobLogMessage } from '@core/sdk/server';
import { formatMessage } from '@core/sdk/shared';
import { WAITING_FOR_PLATFORM_STEP } from '../../shared/platform-jobs';
import type { Patience, RunProgress } from '../graph/graph-client';
import { GraphError } from '../graph/graph-error';
import { sleepFor, type Sleep } from '../graph/sleep';
import { STILL_LIMITED, WAITING_LOG } from './job-log';

/**
 * A sync job's steps, and its patience with the platform's rate limit: a call the platform
 * throttles is asked again after a wait (what the platform estimated, else a backoff doubling
 * from `initialMs`, never above `maxMs`), the job's step reading WAITING_FOR_PLATFORM_STEP and a
 * log line saying so meanwhile; after `maxWaits` waits for one call the attempt fails, and the
 * runner's own backoff tries the job again later.
 */

export interface PlatformWaits {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly maxWaits: number;
  /** Waits `ms` or until `signal` fires; tests stand a recording one in. */
  readonly sleep?: Sleep;
}

/** How a sync job waits on the platform within an attempt, and how the runner retries a failed attempt. */
export interface SyncJobSettings {
  readonly waits: PlatformWaits;
  readonly backoff: JobBackoff;
  readonly maxAttempts: number;
}

export const DEFAULT_PLATFORM_WAITS: PlatformWaits = { initialMs: 5_000, maxMs: 300_000, maxWaits: 6 };

/** How long the `wait`-th wait (0 first) lasts for a rate limit that estimated `retryAfterSeconds`. */
export function waitMs(waits: PlatformWaits, wait: number, retryAfterSeconds: number | null): number {
  const backoff = waits.initialMs * 2 ** wait;
  const told = retryAfterSeconds === null ? 0 : retryAfterSeconds * 1000;
  return Math.min(Math.max(backoff, told), waits.maxMs);
}

export class JobProgress {
  private current: { name: string; percent: number } = { name: '', percent: 0 };

  constructor(
    private readonly ctx: JobContext<unknown>,
    private readonly waits: PlatformWaits,
  ) {}

  async step(name: string, percent: number): Promise<void> {
    this.current = { name, percent };
    await this.ctx.step(name, percent);
  }

  /**
   * A step's share of the job's percent, from `from` to `to`, that a report run's own percent
   * moves through: the job panel's bar then rises while the platform works, and never goes back
   * (a range split in two reports each half from 0).
   */
  between(from: number, to: number): RunProgress {
    return async (runPercent) => {
      const percent = Math.round(from + ((to - from) * runPercent) / 100);
      if (percent <= this.current.percent) return;
      await this.step(this.current.name, percent);
    };
  }

  log(message: JobLogMessage, level: 'info' | 'warn' = 'info'): Promise<void> {
    return this.ctx.log(message, level);
  }

  readonly patience: Patience = async <T>(call: () => Promise<T>): Promise<T> => {
    for (let wait = 0; ; wait += 1) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof GraphError) || error.kind !== 'rate-limit') throw error;
        if (wait >= this.waits.maxWaits)
          throw new Error(formatMessage(STILL_LIMITED, { count: wait }), { cause: error });
        const ms = waitMs(this.waits, wait, error.retryAfterSeconds);
        await this.ctx.step(WAITING_FOR_PLATFORM_STEP, this.current.percent);
        await this.ctx.log({ key: WAITING_LOG, params: { seconds: Math.max(1, Math.ceil(ms / 1000)) } }, 'warn');
        await (this.waits.sleep ?? sleepFor)(ms, this.ctx.signal);
        await this.ctx.step(this.current.name, this.current.percent);
      }
    }
  };
}
