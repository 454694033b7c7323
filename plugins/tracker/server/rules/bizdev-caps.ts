import type { Queryable } from '@core/sdk/server';
import type { BizdevDayCap } from '../../shared/bizdev';
import { lockKey } from './advisory-lock';

/*
 * A tracker's day: its limit (the most leads its approved requests may add up to) and what its
 * approved requests take. Every writer that changes either (an approval, a limit saved) first
 * takes the day's lock, so the totals it reads stay true until it commits.
 */

export interface TrackerDay {
  readonly tracker: number;
  /** `YYYY-MM-DD`. */
  readonly date: string;
}

export function lockDay(tx: Queryable, day: TrackerDay): Promise<void> {
  return lockKey(tx, `tracker.bizdev_day:${day.tracker}:${day.date}`);
}

export interface DayTotals {
  /** Null when no live limit is set for the day. */
  readonly limit: number | null;
  readonly approved: number;
}

/** The day's live limit and the caps of its live approved requests, leaving out `exceptRequest`. */
export async function dayTotals(
  tx: Queryable,
  day: TrackerDay,
  exceptRequest: number | null = null,
): Promise<DayTotals> {
  const { rows } = await tx.query<{ limit: string | null; approved: string }>(
    `SELECT (SELECT l.cap::text FROM tracker.bizdev_limits l WHERE l.tracker = $1 AND l."date" = $2::date AND l.deleted_at IS NULL LIMIT 1) AS "limit",
            (SELECT COALESCE(sum(r.cap), 0)::text FROM tracker.bizdev_requests r
              WHERE r.tracker = $1 AND r."date" = $2::date AND r.status = 'approved' AND r.deleted_at IS NULL
                AND r.id <> COALESCE($3::bigint, 0)) AS approved`,
    [day.tracker, day.date, exceptRequest],
  );
  const row = rows[0];
  return { limit: row?.limit == null ? null : Number(row.limit), approved: Number(row?.approved ?? 0) };
}

/** Each request's day beside its limit, what is approved and what remains: the requests list shows these. */
export async function dayCapsOf(db: Queryable, requestIds: readonly number[]): Promise<BizdevDayCap[]> {
  const { rows } = await db.query<{
    request: string;
    tracker: string;
    date: string;
    limit: string | null;
    approved: string;
  }>(
    `SELECT r.id::text AS request, r.tracker::text AS tracker, r."date"::text AS "date", l.cap::text AS "limit",
            (SELECT COALESCE(sum(a.cap), 0)::text FROM tracker.bizdev_requests a
              WHERE a.tracker = r.tracker AND a."date" = r."date" AND a.status = 'approved' AND a.deleted_at IS NULL) AS approved
       FROM tracker.bizdev_requests r
       LEFT JOIN tracker.bizdev_limits l ON l.tracker = r.tracker AND l."date" = r."date" AND l.deleted_at IS NULL
      WHERE r.id = ANY($1::bigint[])
      ORDER BY r.id`,
    [requestIds],
  );
  return rows.map((row) => {
    const limit = row.limit === null ? null : Number(row.limit);
    const approved = Number(row.approved);
    return {
      request: Number(row.request),
      tracker: Number(row.tracker),
      date: row.date,
      limit,
      approved,
      remaining: limit === null ? null : Math.max(limit - approved, 0),
    };
  });
}
