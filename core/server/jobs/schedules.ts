import { nextCronTime, parseCron } from './cron';
import type { JobLabel, ScheduleDefinition, ScheduleMissedPolicy } from './types';

/*
 * Recurring jobs. A schedule is declared in code (`context.jobs.schedule` in `register`) and kept
 * as a row of core.job_schedules, whose `next_run_at` is the one thing the copies agree through:
 * every copy's poll reads the due rows of the schedules it declares, and each fires a due
 * schedule with one compare-and-set, `UPDATE … SET next_run_at = <next> WHERE id = $1 AND
 * next_run_at = <due>`, so exactly one copy wins each period and enqueues its job (in the same
 * transaction, with the dedupe key `schedule:<id>` as a second guard). The next time is counted
 * from the database's clock, not the copy's.
 *
 * Missed periods (no copy ran when one fell due): `once` runs one job for all of them and then
 * goes on from the next period after now; `skip` runs none unless the due time is within a grace
 * (a minute, or the period when shorter: a poll is always a little late), and goes on from the
 * next period after now.
 *
 * A row whose schedule is no longer declared (its plugin disabled or the declaration removed) is
 * left in the table and fires on no copy: deleting it at start-up would fight a copy still running
 * the older code during a rolling upgrade, and it keeps its last run to show. The Jobs screen marks
 * it not declared.
 */

/** The shortest period: polls run every half second, and a schedule is not a busy loop. */
export const MIN_EVERY_MS = 1000;
/** The longest `every`: a year; longer belongs in a cron expression. */
const MAX_EVERY_MS = 366 * 24 * 60 * 60_000;
/** How late a `skip` schedule's run may be and still count as on time. */
export const ON_TIME_GRACE_MS = 60_000;

/** A declared schedule, checked, with its timing. */
export interface ScheduleEntry {
  readonly id: string;
  readonly kind: string;
  readonly payload: unknown;
  readonly everyMs: number | null;
  readonly cron: string | null;
  readonly missed: ScheduleMissedPolicy;
  readonly label: JobLabel | null;
  /** The first period's start strictly after `after`. */
  next(after: Date): Date;
}

/** The dedupe key every run of a schedule is enqueued with. */
export const scheduleDedupeKey = (id: string): string => `schedule:${id}`;
/** The subject of a schedule's jobs: the schedule's row. */
export const scheduleSubject = (id: string): string => `core.job_schedules:${id}`;

/** Checks a declaration's timing and payload (stopping start-up on a mistake) and gives its entry; the registry checks its id and kind. */
export function scheduleEntry(
  definition: ScheduleDefinition<unknown>,
  kind: string,
  label: JobLabel | null,
): ScheduleEntry {
  const { id } = definition;
  const payload = definition.payload ?? null;
  if (JSON.stringify(payload) === undefined) throw new Error(`Schedule "${id}": the payload must be a JSON value.`);
  const missed = definition.missed ?? 'once';
  if (missed !== 'once' && missed !== 'skip') throw new Error(`Schedule "${id}": missed is "once" or "skip".`);
  const base = { id, kind, payload: JSON.parse(JSON.stringify(payload)) as unknown, missed, label };
  if (definition.every !== undefined && definition.cron !== undefined)
    throw new Error(`Schedule "${id}" gives both every and cron; give one.`);
  if (definition.every !== undefined) {
    const every = definition.every;
    if (!Number.isInteger(every) || every < MIN_EVERY_MS || every > MAX_EVERY_MS) {
      throw new Error(
        `Schedule "${id}": every is a whole number of milliseconds from ${MIN_EVERY_MS} to ${MAX_EVERY_MS}.`,
      );
    }
    return {
      ...base,
      everyMs: every,
      cron: null,
      next: (after) => new Date((Math.floor(after.getTime() / every) + 1) * every),
    };
  }
  if (typeof definition.cron === 'string') {
    const expression = definition.cron.trim().replace(/\s+/g, ' ');
    let parsed: ReturnType<typeof parseCron>;
    try {
      parsed = parseCron(expression);
    } catch (error) {
      throw new Error(`Schedule "${id}": ${error instanceof Error ? error.message : String(error)}`);
    }
    // Fails now, not at the first run, on an expression that never matches (a 30th of February).
    nextCronTime(parsed, new Date(), expression);
    return { ...base, everyMs: null, cron: expression, next: (after) => nextCronTime(parsed, after, expression) };
  }
  throw new Error(`Schedule "${id}" needs every (milliseconds) or cron (5 fields, UTC).`);
}

/** What a copy that won a due period does: enqueue a job or not, and the next due time. */
export interface Firing {
  readonly run: boolean;
  readonly next: Date;
}

/** The firing of `schedule`, due at `due`, found at `now` (the database's clock). */
export function firingOf(schedule: ScheduleEntry, due: Date, now: Date): Firing {
  const next = schedule.next(now);
  if (schedule.missed === 'once') return { run: true, next };
  const period = schedule.next(due).getTime() - due.getTime();
  return { run: now.getTime() - due.getTime() <= Math.min(ON_TIME_GRACE_MS, period), next };
}
