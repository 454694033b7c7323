import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../database/database';
import { formatMessage } from '@core/shared/format-message';
import { logLineToStore } from './log-lines';
import {
  JOB_CANCELLED,
  JOB_DID_NOT_FINISH,
  JOB_FAILED,
  JOB_TAKEN_OVER,
  JOB_TIMED_OUT,
  RESULT_NOT_JSON,
  SERVER_STOPPING,
} from './messages-ru';
import { backoffDelay, type JobRegistry, type KindEntry } from './registry';
import { advanceSchedule, databaseNow, dueSchedules, recordScheduledJob, upsertSchedule } from './schedule-store';
import { firingOf, scheduleDedupeKey, scheduleSubject, type ScheduleEntry } from './schedules';
import {
  appendLog,
  claimJob,
  finishAttempt,
  insertJob,
  releaseClaim,
  renewLease,
  settleAbandoned,
  writeCheckpoint,
  writeStep,
  type AttemptEnd,
  type ClaimedJob,
  type FinalJob,
  type Lease,
  type NewJob,
} from './store';
import {
  JobLeaseLostError,
  PermanentJobError,
  RetryLaterJobError,
  type JobContext,
  type JobLogLevel,
  type SettledJob,
} from './types';

/** Where the runner reports what it does: kind, id and attempt, never a payload. Fastify's logger fits. */
export interface JobLogger {
  info(bindings: object, message: string): void;
  warn(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}

const SILENT: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs; 500 ms. An enqueue in this process wakes it at once. */
  readonly pollMs?: number;
  /** How long a claim holds a job without a heartbeat; 30 s. The heartbeat renews it every third of that. */
  readonly leaseMs?: number;
  /** Jobs this runner runs at once; 1. */
  readonly concurrency?: number;
  /** How long `stop` waits for running handlers before leaving their leases to expire; 10 s. */
  readonly stopGraceMs?: number;
  /** How long a handler may take to give up once its signal fired (cancel, timeout) before the attempt is recorded without it; 5 s. */
  readonly abortGraceMs?: number;
  /** This runner's name in `locked_by`; host, process and a random part by default. */
  readonly runnerId?: string;
  readonly logger?: JobLogger;
}

/** Why a run's signal fired. */
type AbortCause = 'cancelled' | 'timeout' | 'lease-lost' | 'shutdown';

interface Active {
  readonly job: ClaimedJob;
  readonly lease: Lease;
  readonly controller: AbortController;
  cause: AbortCause | null;
  /** The run has ended for the runner (recorded or left): the handler's later writes are refused. */
  over: boolean;
  readonly done: Promise<void>;
}

const delay = (ms: number): Promise<'elapsed'> =>
  new Promise((resolve) => setTimeout(() => resolve('elapsed'), ms).unref());

/** An error's message for the job's record; a thrown non-error becomes its text. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text === '' ? JOB_FAILED : text).slice(0, 4000);
}

function percentOf(percent: number | undefined): number | null {
  if (percent === undefined) return null;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError('A job step percent is an integer from 0 to 100.');
  return percent;
}

/**
 * Claims due jobs of the kinds defined here and runs their handlers; see index.ts for the design.
 * One per server (several in tests, to play several server copies on one database).
 */
export class JobRunner {
  readonly id: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly stopGraceMs: number;
  private readonly abortGraceMs: number;
  private readonly logger: JobLogger;
  private readonly active = new Map<number, Active>();
  private started = false;
  private stopping = false;
  private polling = false;
  private pollAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private pollDone: Promise<void> = Promise.resolve();
  private lastSweep = 0;
  /** The declared schedules whose rows this runner has written. */
  private readonly synced = new Set<string>();
  private readonly settledListeners: ((job: SettledJob) => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly registry: JobRegistry,
    options: JobRunnerOptions = {},
  ) {
    this.id = options.runnerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.concurrency = options.concurrency ?? 1;
    this.stopGraceMs = options.stopGraceMs ?? 10_000;
    this.abortGraceMs = options.abortGraceMs ?? 5_000;
    this.logger = options.logger ?? SILENT;
    if (!(this.concurrency >= 1 && Number.isInteger(this.concurrency)))
      throw new Error('Job runner concurrency must be a positive integer.');
    if (!(this.leaseMs >= 30)) throw new Error('A job lease must be at least 30 ms.');
    registry.onDefine(() => this.wake());
  }

