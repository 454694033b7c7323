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
  /** The kind's name in the reader's language (English for server code); null when the kind has none. */
  readonly label: string | null;
  /** The username of `created_by`; null for a job nobody started (a schedule's). */
  readonly created_by_name: string | null;
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

/** `GET /api/jobs/kinds` → `{ data: JobKindInfo[] }`: the kinds of job the caller may read, for a filter. */
export interface JobKindInfo {
  readonly kind: string;
  /** The kind's name in the reader's language; null when it has none. */
  readonly label: string | null;
}

/** `GET /api/jobs/schedules` → `{ data: JobScheduleInfo[] }`: the recurring jobs, for holders of JS. */
export interface JobScheduleInfo {
  /** `<plugin>.<name>`, `core.<name>` for the kernel's own. */
  readonly id: string;
  readonly kind: string;
  /** The schedule's name in the reader's language (the kind's by default); its id when it has none. */
  readonly label: string;
  readonly every_ms: number | null;
  /** A 5-field cron expression in UTC. */
  readonly cron: string | null;
  /** Periods missed while no copy ran: one catch-up run, or none. */
  readonly missed: 'once' | 'skip';
  readonly next_run_at: string;
  readonly last_run_at: string | null;
  readonly last_job: { readonly id: number; readonly state: JobState } | null;
  /** How late it is now when overdue, else how late its last run fired; 0 before any. */
  readonly lag_ms: number;
  /** False for a schedule this server no longer declares (its plugin is off, or it was removed): it does not fire here. */
  readonly declared: boolean;
}
