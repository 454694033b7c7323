// A schedule run once per period across copies: every copy polls the due schedules, and one
// compare-and-set per period decides which copy enqueues its job. The check takes the declared
// schedule with the shortest period (the shop's reservation sweep, a minute) and, rather than wait
// for its periods, makes it due now a few times, as a period falling due does (next_run_at is all
// the copies agree through), counting one job per period; its own periods that fall due meanwhile
// count as well.
import { CheckFailure, sleep, waitFor } from './http.mjs';

const ROUNDS = 3;
const LONGEST_PERIOD_MS = 60_000;
/** How far from a period of its own a forced one is made due (its own fire within a poll or two). */
const APART_MS = 2_000;

const SHORTEST = `SELECT id, COALESCE(every_ms, 60000)::float8 AS period_ms,
    (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
  FROM core.job_schedules
  WHERE every_ms <= $1 OR cron = '* * * * *'
  ORDER BY COALESCE(every_ms, 60000), id LIMIT 1`;
const NOW = 'SELECT (extract(epoch FROM now()) * 1000)::float8 AS now';
// Milliseconds, as the copies write it: their compare-and-set sends the due time back as a JS Date.
const MAKE_DUE = `UPDATE core.job_schedules SET next_run_at = date_trunc('milliseconds', now()) WHERE id = $1
  RETURNING (extract(epoch FROM next_run_at) * 1000)::float8 AS due`;
const NEXT_RUN =
  'SELECT (extract(epoch FROM next_run_at) * 1000)::float8 AS next, last_lag_ms::float8 AS lag FROM core.job_schedules WHERE id = $1';
const RUNS = `SELECT count(*)::int AS runs, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM core.jobs WHERE dedupe_key = $1`;

/**
 * Waits while a period of the schedule's own is within APART_MS (either side), so a forced period is
 * never merged with one of its own, and its own are all fired when counted. Resolves the database's time.
 */
async function awayFromBoundary(sql, period) {
  const now = (await sql.query(NOW)).rows[0].now;
  const since = now % period;
  const wait = since < APART_MS ? APART_MS - since : period - since < APART_MS ? period - since + APART_MS : 0;
  if (wait === 0) return now;
  await sleep(wait);
  return (await sql.query(NOW)).rows[0].now;
}

/** Period boundaries (multiples of `period`) in (from, to]. */
const boundaries = (from, to, period) => Math.max(0, Math.floor(to / period) - Math.floor(from / period));

export async function checkSchedule({ sql, copies, figures }) {
  // Each copy writes its declared schedules' rows at its runner's first poll, just after it listens.
  const schedule = await waitFor(
    'a declared schedule that runs at least once a minute (core.job_schedules)',
    async () => {
      const { rows } = await sql.query(SHORTEST, [LONGEST_PERIOD_MS]);
      return rows[0];
    },
    { timeoutMs: 5_000, everyMs: 200 },
  );
  const period = schedule.period_ms;
  const fired = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await awayFromBoundary(sql, period);
    const { due } = (await sql.query(MAKE_DUE, [schedule.id])).rows[0];
    const moved = await waitFor(
      `schedule ${schedule.id} firing once it is due`,
      async () => {
        const { rows } = await sql.query(NEXT_RUN, [schedule.id]);
        return rows[0].next > due ? rows[0] : undefined;
      },
      { timeoutMs: 5_000, everyMs: 50 },
    );
    fired.push(moved.lag);
  }
  // Its job is enqueued in the transaction that moved next_run_at: counted now, every firing shows.
  const now = await awayFromBoundary(sql, period);
  const own = boundaries(schedule.created_ms, now, period);
  const { runs, failed } = (await sql.query(RUNS, [`schedule:${schedule.id}`])).rows[0];
  figures.add(
    `schedule ${schedule.id} (every ${(period / 1000).toFixed(0)} s) on ${copies.length} copies`,
    `${runs} run(s) for ${ROUNDS} forced + ${own} own period(s); fired ${fired.map((lag) => `${lag} ms`).join(', ')} after due`,
  );
  if (runs !== ROUNDS + own)
    throw new CheckFailure(`schedule ${schedule.id} ran ${runs} time(s) in ${ROUNDS + own} period(s)`);
  if (failed > 0) throw new CheckFailure(`schedule ${schedule.id}: ${failed} of its runs failed`);
}
