/**
 * Durable background jobs: the kernel's runner, handed to plugins as `context.jobs`.
 *
 * Jobs live in core.jobs (and their log lines in core.job_logs), so a job enqueued in a request's
 * transaction commits with the record it is about, and a job survives a restart. Each server runs
 * one JobRunner, which:
 *
 * - polls every `pollMs` (500 ms) for a due job of a kind defined on this server (an enqueue in
 *   this process wakes it at once) and claims one with a single statement,
 *   `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING …`: a queued job
 *   whose `run_at` has passed, or a running one whose lease expired (its server was killed);
 *   with N copies on one PostgreSQL each job is claimed by exactly one of them;
 * - holds the job by a lease (`locked_by`, `locked_until`) its heartbeat renews every third of
 *   `leaseMs`; every write of a run (step, log line, checkpoint, the outcome) is fenced by that
 *   lease and the attempt number, so a runner that lost the job changes nothing;
 * - gives the handler its payload, attempt, the checkpoint the last attempt saved (a job taken
 *   over or retried resumes from the step it reached) and an AbortSignal that fires on
 *   cancellation, on the kind's timeout, and when the server stops;
 * - retries a failed attempt after an exponential backoff with jitter, or after the wait a
 *   RetryLaterJobError names, up to the kind's `maxAttempts`; a PermanentJobError or the last
 *   attempt fails the job with its message; a timeout counts as a failed attempt;
 * - cancels a queued job at once; a running one gets its signal fired (at once on this server, at
 *   the next heartbeat on another) and is recorded cancelled when its handler gives up;
 * - holds no transaction while a handler runs (PGlite has one connection; a long transaction
 *   would stall every request) and runs `concurrency` (1) jobs at a time;
 * - on stop waits `stopGraceMs` for running handlers, then leaves their leases to expire;
 * - fires recurring schedules once per period across copies (schedules.ts), keeps at most one
 *   queued job per dedupe key and one running job per concurrency key (unique partial indexes
 *   decide between copies), and deletes old finished jobs daily (retention.ts);
 * - tells `onSettled` listeners of each job it records in its final state.
 *
 * Why not pg-boss or graphile-worker: both need a real PostgreSQL connection pool and
 * LISTEN/NOTIFY. The embedded default, PGlite, is one in-process connection; serving it over
 * pglite-socket would add a TCP port and a second client stack to every install. The few
 * statements below work the same on PGlite and PostgreSQL.
 *
 * Secrets: a payload may hold credentials, so it is never returned by the API nor logged. The
 * runner logs a job's kind, id and attempt (and the error's message, which the job's readers see
 * as well); handlers must keep secrets out of their log lines, step names and errors.
 */
import type { Database, Queryable } from '../database/database';
import { asKernel } from '../database/plugin-handle';
import { MessageTranslator } from '../http/message-translations';
import { logLineFor } from './log-lines';
import { JobRegistry } from './registry';
import { DEFAULT_RETENTION_DAYS, defineRetention } from './retention';
import { JobRunner, type JobRunnerOptions } from './runner';
import { cancelledJob, findJob, insertJob, listJobs, readLogs, requestCancel } from './store';
import type {
  EnqueueOptions,
  JobDefinition,
  JobInfo,
  JobKind,
  JobLogLine,
  Jobs,
  ScheduleDefinition,
  SettledJob,
} from './types';

export * from './types';
export { JobRegistry, backoffDelay } from './registry';
export { JobRunner, type JobRunnerOptions } from './runner';
export { CronError, nextCronTime, parseCron } from './cron';
export { RETENTION_KIND, deleteExpiredJobs } from './retention';
export { registerJobRoutes } from './routes';
export { JOB_MESSAGES_RU } from './messages-ru';

const ENGLISH_READER = { language: 'en', format: {} } as const;

/** How long a subject name may be (`system.domains:12`). */
export const MAX_SUBJECT_LENGTH = 200;
/** How long a dedupe or concurrency key may be. */
export const MAX_KEY_LENGTH = 200;

export interface JobSystemOptions extends JobRunnerOptions {
  /** Finished jobs older than this many days are deleted daily, except each subject's latest; 30. */
  readonly retentionDays?: number;
}

/** A server's jobs: the kinds defined, its runner, and `context.jobs` per plugin. */
export interface JobSystem {
  readonly registry: JobRegistry;
  readonly runner: JobRunner;
  /** The service without a plugin's prefix check (the kernel's own, and tests). */
  readonly jobs: Jobs;
  /** `context.jobs` for plugin `id`: it defines only kinds `<id>.<name>`. */
  forPlugin(id: string): Jobs;
  /** Told of each job this copy records in its final state (succeeded, failed or cancelled). */
  onSettled(listener: (job: SettledJob) => void): void;
}

