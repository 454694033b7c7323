/**
 * Background jobs as the kernel's /api/jobs gives them (core/server/jobs runs them): what a page
 * reads to follow a job's state, progress and log. Never a job's payload.
 */

/** Where a job stands. `queued` also covers a job waiting for its next attempt after a backoff. */
export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const JOB_STATES: readonly JobState[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

/** A job's log line level. */
export type JobLogLevel = 'info' | 'warn' | 'error';

/** A job as it stands: what `find`, the list of a subject and `GET /api/jobs/:id` give. Never its payload. */
export interface JobInfo {
  readonly id: number;
  readonly kind: string;
  readonly state: JobState;
  readonly subject: string | null;
  readonly attempts: number;
  readonly max_attempts: number;
  readonly step: string | null;
  readonly percent: number | null;
  readonly result: unknown;
  readonly error: string | null;
  readonly cancel_requested: boolean;
  readonly run_at: string;
  readonly created_by: number | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly finished_at: string | null;
}

/** One line of a job's log. */
export interface JobLogLine {
  readonly id: number;
  readonly at: string;
  readonly level: JobLogLevel;
  readonly message: string;
}

/** `GET /api/jobs/:id/logs?after=` → `{ data: JobLogPage }`. */
export interface JobLogPage {
  readonly lines: readonly JobLogLine[];
  /** Pass as `after` next time: the last line's id, or the `after` sent when no line came. */
  readonly next_after: number;
  readonly has_more: boolean;
  readonly state: JobState;
}

/** A job in one of these states changes no more: a page following it stops polling. */
export function isFinishedJob(state: JobState): boolean {
  return state !== 'queued' && state !== 'running';
}
