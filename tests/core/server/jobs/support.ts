import { createJobSystem, type JobRunnerOptions, type JobSystem, type JobSystemOptions } from '@core/server/jobs';
import type { Database } from '@core/server/database/database';

/** Test timing: quick polls and short leases, so takeovers and retries happen within a second. */
export const QUICK: JobRunnerOptions = { pollMs: 25, leaseMs: 300, abortGraceMs: 300, stopGraceMs: 300 };

/** A job system (one "server copy") on `db`; stopped by `stopAll`. */
export function jobSystem(db: Database, started: JobSystem[], options: JobSystemOptions = {}): JobSystem {
  const system = createJobSystem(db, { ...QUICK, ...options });
  started.push(system);
  return system;
}

export async function stopAll(started: JobSystem[]): Promise<void> {
  await Promise.all(started.splice(0).map((system) => system.runner.stop(0)));
}

/** Waits until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** A promise and its resolver, to hold a handler at a point of a test's choosing. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Resolves when `signal` fires, rejecting with its reason: a handler that waits to be stopped. */
export function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
