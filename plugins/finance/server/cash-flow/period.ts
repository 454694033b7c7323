import type { CashFlowMonth } from '../../shared/cash-flow';

/*
 * Calendar arithmetic on `YYYY-MM-DD` days, in UTC so no time zone moves a date. Only dates are
 * numbers here; amounts never are.
 */

const DAY_MS = 86_400_000;

/** Milliseconds of a day at midnight UTC, or null when no such day exists (2026-02-30). */
export function dayTime(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

/** How many days `from`..`to` spans, both included. */
export function daysIn(from: number, to: number): number {
  return (to - from) / DAY_MS + 1;
}

export function shiftDay(day: string, days: number): string {
  const moved = new Date(`${day}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The calendar months `from`..`to` touches, the first and last cut to the period. */
export function monthsOf(from: string, to: string): CashFlowMonth[] {
  const months: CashFlowMonth[] = [];
  let start = from;
  while (start <= to) {
    const first = new Date(`${start.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() + 1);
    const next = first.toISOString().slice(0, 10);
    const end = shiftDay(next, -1);
    months.push({ month: start.slice(0, 7), from: start, to: end < to ? end : to });
    start = next;
  }
  return months;
}
