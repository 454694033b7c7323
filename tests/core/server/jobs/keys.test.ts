import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, freshDatabase } from '@core/sdk/testing';
import type { Database } from '@core/server/database/database';
import type { JobSystem, SettledJob } from '@core/server/jobs';
import { gate, jobSystem, stopAll, until } from './support';

/* Dedupe and concurrency keys, and the settled listeners, with two job systems on one database as two copies. */
let db: Database;
const started: JobSystem[] = [];

beforeAll(async () => {
  db = await freshDatabase([]);
}, DB_TIMEOUT);
afterEach(() => stopAll(started));
afterAll(() => db.close());

const stateOf = async (system: JobSystem, id: number): Promise<string | undefined> =>
  (await system.jobs.find(id))?.state;

describe('a dedupe key', () => {
  it('keeps one queued job per key across copies: an enqueue finding it queued returns its id', async () => {
    const first = jobSystem(db, started);
    const second = jobSystem(db, started);
    for (const system of [first, second])
      system.jobs.define({ kind: 'lab.push', requires: 'LA', run: () => undefined });
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        (n % 2 === 0 ? first : second).jobs.enqueue(db, 'lab.push', { n }, { dedupeKey: 'lab.records:1' }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const other = await first.jobs.enqueue(db, 'lab.push', {}, { dedupeKey: 'lab.records:2' });
    expect(other).not.toBe(ids[0]);
    const { rows } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM core.jobs WHERE kind = 'lab.push'`,
    );
    expect(rows[0]?.count).toBe(2);
  });

  it('lets a new job queue once the queued one has started, since what it read may be stale', async () => {
    const system = jobSystem(db, started);
    const hold = gate();
    system.jobs.define({ kind: 'lab.sync', requires: 'LA', run: () => hold.promise });
    const first = await system.jobs.enqueue(db, 'lab.sync', {}, { dedupeKey: 'k' });
    system.runner.start();
    await until(async () => (await stateOf(system, first)) === 'running', 5000, 'the first to run');
    const second = await system.jobs.enqueue(db, 'lab.sync', {}, { dedupeKey: 'k' });
    expect(second).not.toBe(first);
    expect(await system.jobs.enqueue(db, 'lab.sync', {}, { dedupeKey: 'k' })).toBe(second);
    hold.open();
    await until(async () => (await stateOf(system, second)) === 'succeeded', 5000, 'the second to run');
  });

  it('fails a retry that finds a job of its key queued meanwhile: that job does the work', async () => {
    const system = jobSystem(db, started);
    const hold = gate();
    let runs = 0;
    system.jobs.define({
      kind: 'lab.flaky',
      requires: 'LA',
      backoff: { initialMs: 10 },
      async run() {
        runs += 1;
        if (runs === 1) {
          await hold.promise;
          throw new Error('upstream down');
        }
      },
    });
    const first = await system.jobs.enqueue(db, 'lab.flaky', {}, { dedupeKey: 'flaky' });
    system.runner.start();
    await until(async () => (await stateOf(system, first)) === 'running', 5000, 'the first to run');
    const second = await system.jobs.enqueue(
      db,
      'lab.flaky',
      {},
      { dedupeKey: 'flaky', runAt: new Date(Date.now() + 300) },
    );
    hold.open();
    const failed = await until(
      async () => {
        const job = await system.jobs.find(first);
        return job?.state === 'failed' ? job : undefined;
      },
      5000,
      'the first to fail',
    );
    expect(failed.error).toBe('upstream down');
    await until(async () => (await stateOf(system, second)) === 'succeeded', 5000, 'the second to run');
  });
});

describe('a concurrency key', () => {
  it('runs the jobs sharing it one at a time across two copies, and others beside them', async () => {
    let running = 0;
    let most = 0;
    let free = 0;
    const define = (system: JobSystem): void => {
      system.jobs.define<{ keyed: boolean }>({
        kind: 'lab.campaign',
        requires: 'LA',
        async run(_job, ctx) {
          if (!ctx.payload.keyed) {
            free += 1;
            return;
          }
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 40));
          running -= 1;
        },
      });
    };
    const copies = [jobSystem(db, started, { concurrency: 3 }), jobSystem(db, started, { concurrency: 3 })];
    copies.forEach(define);
    const ids: number[] = [];
    for (let n = 0; n < 6; n += 1)
      ids.push(await copies[0]!.jobs.enqueue(db, 'lab.campaign', { keyed: true }, { concurrencyKey: 'campaign:7' }));
    for (let n = 0; n < 3; n += 1) ids.push(await copies[1]!.jobs.enqueue(db, 'lab.campaign', { keyed: false }));
    copies.forEach((system) => system.runner.start());
    await until(
      async () => {
        const states = await Promise.all(ids.map((id) => stateOf(copies[0]!, id)));
        return states.every((state) => state === 'succeeded');
      },
      8000,
      'every job to run',
    );
    expect(most).toBe(1);
    expect(free).toBe(3);
  });
});

describe('onSettled', () => {
  it('tells each final state once, on the copy that recorded it, with the kind’s label and the link for its result', async () => {
    const system = jobSystem(db, started);
    const seen: SettledJob[] = [];
    system.onSettled((job) => seen.push(job));
    system.onSettled(() => {
      throw new Error('a listener failing harms nobody');
    });
    system.jobs.define<{ fail: boolean }, { proxy: number }>({
      kind: 'lab.buy',
      requires: 'LA',
      maxAttempts: 1,
      label: { en: 'Proxy purchase', ru: 'Покупка прокси' },
      link: (_job, result) => (result ? `/lab/proxies/${result.proxy}` : null),
      run: (_job, ctx) => {
        if (ctx.payload.fail) throw new Error('No money.');
        return { proxy: 12 };
      },
    });
    system.jobs.define({
      kind: 'lab.quiet',
      requires: 'LA',
      link: () => 'https://elsewhere.example',
      run: () => undefined,
    });
    const bought = await system.jobs.enqueue(db, 'lab.buy', { fail: false }, { subject: 'lab.orders:1', createdBy: 1 });
    const failed = await system.jobs.enqueue(db, 'lab.buy', { fail: true }, { createdBy: 1 });
    const quiet = await system.jobs.enqueue(db, 'lab.quiet', {});
    const cancelled = await system.jobs.enqueue(
      db,
      'lab.buy',
      { fail: false },
      { runAt: new Date(Date.now() + 60_000) },
    );
    await system.jobs.cancel(cancelled);
    system.runner.start();
    await until(() => seen.length >= 4, 5000, 'four settled jobs');
    const byId = new Map(seen.map((job) => [job.id, job]));
    const label = { en: 'Proxy purchase', ru: 'Покупка прокси' };
    expect(byId.get(bought)).toEqual({
      id: bought,
      kind: 'lab.buy',
      state: 'succeeded',
      subject: 'lab.orders:1',
      createdBy: 1,
      error: null,
      label,
      link: '/lab/proxies/12',
    });
    expect(byId.get(failed)).toMatchObject({ state: 'failed', error: 'No money.', label, link: null });
    // A link is an app path: another site's address is dropped.
    expect(byId.get(quiet)).toMatchObject({ state: 'succeeded', label: null, link: null });
    expect(byId.get(cancelled)).toMatchObject({ state: 'cancelled', createdBy: null });
    expect(seen).toHaveLength(4);
    expect((await system.jobs.find(bought))?.label).toBe('Proxy purchase');
  });
});
