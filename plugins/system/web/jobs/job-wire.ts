/**
 * The kernel's /api/jobs as the pages read it (core/server/jobs/routes.ts): a job's state and
 * progress, and its log in pages after a line id. Only what the pages use is typed here; the SDK's
 * shared part does not carry these shapes yet.
 */

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** `GET /api/jobs/:id` → `{ data: JobInfo }`. */
export interface JobInfo {
  readonly id: number;
  readonly kind: string;
  readonly state: JobState;
  readonly subject: string | null;
  readonly attempts: number;
  readonly max_attempts: number;
  /** The step the job last reported (its name as the handler gave it), null before the first. */
  readonly step: string | null;
  readonly percent: number | null;
  /** The handler's return value once the job succeeded (JSON of the kind's own shape). */
  readonly result: unknown;
  readonly error: string | null;
}

export interface JobLogLine {
  readonly id: number;
  readonly at: string;
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

/** `GET /api/jobs/:id/logs?after=` → `{ data: JobLogPage }`. */
export interface JobLogPage {
  readonly lines: readonly JobLogLine[];
  /** Pass as `after` next time: the last line's id, or the `after` sent when no line came. */
  readonly next_after: number;
  readonly has_more: boolean;
}

/** A job in one of these states changes no more: polling stops. */
export function isFinished(state: JobState): boolean {
  return state !== 'queued' && state !== 'running';
}
