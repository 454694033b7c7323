import { localIsoDate } from '@core/shared/resource/date-presets';

/*
 * Calendar arithmetic for the date and month pickers, on `YYYY-MM-DD` days and `YYYY-MM` months.
 * It runs on UTC dates, so no time zone or daylight-saving change can move a day.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Six weeks hold every month wherever its first day falls, so the grid keeps its size. */
const GRID_WEEKS = 6;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const fromUtc = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function toUtc(day: string): Date {
  const match = ISO_DAY.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(Number.NaN);
}

export function isIsoDay(text: string): boolean {
  return ISO_DAY.test(text) && !Number.isNaN(toUtc(text).getTime()) && fromUtc(toUtc(text)) === text;
}

export function isIsoMonth(text: string): boolean {
  const match = ISO_MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** Today in the browser's own time zone. */
export function today(): string {
  return localIsoDate(new Date());
}

export function addDays(day: string, days: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + days * DAY_MS));
}

/** The same day `months` later, kept inside the month it lands in (January 31 + 1 → February 28). */
export function addMonths(day: string, months: number): string {
  const date = toUtc(day);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date.getUTCDate(), lastDay))));
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The first day of the week `day` is in, for a week starting on `firstDayOfWeek` (0 Sunday, 1 Monday). */
export function weekStart(day: string, firstDayOfWeek: number): string {
  return addDays(day, -((toUtc(day).getUTCDay() - firstDayOfWeek + 7) % 7));
}

/** A month's grid: six weeks of days, from the week holding its first day. */
export function monthWeeks(month: string, firstDayOfWeek: number): readonly (readonly string[])[] {
  const start = weekStart(`${month}-01`, firstDayOfWeek);
  return Array.from({ length: GRID_WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, index) => addDays(start, week * 7 + index)),
  );
}

/** Whether `day` (or a month, with `YYYY-MM` bounds) lies within the optional bounds; ISO text compares in calendar order. */
export function withinBounds(value: string, min?: string, max?: string): boolean {
  return (!min || value >= min.slice(0, value.length)) && (!max || value <= max.slice(0, value.length));
}

/** `day` moved into the bounds when it lies outside them. */
export function clampDay(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}
