import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, freshDatabase } from '@core/sdk/testing';
import type { Database } from '@core/server/database/database';
import { JobRegistry, RETENTION_KIND, type JobSystem, type ScheduleDefinition } from '@core/server/jobs';
import { jobSystem, stopAll, until } from './support';

/*
 * Recurring jobs: two job systems on one database play two server copies. A period is made due by
 * moving the row's next_run_at into the past, so a test does not wait for the clock.
 */
let db: Database;
const started: JobSystem[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  db = await freshDatabase([]);
}, DB_TIMEOUT);
afterEach(() => stopAll(started));
afterAll(() => db.close());

interface Row {
  next_run_at: Date;
  last_run_at: Date | null;
  last_job_id: number | null;
  last_lag_ms: number | null;
  payload: unknown;
  missed: string;
  every_ms: number | null;
  cron: string | null;
}

const rowOf = async (id: string): Promise<Row | undefined> =>
  (
    await db.query<Row>(
      `SELECT next_run_at, last_run_at, last_job_id::int AS last_job_id, last_lag_ms::int AS last_lag_ms, payload, missed, every_ms::int AS every_ms, cron
         FROM core.job_schedules WHERE id = $1`,
      [id],
    )
  ).rows[0];
const jobsOf = async (kind: string): Promise<{ id: string; state: string; payload: unknown }[]> =>
  (
    await db.query<{ id: string; state: string; payload: unknown }>(
      `SELECT id::text, state, payload FROM core.jobs WHERE kind = $1 ORDER BY id`,
      [kind],
    )
  ).rows;
const makeDue = (id: string, agoMs: number) =>
  db.query(`UPDATE core.job_schedules SET next_run_at = now() - $2 * interval '1 millisecond' WHERE id = $1`, [
    id,
    agoMs,
  ]);

/** A copy running kind `kind`, with the schedule declared on it. */
function copy(kind: string, schedule: Omit<ScheduleDefinition, 'kind'>, ran: number[] = []): JobSystem {
  const system = jobSystem(db, started);
  const defined = system
    .forPlugin('lab')
    .define<{ n: number } | null>({ kind, requires: 'LA', run: (job) => void ran.push(job.id) });
  system.forPlugin('lab').schedule({ ...schedule, kind: defined });
  system.runner.start();
  return system;
}

