import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, freshDatabase } from '@core/sdk/testing';
import type { Database } from '@core/server/database/database';
import {
  backoffDelay,
  JobLeaseLostError,
  MAX_RETRY_LATER_MS,
  PermanentJobError,
  RetryLaterJobError,
  type JobSystem,
} from '@core/server/jobs';
import { LEASE_EXPIRED_ON_LAST_ATTEMPT } from '@core/server/jobs/store';
import { aborted, gate, jobSystem, stopAll, until } from './support';

/*
 * The job runner on the core's tables (PGlite, or PostgreSQL under with-postgres). One database for
 * the file: each test defines kinds of its own, and a runner claims only the kinds defined on it.
 */
let db: Database;
const started: JobSystem[] = [];

beforeAll(async () => {
  db = await freshDatabase([]);
}, DB_TIMEOUT);
afterEach(() => stopAll(started));
afterAll(() => db.close());

const finished = (system: JobSystem, id: number) =>
  until(
    async () => {
      const job = await system.jobs.find(id);
      return job && ['succeeded', 'failed', 'cancelled'].includes(job.state) ? job : undefined;
    },
    5000,
    `job ${id} to finish`,
  );

describe('a job', () => {
  it('runs once enqueued, reporting its steps, percent and log lines, and keeps its result', async () => {
    const system = jobSystem(db, started);
    const seen: unknown[] = [];
    system.jobs.define<{ domain: string }>({
      kind: 'lab.report',
      requires: 'LA',
      async run(job, ctx) {
        seen.push({
          payload: ctx.payload,
          attempt: ctx.attempt,
          subject: job.subject,
          createdBy: job.createdBy,
          checkpoint: ctx.checkpoint,
        });
        await ctx.step('Checking', 10);
        await ctx.log('checking availability');
        await ctx.step('Buying', 60);
        await ctx.log('price too high, buying anyway', 'warn');
        await ctx.step('Pointing');
        return { bought: ctx.payload.domain };
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(
      db,
      'lab.report',
      { domain: 'example.org' },
      { subject: 'lab.domains:7', createdBy: 1 },
    );
    const job = await finished(system, id);
    expect(job).toMatchObject({
      id,
      kind: 'lab.report',
      state: 'succeeded',
      attempts: 1,
      max_attempts: 3,
      step: 'Pointing',
      percent: 100,
      result: { bought: 'example.org' },
      error: null,
      subject: 'lab.domains:7',
      created_by: 1,
    });
    expect(job.finished_at).not.toBeNull();
    expect(job).not.toHaveProperty('payload');
    expect(seen).toEqual([
      { payload: { domain: 'example.org' }, attempt: 1, subject: 'lab.domains:7', createdBy: 1, checkpoint: null },
    ]);
    const lines = await system.jobs.logs(id);
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['info', 'checking availability'],
      ['warn', 'price too high, buying anyway'],
    ]);
    expect(await system.jobs.logs(id, lines[0]!.id)).toEqual([lines[1]]);
    expect((await system.jobs.ofSubject('lab.domains:7')).map((found) => found.id)).toEqual([id]);
  });

  it('shows its progress while it runs', async () => {
    const system = jobSystem(db, started);
    const hold = gate();
    system.jobs.define({
      kind: 'lab.progress',
      requires: 'LA',
      async run(_job, ctx) {
        await ctx.step('Halfway', 50);
        await hold.promise;
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.progress', {});
    const running = await until(async () => {
      const job = await system.jobs.find(id);
      return job?.step === 'Halfway' ? job : undefined;
    });
    expect(running).toMatchObject({ state: 'running', percent: 50, attempts: 1 });
    hold.open();
    expect((await finished(system, id)).state).toBe('succeeded');
  });

  it('commits with the caller’s transaction: a rolled-back enqueue leaves no job', async () => {
    const system = jobSystem(db, started);
    const ran: number[] = [];
    const kind = system.jobs.define<{ n: number }>({
      kind: 'lab.tx',
      requires: 'LA',
      run: (_job, ctx) => void ran.push(ctx.payload.n),
    });
    system.runner.start();
    await expect(
      db.transaction(async (tx) => {
        await kind.enqueue(tx, { n: 1 }, { subject: 'lab.tx:1' });
        throw new Error('the record was refused');
      }),
    ).rejects.toThrow('the record was refused');
    const id = await db.transaction((tx) => kind.enqueue(tx, { n: 2 }, { subject: 'lab.tx:1' }));
    await finished(system, id);
    expect(ran).toEqual([2]);
    expect((await system.jobs.ofSubject('lab.tx:1')).map((job) => job.id)).toEqual([id]);
  });

  it('refuses an unknown kind, a kind outside the plugin, a kind defined twice and a payload that is not JSON', async () => {
    const system = jobSystem(db, started);
    await expect(system.jobs.enqueue(db, 'lab.nothing', {})).rejects.toThrow(
      'Job kind "lab.nothing" is not defined on this server.',
    );
    const plugin = system.forPlugin('lab');
    expect(() => plugin.define({ kind: 'other.job', requires: 'LA', run: () => undefined })).toThrow(
      'Plugin "lab" may define only job kinds "lab.<name>"',
    );
    expect(() => plugin.define({ kind: 'Lab Job', requires: 'LA', run: () => undefined })).toThrow(
      'must be "<plugin>.<name>"',
    );
    plugin.define({ kind: 'lab.once', requires: 'LA', run: () => undefined });
    expect(() => plugin.define({ kind: 'lab.once', requires: 'LA', run: () => undefined })).toThrow('defined twice');
    expect(() => plugin.define({ kind: 'lab.bad', requires: 'LA', maxAttempts: 0, run: () => undefined })).toThrow(
      'maxAttempts',
    );
    await expect(plugin.enqueue(db, 'lab.once', undefined)).rejects.toThrow('must be a JSON value');
    await expect(plugin.enqueue(db, 'lab.once', {}, { subject: 'x'.repeat(201) })).rejects.toThrow('subject');
  });
});

describe('a runner killed mid-job', () => {
  it('leaves the job to another runner once its lease expires, which resumes from the checkpoint', async () => {
    const first = jobSystem(db, started);
    const second = jobSystem(db, started);
    const reached = gate();
    const runs: { runner: string; attempt: number; checkpoint: unknown }[] = [];
    let lateWrite: unknown = null;
    const define = (system: JobSystem, name: string) =>
      system.jobs.define<{ steps: string[] }, string[]>({
        kind: 'lab.resume',
        requires: 'LA',
        async run(_job, ctx) {
          runs.push({ runner: name, attempt: ctx.attempt, checkpoint: ctx.checkpoint });
          const done = [...((ctx.checkpoint as string[] | null) ?? [])];
          for (const step of ctx.payload.steps.filter((candidate) => !done.includes(candidate))) {
            await ctx.step(step, Math.round(((done.length + 1) / ctx.payload.steps.length) * 100));
            done.push(step);
            await ctx.saveCheckpoint(done);
            if (name === 'A' && step === 'register') {
              reached.open();
              // The server dies here: the handler never finishes.
              await aborted(ctx.signal).catch(async () => {
                lateWrite = await ctx.log('still here?').catch((error: unknown) => error);
              });
              return ['never recorded'];
            }
          }
          return done;
        },
      });
    define(first, 'A');
    define(second, 'B');
    first.runner.start();
    const id = await first.jobs.enqueue(db, 'lab.resume', { steps: ['check', 'register', 'point'] });
    await reached.promise;
    await first.runner.stop(0);
    // A's handler, told the server is stopping, can no longer write to the job.
    expect(await until(() => lateWrite ?? undefined)).toBeInstanceOf(JobLeaseLostError);

    second.runner.start();
    // Until the lease expires the job stays A's.
    const held = await second.jobs.find(id);
    expect(held).toMatchObject({ state: 'running', attempts: 1, step: 'register' });
    const job = await finished(second, id);
    expect(job).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      result: ['check', 'register', 'point'],
      step: 'point',
    });
    expect(runs).toEqual([
      { runner: 'A', attempt: 1, checkpoint: null },
      { runner: 'B', attempt: 2, checkpoint: ['check', 'register'] },
    ]);
  });

  it('fails the job when the lease expires on its last attempt', async () => {
    const first = jobSystem(db, started);
    const second = jobSystem(db, started);
    const reached = gate();
    const ran: string[] = [];
    for (const [system, name] of [
      [first, 'A'],
      [second, 'B'],
    ] as const) {
      system.jobs.define({
        kind: 'lab.last-attempt',
        requires: 'LA',
        maxAttempts: 1,
        async run(_job, ctx) {
          ran.push(name);
          reached.open();
          await aborted(ctx.signal);
        },
      });
    }
    first.runner.start();
    const id = await first.jobs.enqueue(db, 'lab.last-attempt', {});
    await reached.promise;
    await first.runner.stop(0);
    second.runner.start();
    expect(await finished(second, id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: LEASE_EXPIRED_ON_LAST_ATTEMPT,
    });
    expect(ran).toEqual(['A']);
  });
});

describe('retries', () => {
  it('waits longer after each failed attempt, then fails with the last error', async () => {
    const system = jobSystem(db, started);
    const starts: number[] = [];
    system.jobs.define({
      kind: 'lab.flaky',
      requires: 'LA',
      maxAttempts: 3,
      backoff: { initialMs: 150, factor: 2 },
      run(_job, ctx) {
        starts.push(Date.now());
        throw new Error(`registrar unavailable (attempt ${ctx.attempt})`);
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.flaky', {});
    const job = await finished(system, id);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, error: 'registrar unavailable (attempt 3)' });
    expect(starts).toHaveLength(3);
    const [first, second] = [starts[1]! - starts[0]!, starts[2]! - starts[1]!];
    expect(first).toBeGreaterThanOrEqual(140);
    expect(second).toBeGreaterThanOrEqual(290);
    expect(second).toBeGreaterThan(first);
  });

  it('succeeds on a later attempt, keeping the checkpoint and clearing the error', async () => {
    const system = jobSystem(db, started);
    const checkpoints: unknown[] = [];
    system.jobs.define({
      kind: 'lab.second-time',
      requires: 'LA',
      backoff: { initialMs: 20 },
      async run(_job, ctx) {
        checkpoints.push(ctx.checkpoint);
        if (ctx.attempt === 1) {
          await ctx.saveCheckpoint({ zone: 'z-1' });
          throw new Error('the CDN timed out');
        }
        return 'done';
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.second-time', {});
    expect(await finished(system, id)).toMatchObject({ state: 'succeeded', attempts: 2, error: null, result: 'done' });
    expect(checkpoints).toEqual([null, { zone: 'z-1' }]);
  });

  it('fails at once on a PermanentJobError', async () => {
    const system = jobSystem(db, started);
    let runs = 0;
    system.jobs.define({
      kind: 'lab.permanent',
      requires: 'LA',
      maxAttempts: 5,
      backoff: { initialMs: 10 },
      run() {
        runs += 1;
        throw new PermanentJobError('The domain is taken.');
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.permanent', {});
    expect(await finished(system, id)).toMatchObject({ state: 'failed', attempts: 1, error: 'The domain is taken.' });
    expect(runs).toBe(1);
  });

  it('runs again no earlier than the wait a RetryLaterJobError names, counting each attempt', async () => {
    const system = jobSystem(db, started);
    const starts: number[] = [];
    const waiting = (kind: string, afterMs: number) =>
      system.jobs.define({
        kind,
        requires: 'LA',
        maxAttempts: 2,
        // The backoff alone would run the next attempt at once: only the named wait holds it back.
        backoff: { initialMs: 0 },
        run(_job, ctx) {
          if (kind === 'lab.wait-short') starts.push(Date.now());
          throw new RetryLaterJobError(`the service asks to wait (attempt ${ctx.attempt})`, { afterMs });
        },
      });
    waiting('lab.wait-short', 300);
    waiting('lab.wait-long', 60_000);
    system.runner.start();
    const short = await system.jobs.enqueue(db, 'lab.wait-short', {});
    const long = await system.jobs.enqueue(db, 'lab.wait-long', {});

    // While it waits the job shows the attempt's message, its next run exactly the named wait after the attempt ended.
    const queued = await until(async () => {
      const job = await system.jobs.find(long);
      return job?.state === 'queued' && job.attempts === 1 ? job : undefined;
    });
    expect(queued.error).toBe('the service asks to wait (attempt 1)');
    const { rows } = await db.query<{ ahead: string }>(
      'SELECT (extract(epoch FROM run_at - updated_at) * 1000)::text AS ahead FROM core.jobs WHERE id = $1',
      [long],
    );
    expect(Number(rows[0]?.ahead)).toBe(60_000);
    await system.jobs.cancel(long);

    expect(await finished(system, short)).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: 'the service asks to wait (attempt 2)',
    });
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(290);
  });

  it('holds a named wait between none and an hour', () => {
    const after = (afterMs: number) => new RetryLaterJobError('wait', { afterMs }).afterMs;
    expect([after(-5), after(Number.NaN), after(1.2), after(2500)]).toEqual([0, 0, 2, 2500]);
    expect([after(MAX_RETRY_LATER_MS + 1), after(Number.POSITIVE_INFINITY)]).toEqual([
      MAX_RETRY_LATER_MS,
      MAX_RETRY_LATER_MS,
    ]);
    expect(MAX_RETRY_LATER_MS).toBe(60 * 60_000);
  });

  it('grows the backoff exponentially up to its cap, with at most 20 % jitter', () => {
    const backoff = { initialMs: 1000, factor: 2, maxMs: 5000 };
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(backoff, attempt, () => 0))).toEqual([1000, 2000, 4000, 5000]);
    expect(backoffDelay(backoff, 2, () => 1)).toBe(2400);
  });
});

describe('a timeout', () => {
  it('fires the signal and counts as a failed attempt', async () => {
    const system = jobSystem(db, started);
    const reasons: string[] = [];
    system.jobs.define({
      kind: 'lab.slow',
      requires: 'LA',
      timeoutMs: 80,
      maxAttempts: 2,
      backoff: { initialMs: 10 },
      async run(_job, ctx) {
        await aborted(ctx.signal).catch((error: Error) => {
          reasons.push(error.message);
          throw error;
        });
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.slow', {});
    expect(await finished(system, id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: 'The job timed out after 80 ms.',
    });
    expect(reasons).toEqual(['The job timed out after 80 ms.', 'The job timed out after 80 ms.']);
  });

  it('ends the attempt even when the handler ignores its signal', async () => {
    const system = jobSystem(db, started, { abortGraceMs: 50 });
    const never = gate();
    system.jobs.define({ kind: 'lab.stuck', requires: 'LA', timeoutMs: 50, maxAttempts: 1, run: () => never.promise });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.stuck', {});
    expect(await finished(system, id)).toMatchObject({ state: 'failed', error: 'The job timed out after 50 ms.' });
    expect(system.runner.running).toBe(0);
  });
});

describe('cancellation', () => {
  it('cancels a queued job at once; it never runs', async () => {
    const system = jobSystem(db, started);
    let runs = 0;
    system.jobs.define({ kind: 'lab.later', requires: 'LA', run: () => void (runs += 1) });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.later', {}, { runAt: new Date(Date.now() + 60_000) });
    const cancelled = await system.jobs.cancel(id);
    expect(cancelled).toMatchObject({ state: 'cancelled', cancel_requested: true, attempts: 0 });
    expect(cancelled?.finished_at).not.toBeNull();
    expect(await system.jobs.cancel(999_999)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(0);
  });

  it('aborts a running job on this server and records it cancelled', async () => {
    const system = jobSystem(db, started);
    const reached = gate();
    system.jobs.define({
      kind: 'lab.cancel-here',
      requires: 'LA',
      async run(_job, ctx) {
        reached.open();
        await aborted(ctx.signal);
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.cancel-here', {});
    await reached.promise;
    expect(await system.jobs.cancel(id)).toMatchObject({ state: 'running', cancel_requested: true });
    expect(await finished(system, id)).toMatchObject({ state: 'cancelled', attempts: 1, error: null });
  });

  it('aborts a job running on another server at its next heartbeat', async () => {
    const runner = jobSystem(db, started);
    const other = jobSystem(db, started);
    const reached = gate();
    let reason = '';
    for (const system of [runner, other]) {
      system.jobs.define({
        kind: 'lab.cancel-there',
        requires: 'LA',
        async run(_job, ctx) {
          reached.open();
          await aborted(ctx.signal).catch((error: Error) => {
            reason = error.message;
            throw error;
          });
        },
      });
    }
    runner.runner.start();
    const id = await runner.jobs.enqueue(db, 'lab.cancel-there', {});
    await reached.promise;
    await other.jobs.cancel(id);
    expect(await finished(other, id)).toMatchObject({ state: 'cancelled' });
    expect(reason).toBe('The job was cancelled.');
  });
});

describe('stopping', () => {
  it('waits for the running handler to finish and records it', async () => {
    const system = jobSystem(db, started);
    const reached = gate();
    system.jobs.define({
      kind: 'lab.short',
      requires: 'LA',
      async run() {
        reached.open();
        await new Promise((resolve) => setTimeout(resolve, 50));
        return 'finished during the stop';
      },
    });
    system.runner.start();
    const id = await system.jobs.enqueue(db, 'lab.short', {});
    await reached.promise;
    await system.runner.stop(2000);
    expect(await system.jobs.find(id)).toMatchObject({ state: 'succeeded', result: 'finished during the stop' });
  });
});

describe('two runners on one database', () => {
  // On PostgreSQL each claim runs on a connection of its own: every job still runs exactly once.
  it('never run one job twice', async () => {
    const runs: { job: number; runner: string }[] = [];
    const systems = ['A', 'B'].map((name) => {
      const system = jobSystem(db, started, { pollMs: 10, leaseMs: 2000 });
      system.jobs.define<{ n: number }>({
        kind: 'lab.count',
        requires: 'LA',
        async run(job, ctx) {
          runs.push({ job: job.id, runner: name });
          await ctx.step('counted', 100);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return ctx.payload.n;
        },
      });
      return system;
    });
    const ids = await db.transaction(async (tx) => {
      const made: number[] = [];
      for (let n = 0; n < 30; n += 1)
        made.push(await systems[0]!.jobs.enqueue(tx, 'lab.count', { n }, { subject: 'lab.batch:1' }));
      return made;
    });
    for (const system of systems) system.runner.start();
    await until(
      async () => {
        const { rows } = await db.query<{ left: string }>(
          `SELECT count(*) AS left FROM core.jobs WHERE kind = 'lab.count' AND state <> 'succeeded'`,
        );
        return Number(rows[0]?.left) === 0;
      },
      10_000,
      'every job to succeed',
    );
    expect(runs.map((run) => run.job).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(runs.map((run) => run.runner))).toEqual(new Set(['A', 'B']));
    const { rows } = await db.query<{ attempts: number }>(
      `SELECT DISTINCT attempts FROM core.jobs WHERE kind = 'lab.count'`,
    );
    expect(rows.map((row) => Number(row.attempts))).toEqual([1]);
  });
});
