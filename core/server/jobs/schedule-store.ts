import type { Database, Queryable } from '../database/database';
import type { ScheduleEntry } from './schedules';
import type { JobState, ScheduleMissedPolicy } from './types';

/** The database's clock: every copy counts periods from it, so their own clocks may drift. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: unknown }>(`SELECT now() AS now`);
  return new Date(rows[0]?.now as string | Date);
}

/**
 * Writes a declared schedule's row: the definition in code wins. Its next run stays when the timing
 * is unchanged (a restart neither skips nor repeats a period), and is counted afresh when it changed.
 */
export async function upsertSchedule(db: Queryable, schedule: ScheduleEntry, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO core.job_schedules AS s (id, kind, payload, every_ms, cron, missed, next_run_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)
     ON CONFLICT (id) DO UPDATE SET
       kind = EXCLUDED.kind, payload = EXCLUDED.payload, missed = EXCLUDED.missed,
       every_ms = EXCLUDED.every_ms, cron = EXCLUDED.cron,
       next_run_at = CASE WHEN s.every_ms IS NOT DISTINCT FROM EXCLUDED.every_ms AND s.cron IS NOT DISTINCT FROM EXCLUDED.cron
                          THEN s.next_run_at ELSE EXCLUDED.next_run_at END,
       updated_at = now()
     WHERE (s.kind, s.payload, s.missed) IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.payload, EXCLUDED.missed)
        OR s.every_ms IS DISTINCT FROM EXCLUDED.every_ms OR s.cron IS DISTINCT FROM EXCLUDED.cron`,
    [
      schedule.id,
      schedule.kind,
      JSON.stringify(schedule.payload),
      schedule.everyMs,
      schedule.cron,
      schedule.missed,
      schedule.next(now).toISOString(),
    ],
  );
}

/** The schedules among `ids` whose next run is due, and the database's time. */
export async function dueSchedules(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; due: Date; now: Date }[]> {
  const { rows } = await db.query<{ id: string; next_run_at: unknown; now: unknown }>(
    `SELECT id, next_run_at, now() AS now FROM core.job_schedules WHERE id = ANY($1::text[]) AND next_run_at <= now() ORDER BY next_run_at`,
    [[...ids]],
  );
  return rows.map((row) => ({
    id: row.id,
    due: new Date(row.next_run_at as string | Date),
    now: new Date(row.now as string | Date),
  }));
}

/**
 * The compare-and-set that makes a period fire once across copies: moves the schedule from `due` to
 * `next`, and only the copy whose statement finds it still at `due` gets true. Run it in the
 * transaction that enqueues the period's job (on PostgreSQL a second copy's statement waits for the
 * first to commit, then finds `next_run_at` moved and changes nothing). Compared to the millisecond,
 * as JavaScript reads it: a time set by hand to the microsecond still matches.
 */
export async function advanceSchedule(
  tx: Queryable,
  id: string,
  due: Date,
  next: Date,
  firedAt: Date | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE core.job_schedules
        SET next_run_at = $3::timestamptz,
            last_run_at = COALESCE($4::timestamptz, last_run_at),
            last_lag_ms = CASE WHEN $4::timestamptz IS NULL THEN last_lag_ms ELSE $5::bigint END,
            updated_at = now()
      WHERE id = $1 AND date_trunc('milliseconds', next_run_at) = $2::timestamptz
      RETURNING id`,
    [
      id,
      due.toISOString(),
      next.toISOString(),
      firedAt?.toISOString() ?? null,
      firedAt === null ? null : Math.max(0, firedAt.getTime() - due.getTime()),
    ],
  );
  return rows.length > 0;
}

export async function recordScheduledJob(tx: Queryable, id: string, jobId: number): Promise<void> {
  await tx.query(`UPDATE core.job_schedules SET last_job_id = $2 WHERE id = $1`, [id, jobId]);
}

/** A schedule's row as the Jobs screen reads it. */
export interface ScheduleRow {
  readonly id: string;
  readonly kind: string;
  readonly everyMs: number | null;
  readonly cron: string | null;
  readonly missed: ScheduleMissedPolicy;
  readonly nextRunAt: Date;
  readonly lastRunAt: Date | null;
  readonly lastLagMs: number | null;
  readonly lastJob: { readonly id: number; readonly state: JobState } | null;
  readonly now: Date;
}

export async function listSchedules(db: Database): Promise<ScheduleRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT s.id, s.kind, s.every_ms, s.cron, s.missed, s.next_run_at, s.last_run_at, s.last_lag_ms, j.id AS job_id, j.state AS job_state, now() AS now
       FROM core.job_schedules s LEFT JOIN core.jobs j ON j.id = s.last_job_id
      ORDER BY s.id`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: String(row.kind),
    everyMs: row.every_ms === null ? null : Number(row.every_ms),
    cron: (row.cron as string | null) ?? null,
    missed: row.missed as ScheduleMissedPolicy,
    nextRunAt: new Date(row.next_run_at as string | Date),
    lastRunAt: row.last_run_at === null ? null : new Date(row.last_run_at as string | Date),
    lastLagMs: row.last_lag_ms === null ? null : Number(row.last_lag_ms),
    lastJob: row.job_id === null ? null : { id: Number(row.job_id), state: row.job_state as JobState },
    now: new Date(row.now as string | Date),
  }));
}
