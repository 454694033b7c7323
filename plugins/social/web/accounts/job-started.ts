import type { JobStarted } from '../../shared/platform-jobs';

/** The job a sync's route answered with (`{ data: { job } }`, platform-jobs.ts), or null for any other answer. */
export function startedJob(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('job' in data)) return null;
  const { job } = data as JobStarted;
  return Number.isSafeInteger(job) && job > 0 ? job : null;
}
