import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, freshDatabase } from '@core/sdk/testing';
import type { Database } from '@core/server/database/database';
import { deleteExpiredJobs, RETENTION_KIND, type JobSystem } from '@core/server/jobs';
import { jobSystem, stopAll, until } from './support';

/* Retention: finished jobs older than the configured days go, with their log lines, but each subject keeps its latest job. */
let db: Database;

beforeAll(async () => {
  db = await freshDatabase([]);
}, DB_TIMEOUT);
const started: JobSystem[] = [];
afterEach(() => stopAll(started));
afterAll(() => db.close());

/** A job finished `daysAgo` days ago (null: still queued), with one log line. */
async function job(subject: string | null, daysAgo: number | null, state = 'succeeded'): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO core.jobs (kind, payload, max_attempts, timeout_ms, subject, state, finished_at)
     VALUES ('lab.old', '{}', 1, 1000, $1, $2, CASE WHEN $3::int IS NULL THEN NULL ELSE now() - $3::int * interval '1 day' END)
     RETURNING id::int AS id`,
    [subject, daysAgo === null ? 'queued' : state, daysAgo],
  );
  const id = rows[0]!.id;
  await db.query(`INSERT INTO core.job_logs (job_id, level, message) VALUES ($1, 'info', 'done')`, [id]);
  return id;
}

describe('retention', () => {
  it('deletes finished jobs older than the days given, and their logs, but keeps each subject’s latest job', async () => {
    const oldLoose = await job(null, 40);
    const oldFailed = await job(null, 31, 'failed');
    const recent = await job(null, 5);
    const queued = await job(null, null);
    const domainOlder = await job('lab.domains:1', 60);
    const domainLatest = await job('lab.domains:1', 45, 'failed');
    const otherOlder = await job('lab.domains:2', 50);
    const otherLatest = await job('lab.domains:2', 1);
    // More than one batch.
    await db.query(
      `INSERT INTO core.jobs (kind, payload, max_attempts, timeout_ms, state, finished_at)
       SELECT 'lab.old', '{}', 1, 1000, 'cancelled', now() - interval '90 days' FROM generate_series(1, 1005)`,
    );

    expect(await deleteExpiredJobs(db, 30)).toBe(1005 + 4);

    const { rows } = await db.query<{ id: number }>(
      `SELECT id::int AS id FROM core.jobs WHERE kind = 'lab.old' ORDER BY id`,
    );
    expect(rows.map((row) => row.id)).toEqual([recent, queued, domainLatest, otherLatest]);
    const gone = [oldLoose, oldFailed, domainOlder, otherOlder];
    const logs = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM core.job_logs WHERE job_id = ANY($1::bigint[])`,
      [gone],
    );
    expect(logs.rows[0]?.count).toBe(0);
    expect(await deleteExpiredJobs(db, 30)).toBe(0);
  });

  it('runs as the kernel’s daily job with the configured days, and logs what it deleted', async () => {
    const old = await job(null, 10);
    const system = jobSystem(db, started, { retentionDays: 7 });
    system.runner.start();
    await until(
      async () => (await db.query(`SELECT 1 FROM core.job_schedules WHERE id = $1`, [RETENTION_KIND])).rows.length > 0,
      5000,
      'the schedule row',
    );
    await db.query(`UPDATE core.job_schedules SET next_run_at = now() WHERE id = $1`, [RETENTION_KIND]);
    const run = await until(
      async () => {
        const { rows } = await db.query<{ id: number; state: string; result: unknown }>(
          `SELECT id::int AS id, state, result FROM core.jobs WHERE kind = $1 AND state = 'succeeded'`,
          [RETENTION_KIND],
        );
        return rows[0];
      },
      5000,
      'the retention job',
    );
    expect(run.result).toEqual({ deleted: 1 });
    expect((await db.query(`SELECT 1 FROM core.jobs WHERE id = $1`, [old])).rows).toEqual([]);
    expect((await system.jobs.logs(run.id)).map((line) => line.message)).toEqual([
      'Finished jobs older than 7 days deleted: 1.',
    ]);
    expect((await system.jobs.find(run.id))?.label).toBe('Old jobs clean-up');
  });
});