  /** Starts polling (idle until a kind is defined). */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.wake();
  }

  /** The number of handlers running now. */
  get running(): number {
    return this.active.size;
  }

  /** Told of each job this copy records in its final state (a run's end, an abandoned lease, a queued job cancelled). */
  onSettled(listener: (job: SettledJob) => void): void {
    this.settledListeners.push(listener);
  }

  /** Tells the settled listeners; a listener's failure is logged, never the job's. */
  announce(job: FinalJob): void {
    const entry = this.registry.get(job.kind);
    const run = {
      id: job.id,
      kind: job.kind,
      subject: job.subject,
      createdBy: job.createdBy,
      maxAttempts: entry?.maxAttempts ?? 1,
    };
    let link: string | null = null;
    try {
      link = entry?.link(run, job.result) ?? null;
    } catch (error) {
      this.logger.warn({ jobId: job.id, kind: job.kind, reason: messageOf(error) }, 'job link failed');
    }
    const settled: SettledJob = {
      id: job.id,
      kind: job.kind,
      state: job.state,
      subject: job.subject,
      createdBy: job.createdBy,
      error: job.error,
      label: entry?.label ?? null,
      link,
    };
    for (const listener of this.settledListeners) {
      try {
        listener(settled);
      } catch (error) {
        this.logger.warn({ jobId: job.id, kind: job.kind, reason: messageOf(error) }, 'job settled listener failed');
      }
    }
  }

  /** Looks for due jobs now (an enqueue in this process, a job finished). */
  wake(): void {
    this.schedule(0);
  }

  /** Aborts the run of job `id` here, if this runner runs it; the runner then records it cancelled. */
  cancelLocal(id: number): boolean {
    const run = this.active.get(id);
    if (!run || run.over) return false;
    this.abort(run, 'cancelled');
    return true;
  }

  /**
   * Stops claiming, waits up to `graceMs` for running handlers to finish (they are recorded as
   * usual), then leaves the rest: their signals fire, their writes are refused, and their leases
   * expire, after which a runner (another copy, or this server restarted) takes them again.
   */
  async stop(graceMs = this.stopGraceMs): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A claim in flight is handed back (poll releases what it claims once stopping).
    await Promise.race([this.pollDone, delay(graceMs)]);
    const runs = [...this.active.values()];
    if (runs.length > 0) await Promise.race([Promise.allSettled(runs.map((run) => run.done)), delay(graceMs)]);
    for (const run of this.active.values()) {
      if (run.over) continue;
      this.logger.warn(
        { jobId: run.job.id, kind: run.job.kind, attempt: run.lease.attempt },
        'job left running at shutdown; its lease will expire',
      );
      run.over = true;
      this.abort(run, 'shutdown');
    }
    this.active.clear();
  }

  private schedule(ms: number): void {
    if (!this.started || this.stopping) return;
    if (this.polling) {
      if (ms === 0) this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.pollDone = this.poll();
    }, ms);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.timer = null;
    const kinds = this.registry.names();
    if (kinds.length === 0 || this.stopping) return;
    this.polling = true;
    try {
      // Expired leases are rare: look for those no runner may take again every third of a lease (at most 5 s).
      if (Date.now() - this.lastSweep >= Math.min(5000, this.leaseMs / 3)) {
        this.lastSweep = Date.now();
        for (const job of await settleAbandoned(this.db, kinds)) this.announce(job);
      }
      // A schedule that cannot fire (its row, a full disk) must not keep the due jobs from running.
      await this.fireSchedules().catch((error: unknown) => {
        if (!this.stopping)
          this.logger.warn({ runner: this.id, reason: messageOf(error) }, 'job runner could not fire schedules');
      });
      while (this.active.size < this.concurrency && !this.stopping) {
        const job = await claimJob(this.db, this.id, this.leaseMs, kinds);
        if (!job) break;
        if (this.stopping) {
          await releaseClaim(this.db, { id: job.id, runner: this.id, attempt: job.attempt });
          break;
        }
        this.launch(job);
      }
    } catch (error) {
      if (!this.stopping) this.logger.warn({ runner: this.id, reason: messageOf(error) }, 'job runner could not poll');
    } finally {
      this.polling = false;
      const again = this.pollAgain;
      this.pollAgain = false;
      this.schedule(again && this.active.size < this.concurrency ? 0 : this.pollMs);
    }
  }

  /** Writes the rows of schedules declared since the last poll, then enqueues the due periods this copy wins. */
  private async fireSchedules(): Promise<void> {
    const declared = this.registry.schedules();
    if (declared.length === 0) return;
    const unsynced = declared.filter((schedule) => !this.synced.has(schedule.id));
    if (unsynced.length > 0) {
      const now = await databaseNow(this.db);
      for (const schedule of unsynced) {
        await upsertSchedule(this.db, schedule, now);
        this.synced.add(schedule.id);
      }
    }
    for (const { id, due, now } of await dueSchedules(this.db, [...this.synced])) {
      const schedule = this.registry.getSchedule(id);
      if (schedule && !this.stopping) await this.fire(schedule, due, now);
    }
  }

  private async fire(schedule: ScheduleEntry, due: Date, now: Date): Promise<void> {
    const entry = this.registry.get(schedule.kind);
    if (!entry) return;
    const firing = firingOf(schedule, due, now);
    const jobId = await this.db.transaction(async (tx) => {
      if (!(await advanceSchedule(tx, schedule.id, due, firing.next, firing.run ? now : null))) return null;
      if (!firing.run) return null;
      const job: NewJob = {
        kind: entry.kind,
        payload: schedule.payload,
        maxAttempts: entry.maxAttempts,
        timeoutMs: entry.timeoutMs,
        // Its schedule is its subject: retention keeps each schedule's latest job, which the Jobs screen shows.
        subject: scheduleSubject(schedule.id),
        runAt: null,
        createdBy: null,
        dedupeKey: scheduleDedupeKey(schedule.id),
        concurrencyKey: null,
      };
      const id = await insertJob(tx, job);
      await recordScheduledJob(tx, schedule.id, id);
      return id;
    });
    if (jobId !== null)
      this.logger.info({ schedule: schedule.id, jobId, lagMs: now.getTime() - due.getTime() }, 'schedule fired');
  }

  private launch(job: ClaimedJob): void {
    const lease: Lease = { id: job.id, runner: this.id, attempt: job.attempt };
    const controller = new AbortController();
    let finished!: () => void;
    const run: Active = {
      job,
      lease,
      controller,
      cause: null,
      over: false,
      done: new Promise((resolve) => (finished = resolve)),
    };
    this.active.set(job.id, run);
    this.logger.info({ jobId: job.id, kind: job.kind, attempt: job.attempt }, 'job started');
    void this.execute(run)
      .catch((error: unknown) => {
        this.logger.error(
          { jobId: job.id, kind: job.kind, attempt: job.attempt, reason: messageOf(error) },
          'job runner failed to record a job',
        );
      })
      .finally(() => {
        run.over = true;
        if (this.active.get(job.id) === run) this.active.delete(job.id);
        finished();
        this.wake();
      });
  }

  private abort(run: Active, cause: AbortCause): void {
    if (run.controller.signal.aborted) return;
    run.cause = cause;
    const reasons: Record<AbortCause, string> = {
      cancelled: JOB_CANCELLED,
      timeout: formatMessage(JOB_TIMED_OUT, { ms: run.job.timeoutMs }),
      'lease-lost': JOB_TAKEN_OVER,
      shutdown: SERVER_STOPPING,
    };
    const reason = new Error(reasons[cause]);
    reason.name = cause === 'timeout' ? 'TimeoutError' : 'AbortError';
    run.controller.abort(reason);
  }

  private context(run: Active): JobContext<unknown> {
    const { db } = this;
    let checkpoint = run.job.checkpoint;
    const held = async (write: () => Promise<boolean>): Promise<void> => {
      if (run.over || run.controller.signal.aborted) throw new JobLeaseLostError();
      if (!(await write())) {
        this.abort(run, 'lease-lost');
        throw new JobLeaseLostError();
      }
    };
    return {
      payload: run.job.payload,
      attempt: run.lease.attempt,
      signal: run.controller.signal,
      get checkpoint() {
        return checkpoint;
      },
      step: async (name, percent) => {
        const value = percentOf(percent);
        await held(() => writeStep(db, run.lease, String(name).slice(0, 200), value));
      },
      log: async (message, level: JobLogLevel = 'info') => {
        if (level !== 'info' && level !== 'warn' && level !== 'error')
          throw new RangeError('A job log level is info, warn or error.');
        const line = logLineToStore(message);
        await held(() => appendLog(db, run.lease, level, line.message, line.params));
      },
      saveCheckpoint: async (value) => {
        if (value === undefined) throw new TypeError('A checkpoint is a JSON value, not undefined.');
        await held(() => writeCheckpoint(db, run.lease, value));
        checkpoint = JSON.parse(JSON.stringify(value)) as unknown;
      },
    };
  }

  /** Runs the handler with its heartbeat and timeout, then records how the attempt ended. */
  private async execute(run: Active): Promise<void> {
    const { job } = run;
    const entry = this.registry.get(job.kind);
    if (!entry) return; // claimed only among defined kinds
    const heartbeat = setInterval(() => void this.beat(run), Math.max(10, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    const timeout = setTimeout(() => this.abort(run, 'timeout'), job.timeoutMs);
    timeout.unref();
    let outcome: { ok: true; value: unknown } | { ok: false; error: unknown } | null;
    try {
      const handler = Promise.resolve().then(() =>
        entry.run(
          { id: job.id, kind: job.kind, subject: job.subject, createdBy: job.createdBy, maxAttempts: job.maxAttempts },
          this.context(run),
        ),
      );
      const settled = handler.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      // Once the signal fires the handler has abortGraceMs to give up; after that the attempt is recorded without it.
      const aborted = new Promise<null>((resolve) => {
        const giveUp = (): void => void delay(this.abortGraceMs).then(() => resolve(null));
        if (run.controller.signal.aborted) giveUp();
        else run.controller.signal.addEventListener('abort', giveUp, { once: true });
      });
      outcome = await Promise.race([settled, aborted]);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
    if (run.over || run.cause === 'shutdown' || run.cause === 'lease-lost') return; // left for its lease to expire, or taken over
    run.over = true;
    const end = this.endOf(run, entry, outcome);
    const recorded = await finishAttempt(this.db, run.lease, end);
    const bindings = { jobId: job.id, kind: job.kind, attempt: job.attempt };
    if (recorded === null) this.logger.warn(bindings, 'job finished after its run lost it; nothing recorded');
    else if (recorded === true && end.state === 'retry')
      this.logger.warn({ ...bindings, retryInMs: end.delayMs, reason: end.error }, 'job attempt failed; will retry');
    else if (recorded !== true) {
      if (recorded.state === 'failed') this.logger.warn({ ...bindings, reason: recorded.error }, 'job failed');
      else this.logger.info(bindings, `job ${recorded.state}`);
      this.announce(recorded);
    }
  }

  private endOf(
    run: Active,
    entry: KindEntry,
    outcome: { ok: true; value: unknown } | { ok: false; error: unknown } | null,
  ): AttemptEnd {
    if (run.cause === 'cancelled') return { state: 'cancelled' };
    let error: string;
    let permanent = false;
    /** The wait the handler named for the next attempt, instead of the backoff. */
    let askedDelayMs: number | null = null;
    if (run.cause === 'timeout') error = formatMessage(JOB_TIMED_OUT, { ms: run.job.timeoutMs });
    else if (outcome === null) error = JOB_DID_NOT_FINISH;
    else if (outcome.ok) {
      try {
        return { state: 'succeeded', result: JSON.parse(JSON.stringify(outcome.value ?? null)) as unknown };
      } catch {
        return { state: 'failed', error: RESULT_NOT_JSON };
      }
    } else {
      error = messageOf(outcome.error);
      permanent = outcome.error instanceof PermanentJobError;
      if (outcome.error instanceof RetryLaterJobError) askedDelayMs = outcome.error.afterMs;
    }
    if (permanent || run.lease.attempt >= run.job.maxAttempts) return { state: 'failed', error };
    return { state: 'retry', error, delayMs: askedDelayMs ?? backoffDelay(entry.backoff, run.lease.attempt) };
  }

  /** Renews the lease, and aborts the run when a cancel was asked for elsewhere or the job was lost. */
  private async beat(run: Active): Promise<void> {
    if (run.over) return;
    try {
      const held = await renewLease(this.db, run.lease, this.leaseMs);
      if (run.over) return;
      if (held === null) this.abort(run, 'lease-lost');
      else if (held.cancelRequested) this.abort(run, 'cancelled');
    } catch (error) {
      // A missed beat is survivable while the lease lasts; the next one tries again.
      this.logger.warn({ jobId: run.job.id, kind: run.job.kind, reason: messageOf(error) }, 'job heartbeat failed');
    }
  }
}
