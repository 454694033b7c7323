import type { MessageValues } from '@core/shared/format-message';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { JobInfo, JobLogLevel, JobLogLine } from '@core/shared/jobs';
import type { Queryable } from '../database/database';

export {
  JOB_STATES,
  type JobInfo,
  type JobKindInfo,
  type JobLogLevel,
  type JobLogLine,
  type JobLogPage,
  type JobScheduleInfo,
  type JobState,
} from '@core/shared/jobs';

/** How long a failed attempt waits before the next: `initialMs × factor^(attempt − 1)`, at most `maxMs`, plus up to 20 % jitter. */
export interface JobBackoff {
  /** The wait after the first failed attempt; 1 s by default. */
  readonly initialMs?: number;
  /** Growth per attempt; 2 by default. */
  readonly factor?: number;
  /** The longest wait; 5 minutes by default. */
  readonly maxMs?: number;
}

/** The job a handler runs, as it was enqueued. */
export interface JobRun {
  readonly id: number;
  readonly kind: string;
  readonly subject: string | null;
  readonly createdBy: number | null;
  readonly maxAttempts: number;
}

/**
 * A job log line as a message key and its values, worded for each reader when the log is read
 * (`{ key: 'Registered until {until:date}.', params: { until: '2026-11-29' } }` reads "Registered
 * until 11/29/26." in English and with 29.11.2026 in Russian). The key is the English template;
 * the plugin's `messages.ru` gives its Russian, as for its refusals. A `{name:kind}` placeholder
 * (date, dateTime, month, number, percent, money) is shown in the reader's forms; its value is
 * canonical: `2026-11-29`, an ISO instant, `2026-11`, `1234.5`, `12.5`, `12803.04 USD`.
 */
export interface JobLogMessage {
  readonly key: string;
  readonly params?: MessageValues;
}

/** What a handler works with while it runs. Every write is fenced: it fails once the job is no longer this run's. */
export interface JobContext<Payload = unknown> {
  readonly payload: Payload;
  /** This attempt's number, 1 for the first. */
  readonly attempt: number;
  /** Fires on cancellation, on the job's timeout, and when the server stops or loses the job's lease. */
  readonly signal: AbortSignal;
  /** Names the step the job is at, and optionally how far it is (an integer 0..100). */
  step(name: string, percent?: number): Promise<void>;
  /**
   * A line in the job's log, shown on its page in the reader's language: a message key and its
   * values (JobLogMessage). A plain string is shown as written, in every language. Never log
   * secrets (credentials, tokens, the payload's secret values).
   */
  log(message: JobLogMessage | string, level?: JobLogLevel): Promise<void>;
  /** The last value `saveCheckpoint` stored, in this attempt or an earlier one; null before any. */
  readonly checkpoint: unknown;
  /** Stores where the job got to (JSON), so a retry or a runner that takes the job over resumes from there. */
  saveCheckpoint(value: unknown): Promise<void>;
}

/** A name in both languages: `{ en: 'Proxy purchase', ru: 'Покупка прокси' }`. */
export interface JobLabel {
  readonly en: string;
  readonly ru: string;
}

/** A kind of job a plugin runs, given to `context.jobs.define`. */
export interface JobDefinition<Payload = unknown, Result = unknown> {
  /** `<plugin>.<name>`: lower-case letters, digits and dashes, the plugin's id first. */
  readonly kind: string;
  /** Who may read, cancel and retry jobs of this kind through /api/jobs. */
  readonly requires: PermissionRequirement;
  /** The kind's name on the Jobs screen and in notifications; a kind without one notifies nobody when it finishes. */
  readonly label?: JobLabel;
  /** The app path a finished job's notification opens (`/system/proxies/12`); null or absent: none. */
  link?(job: JobRun, result: Result | null): string | null;
  /** One attempt's limit: the signal fires and the attempt fails with a timeout. 5 minutes by default. */
  readonly timeoutMs?: number;
  /** Attempts before the job fails for good; 3 by default. */
  readonly maxAttempts?: number;
  readonly backoff?: JobBackoff;
  /**
   * Does the work; its resolved value (JSON, or undefined) is the job's result. Throwing fails the
   * attempt (retried after the backoff, or after the wait a RetryLaterJobError names;
   * PermanentJobError fails the job at once). The error's
   * message is shown to whoever may read the job: never put secrets in it.
   */
  run(job: JobRun, context: JobContext<Payload>): Promise<Result> | Result;
}

/** Where a new job goes. */
export interface EnqueueOptions {
  /** The record the job is about, `<plugin>.<resource>:<id>` by convention; up to 200 characters. */
  readonly subject?: string | null;
  /** Not before this time; now by default. */
  readonly runAt?: Date;
  /** The user who asked for it (`routes.actorOf(request).id`). */
  readonly createdBy?: number | null;
  /**
   * At most one queued job per key, across all copies: while a job with this key waits to run, an
   * enqueue with the same key adds nothing and returns that job's id. A job running does not
   * count (what it read may be stale, so a new one is queued).
   */
  readonly dedupeKey?: string;
  /** Jobs sharing this key run one at a time across all copies (others wait queued). */
  readonly concurrencyKey?: string;
}