describe('a schedule', () => {
  it('writes its row at start-up, the next run at the next period counted from 1970', async () => {
    copy('lab.hourly', { id: 'lab.hourly', every: HOUR, payload: { n: 1 } });
    const row = await until(() => rowOf('lab.hourly'), 5000, 'the schedule row');
    expect(row.next_run_at.getTime() % HOUR).toBe(0);
    expect(row.next_run_at.getTime() - Date.now()).toBeGreaterThan(0);
    expect(row.next_run_at.getTime() - Date.now()).toBeLessThanOrEqual(HOUR + 1000);
    expect(row).toMatchObject({
      payload: { n: 1 },
      missed: 'once',
      every_ms: HOUR,
      cron: null,
      last_run_at: null,
      last_job_id: null,
    });
  });

  it('runs each due period once across two copies', async () => {
    const ran: number[] = [];
    copy('lab.both', { id: 'lab.both', every: HOUR }, ran);
    copy('lab.both', { id: 'lab.both', every: HOUR }, ran);
    await until(() => rowOf('lab.both'), 5000, 'the schedule row');
    for (let period = 1; period <= 4; period += 1) {
      await makeDue('lab.both', 2000);
      const row = await until(
        async () => {
          const current = await rowOf('lab.both');
          return current &&
            current.next_run_at.getTime() > Date.now() &&
            current.last_job_id !== null &&
            ran.length === period
            ? current
            : undefined;
        },
        5000,
        `period ${period} to run`,
      );
      expect(row.last_lag_ms).toBeGreaterThanOrEqual(2000);
      expect(row.next_run_at.getTime() % HOUR).toBe(0);
    }
    // A few more polls of both copies change nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const jobs = await jobsOf('lab.both');
    expect(jobs.map((job) => job.state)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(
      (await db.query<{ subject: string }>(`SELECT DISTINCT subject FROM core.jobs WHERE kind = 'lab.both'`)).rows,
    ).toEqual([{ subject: 'core.job_schedules:lab.both' }]);
    expect(new Set(ran).size).toBe(4);
    expect((await rowOf('lab.both'))?.last_job_id).toBe(Number(jobs.at(-1)?.id));
  });

  it('runs on its own clock: every second, one job a period', async () => {
    const ran: number[] = [];
    copy('lab.second', { id: 'lab.second', every: 1000 }, ran);
    copy('lab.second', { id: 'lab.second', every: 1000 }, ran);
    const begun = Date.now();
    await until(() => ran.length >= 2, 4000, 'two periods');
    const periods = Math.floor((Date.now() - begun) / 1000) + 1;
    expect(ran.length).toBeLessThanOrEqual(periods);
  });

  it('catches up once for all the periods missed while no copy ran (missed: once)', async () => {
    const ran: number[] = [];
    copy('lab.once', { id: 'lab.once', every: HOUR, missed: 'once' }, ran);
    await until(() => rowOf('lab.once'), 5000, 'the schedule row');
    await makeDue('lab.once', 5 * HOUR);
    await until(() => ran.length === 1, 5000, 'the catch-up run');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toHaveLength(1);
    const row = await rowOf('lab.once');
    expect(row?.next_run_at.getTime()).toBeGreaterThan(Date.now());
    expect(row?.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
  });

  it('skips the periods missed while no copy ran, yet runs one found a little late (missed: skip)', async () => {
    const ran: number[] = [];
    copy('lab.skip', { id: 'lab.skip', cron: '0 * * * *', missed: 'skip' }, ran);
    await until(() => rowOf('lab.skip'), 5000, 'the schedule row');
    await makeDue('lab.skip', 5 * HOUR);
    const skipped = await until(
      async () => {
        const row = await rowOf('lab.skip');
        return row && row.next_run_at.getTime() > Date.now() ? row : undefined;
      },
      5000,
      'the missed period skipped',
    );
    expect(ran).toEqual([]);
    expect(skipped.last_run_at).toBeNull();
    expect(skipped.next_run_at.getUTCMinutes()).toBe(0);
    await makeDue('lab.skip', 1000);
    await until(() => ran.length === 1, 5000, 'the on-time run');
  });

  it('takes the definition in code at start-up: a changed payload or policy, and a new period counted afresh', async () => {
    copy('lab.change', { id: 'lab.change', every: HOUR, payload: { n: 1 } });
    const first = await until(() => rowOf('lab.change'), 5000, 'the schedule row');
    await stopAll(started);
    copy('lab.change', { id: 'lab.change', every: HOUR, payload: { n: 2 }, missed: 'skip' });
    const same = await until(
      async () => {
        const row = await rowOf('lab.change');
        return row && (row.payload as { n: number }).n === 2 ? row : undefined;
      },
      5000,
      'the new payload',
    );
    expect(same.missed).toBe('skip');
    expect(same.next_run_at).toEqual(first.next_run_at);
    await stopAll(started);
    copy('lab.change', { id: 'lab.change', cron: '*/5 * * * *' });
    const changed = await until(
      async () => {
        const row = await rowOf('lab.change');
        return row && row.cron !== null ? row : undefined;
      },
      5000,
      'the new timing',
    );
    expect(changed.every_ms).toBeNull();
    expect(changed.next_run_at.getUTCMinutes() % 5).toBe(0);
    expect(changed.next_run_at.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('is the kernel’s retention, daily at 03:30 UTC', async () => {
    const system = jobSystem(db, started);
    system.runner.start();
    const row = await until(() => rowOf(RETENTION_KIND), 5000, 'the retention schedule');
    expect(row).toMatchObject({ cron: '30 3 * * *', every_ms: null, missed: 'once' });
    expect(row.next_run_at.getUTCHours() * 60 + row.next_run_at.getUTCMinutes()).toBe(3 * 60 + 30);
  });
});

describe('a schedule declaration', () => {
  const registry = (): JobRegistry => {
    const kinds = new JobRegistry();
    kinds.define({ kind: 'lab.work', requires: 'LA', run: () => undefined }, 'lab');
    kinds.define({ kind: 'other.work', requires: 'LA', run: () => undefined }, 'other');
    return kinds;
  };

  it.each<[string, Partial<ScheduleDefinition>, string]>([
    ['an id outside the plugin', { id: 'other.tick' }, 'may declare only schedules "lab.<name>"'],
    ['an id not in lower case', { id: 'lab.Tick' }, 'must be "<plugin>.<name>"'],
    ['a kind of another plugin', { kind: 'other.work' }, 'not a kind plugin "lab" defined'],
    ['a kind not defined', { kind: 'lab.nothing' }, 'not a kind plugin "lab" defined'],
    ['both every and cron', { cron: '* * * * *' }, 'gives both every and cron'],
    ['neither every nor cron', { every: undefined }, 'needs every'],
    ['a period under a second', { every: 999 }, 'every is a whole number'],
    ['a period that is not whole', { every: 1500.5 }, 'every is a whole number'],
    ['a wrong cron expression', { every: undefined, cron: '* * *' }, '5 fields'],
    ['a date that never comes', { every: undefined, cron: '0 0 30 2 *' }, 'never matches'],
    ['a missed policy unknown', { missed: 'twice' as 'once' }, 'missed is "once" or "skip"'],
    ['a payload that is not JSON', { payload: () => 1 }, 'must be a JSON value'],
    ['a label without Russian', { label: { en: 'Tick', ru: '' } }, 'needs en and ru'],
  ])('stops start-up on %s', (_what, change, problem) => {
    expect(() => registry().schedule({ id: 'lab.tick', kind: 'lab.work', every: 60_000, ...change }, 'lab')).toThrow(
      problem,
    );
  });

  it('stops start-up on a schedule declared twice, and takes the kind’s label by default', () => {
    const kinds = registry();
    kinds.define(
      { kind: 'lab.named', requires: 'LA', label: { en: 'Named', ru: 'Именованная' }, run: () => undefined },
      'lab',
    );
    expect(kinds.schedule({ id: 'lab.tick', kind: 'lab.named', every: 60_000 }, 'lab').label).toEqual({
      en: 'Named',
      ru: 'Именованная',
    });
    expect(() => kinds.schedule({ id: 'lab.tick', kind: 'lab.named', every: 60_000 }, 'lab')).toThrow('declared twice');
  });
});