function checkedEnqueue(kind: string, payload: unknown, options: EnqueueOptions): void {
  if (payload === undefined || JSON.stringify(payload) === undefined)
    throw new TypeError(`A job payload of "${kind}" must be a JSON value.`);
  const subject = options.subject ?? null;
  if (
    subject !== null &&
    (typeof subject !== 'string' || subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH)
  ) {
    throw new TypeError(`A job subject is text of 1 to ${MAX_SUBJECT_LENGTH} characters.`);
  }
  if (options.runAt !== undefined && Number.isNaN(options.runAt.getTime()))
    throw new TypeError('A job runAt must be a valid date.');
  for (const [name, key] of [
    ['dedupeKey', options.dedupeKey],
    ['concurrencyKey', options.concurrencyKey],
  ] as const) {
    if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)) {
      throw new TypeError(`A job ${name} is text of 1 to ${MAX_KEY_LENGTH} characters.`);
    }
  }
}

/**
 * One per server: every plugin's `context.jobs` shares the registry and the runner. `translator`
 * words the log lines `context.jobs.logs` reads (in English: a plugin's server code has no reader).
 */
export function createJobSystem(
  db: Database,
  options: JobSystemOptions = {},
  translator = new MessageTranslator([]),
): JobSystem {
  const registry = new JobRegistry();
  const runner = new JobRunner(db, registry, options);
  defineRetention(registry, db, options.retentionDays ?? DEFAULT_RETENTION_DAYS);

  // An enqueue inside a transaction is seen once that commits: wake now, and again a moment later.
  const nudge = (): void => {
    runner.wake();
    setTimeout(() => runner.wake(), 100).unref();
  };

  const enqueue = async (
    target: Queryable,
    kind: string,
    payload: unknown,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<number> => {
    const entry = registry.get(kind);
    if (!entry) throw new Error(`Job kind "${kind}" is not defined on this server.`);
    checkedEnqueue(kind, payload, enqueueOptions);
    const id = await insertJob(asKernel(target), {
      kind,
      payload,
      maxAttempts: entry.maxAttempts,
      timeoutMs: entry.timeoutMs,
      subject: enqueueOptions.subject ?? null,
      runAt: enqueueOptions.runAt ?? null,
      createdBy: enqueueOptions.createdBy ?? null,
      dedupeKey: enqueueOptions.dedupeKey ?? null,
      concurrencyKey: enqueueOptions.concurrencyKey ?? null,
    });
    nudge();
    return id;
  };

  const service = (plugin?: string): Jobs => ({
    define<Payload, Result>(definition: JobDefinition<Payload, Result>): JobKind<Payload> {
      const { kind } = registry.define(definition as unknown as JobDefinition<never, unknown>, plugin);
      return { kind, enqueue: (target, payload, enqueueOptions) => enqueue(target, kind, payload, enqueueOptions) };
    },
    enqueue,
    schedule<Payload>(definition: ScheduleDefinition<Payload>): void {
      registry.schedule(definition as ScheduleDefinition<unknown>, plugin);
    },
    async cancel(id: number): Promise<JobInfo | null> {
      const cancelled = await requestCancel(db, id);
      if (!cancelled) return null;
      if (cancelled.job.state === 'running') runner.cancelLocal(id);
      if (cancelled.cancelledNow) runner.announce(cancelledJob(cancelled.job));
      return registry.labelled(cancelled.job, 'en');
    },
    find: async (id: number) => {
      const job = await findJob(db, id);
      return job && registry.labelled(job, 'en');
    },
    logs: async (id: number, afterLogId = 0, limit = 100): Promise<JobLogLine[]> =>
      (await readLogs(db, id, afterLogId, Math.min(Math.max(1, limit), 1000))).map((line) =>
        logLineFor(line, translator, ENGLISH_READER),
      ),
    async ofSubject(subject: string, limit = 50): Promise<JobInfo[]> {
      const { jobs } = await listJobs(db, { subject, kinds: registry.names() }, Math.min(Math.max(1, limit), 1000));
      return jobs.map((job) => registry.labelled(job, 'en'));
    },
  });

  return {
    registry,
    runner,
    jobs: service(),
    forPlugin: (id) => service(id),
    onSettled: (listener) => runner.onSettled(listener),
  };
}
