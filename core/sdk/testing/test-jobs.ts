/**
 * Waiting for a test server's background jobs: the runner claims due jobs by itself (an enqueue
 * in the process wakes it at once), so a test only needs to know when none is left to run.
 */
import type { Database } from '@core/server/database/database';

export interface SettleOptions {
  /** How long to wait before failing with the kinds still pending; 10 s. */
  readonly timeoutMs?: number;
}

/** The jobs of a test server, as its tests wait for them. */
export interface TestJobs {
  /**
   * Resolves once no job is running and none is queued and due (a retry's backoff not yet over
   * is not due); rejects after `timeoutMs` naming the kinds still pending and their states.
   */
  settle(options?: SettleOptions): Promise<void>;
  /**
   * Makes the schedule `id` (`<plugin>.<name>`) due now and waits until the job of that period has
   * run and every other job settled; resolves with that job's id. A test drives a schedule's job
   * this way instead of waiting for its period.
   */
  runSchedule(id: string, options?: SettleOptions): Promise<number>;
}

interface PendingKind {
  readonly kind: string;
  readonly state: string;
  readonly count: number;
}

const CHECK_EVERY_MS = 25;

async function pendingKinds(db: Database): Promise<PendingKind[]> {
  const { rows } = await db.query<PendingKind>(
    `SELECT kind, state, count(*)::int AS count FROM core.jobs
      WHERE state = 'running' OR (state = 'queued' AND run_at <= now())
      GROUP BY kind, state ORDER BY kind, state`,
  );
  return rows;
}

/** `social.sync (2 queued, 1 running), system.probe (1 running)`. */
function described(pending: readonly PendingKind[]): string {
  const byKind = new Map<string, string[]>();
  for (const row of pending) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), `${row.count} ${row.state}`]);
  return [...byKind].map(([kind, counts]) => `${kind} (${counts.join(', ')})`).join(', ');
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The schedule's last firing (its time as text, to compare) and job; undefined before its row is written. */
async function lastRunOf(db: Database, id: string): Promise<{ at: string | null; job: number | null } | undefined> {
  const { rows } = await db.query<{ at: string | null; job: number | null }>(
    `SELECT last_run_at::text AS at, last_job_id::int AS job FROM core.job_schedules WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The jobs of the server over `db`, the test database only that server uses. */
export function testJobs(db: Database): TestJobs {
  return {
    async settle({ timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const pending = await pendingKinds(db);
        if (pending.length === 0) return;
        if (Date.now() >= deadline) {
          throw new Error(`jobs still pending after ${timeoutMs} ms: ${described(pending)}`);
        }
        await delay(CHECK_EVERY_MS);
      }
    },
    async runSchedule(id, { timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      // The server writes its schedules' rows on its first poll after start.
      let before = await lastRunOf(db, id);
      while (before === undefined) {
        if (Date.now() >= deadline)
          throw new Error(`no schedule "${id}" after ${timeoutMs} ms: is it declared in register?`);
        await delay(CHECK_EVERY_MS);
        before = await lastRunOf(db, id);
      }
      await db.query(`UPDATE core.job_schedules SET next_run_at = now() WHERE id = $1`, [id]);
      for (;;) {
        // A firing moves last_run_at; its job may be one already queued (the schedule's dedupe key).
        const fired = await lastRunOf(db, id);
        if (fired !== undefined && fired.job !== null && fired.at !== before.at) {
          await this.settle({ timeoutMs: Math.max(1, deadline - Date.now()) });
          return fired.job;
        }
        if (Date.now() >= deadline) throw new Error(`schedule "${id}" did not fire within ${timeoutMs} ms`);
        await delay(CHECK_EVERY_MS);
      }
    },
  };
}