/** A recurring job, given to `context.jobs.schedule` in `register`. */
export interface ScheduleDefinition<Payload = unknown> {
  /** `<plugin>.<name>`, like a kind. */
  readonly id: string;
  /** A kind this plugin defined: its JobKind, or the kind's name. */
  readonly kind: JobKind<Payload> | string;
  /** Each run's payload; null by default. */
  readonly payload?: Payload;
  /** A period in milliseconds (at least 1000), counted from 1970 so every copy agrees: 3_600_000 runs on the hour. */
  readonly every?: number;
  /** A 5-field cron expression in UTC (`30 3 * * *`); give `every` or `cron`, not both. */
  readonly cron?: string;
  /**
   * Periods missed while no copy ran: `once` (the default) runs one catch-up job at start-up for
   * all of them; `skip` waits for the next period (a run up to a minute late, or one period when
   * shorter, still counts as on time).
   */
  readonly missed?: ScheduleMissedPolicy;
  /** The schedule's name on the Jobs screen; the kind's label by default. */
  readonly label?: JobLabel;
}

export type ScheduleMissedPolicy = 'once' | 'skip';

/** A job that reached its final state, as `JobSystem.onSettled` tells it on the copy that recorded it. */
export interface SettledJob {
  readonly id: number;
  readonly kind: string;
  readonly state: 'succeeded' | 'failed' | 'cancelled';
  readonly subject: string | null;
  readonly createdBy: number | null;
  readonly error: string | null;
  /** The kind's label; null when it has none. */
  readonly label: JobLabel | null;
  /** The definition's `link` for this job and its result; null when it has none. */
  readonly link: string | null;
}

/** A defined kind, for enqueueing with its payload's type. */
export interface JobKind<Payload> {
  readonly kind: string;
  enqueue(db: Queryable, payload: Payload, options?: EnqueueOptions): Promise<number>;
}

/**
 * Background jobs (`context.jobs`): define a kind in `register`, enqueue inside your own
 * transaction (the record and its job commit together), read and cancel by id.
 */
export interface Jobs {
  /** Registers a handler; a kind defined twice, or outside the plugin's `<id>.` prefix, stops start-up. */
  define<Payload = unknown, Result = unknown>(definition: JobDefinition<Payload, Result>): JobKind<Payload>;
  /** Adds a job of a defined kind through `db` (pass your transaction); returns its id (the queued one's, for a dedupeKey already queued). */
  enqueue(db: Queryable, kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /**
   * Declares a recurring job in `register`: each period enqueues one job of `kind` across all
   * copies. A wrong id, kind, period or cron expression stops start-up.
   */
  schedule<Payload>(definition: ScheduleDefinition<Payload>): void;
  /** Cancels a queued job at once, or asks a running one to stop (its signal fires); null when there is no such job. */
  cancel(id: number): Promise<JobInfo | null>;
  find(id: number): Promise<JobInfo | null>;
  /** The job's log lines after the line `afterLogId` (0: from the first), oldest first, at most `limit` (100). */
  logs(id: number, afterLogId?: number, limit?: number): Promise<JobLogLine[]>;
  /** The jobs of a record (of the kinds defined on this server), newest first, at most `limit` (50). */
  ofSubject(subject: string, limit?: number): Promise<JobInfo[]>;
}

/** Fails the job at once, without the retries left. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * The longest wait a RetryLaterJobError sets before the next attempt: an hour. The wait comes from an
 * outside service, trusted only so far: a wrong or very long one (Telegram's flood control has named
 * hours) must not park a job for days where nobody looks at it. A job still held back after an hour
 * meets the wait again and spends another attempt, so it ends within its attempts.
 */
export const MAX_RETRY_LATER_MS = 60 * 60_000;

/**
 * Fails the attempt like any error (its message kept and shown, the attempt counted against the
 * kind's `maxAttempts`), but the next attempt runs after `afterMs` instead of the kind's backoff:
 * for an outside service that says how long to wait (a 429's Retry-After). The wait is held
 * between 0 and an hour (MAX_RETRY_LATER_MS, which says why); a wait that is not a number counts as 0.
 */
export class RetryLaterJobError extends Error {
  /** The wait before the next attempt, in whole milliseconds, from 0 to an hour. */
  readonly afterMs: number;

  constructor(message: string, options: ErrorOptions & { readonly afterMs: number }) {
    super(message, options);
    this.name = 'RetryLaterJobError';
    const asked = Number.isNaN(options.afterMs) ? 0 : options.afterMs;
    this.afterMs = Math.ceil(Math.min(MAX_RETRY_LATER_MS, Math.max(0, asked)));
  }
}

/** A handler's write after its run lost the job (cancelled, timed out, taken over by another runner). */
export class JobLeaseLostError extends Error {
  constructor() {
    super('The job is no longer held by this run (it finished, timed out, was cancelled or taken over).');
    this.name = 'JobLeaseLostError';
  }
}
