/**
 * The list filters' date presets as pure calendar arithmetic: a preset and today's date give an
 * inclusive range of calendar days. Weeks start on Sunday. No time zone is involved:
 * days are `YYYY-MM-DD` strings and the arithmetic runs on UTC dates, so daylight-saving changes
 * cannot move a boundary.
 */

/** Presets in the order the filter panel offers them; `custom` (typed dates) is not one of them. */
export const DATE_PRESETS = [
  'today',
  'tomorrow',
  'yesterday',
  'last_2_days',
  'last_3_days',
  'last_7_days',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number];

/** What the panel offers: a preset, or `custom` for dates the user types. */
export const CUSTOM_DATE_RANGE = 'custom';
export type DateRangeChoice = DatePreset | typeof CUSTOM_DATE_RANGE;

/** Sunday, as `Date.getUTCDay()` counts (the product's weeks start on Sunday). */
export const FIRST_DAY_OF_WEEK = 0;

/** Inclusive calendar days, `YYYY-MM-DD`. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isDatePreset(value: string): value is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** The calendar day a local `Date` falls on, `YYYY-MM-DD` (the browser's own time zone). */
export function localIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function toUtc(day: string): Date {
  const match = ISO_DATE.exec(day);
  if (!match) throw new Error(`"${day}" is not a YYYY-MM-DD date`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function fromUtc(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/**
 * Calendar days from `today` (a `YYYY-MM-DD` string, or a `Date` read in the browser's time zone)
 * to `day` (`YYYY-MM-DD`): 0 on the day itself, 1 the day before, negative once it has passed.
 * Throws on a string that is not a `YYYY-MM-DD` date.
 */
export function daysUntil(day: string, today: string | Date = new Date()): number {
  const from = toUtc(typeof today === 'string' ? today : localIsoDate(today));
  return Math.round((toUtc(day).getTime() - from.getTime()) / DAY_MS);
}

function range(from: Date, to: Date): DateRange {
  return { from: fromUtc(from), to: fromUtc(to) };
}

/**
 * The days a preset covers, counted from `today` (a `YYYY-MM-DD` string, or a `Date` read in the
 * browser's time zone). "Last N days" are the N days ending today, today included. "This week" is
 * Sunday to Saturday around today; "last week" the one before. Months are whole calendar months.
 */
export function resolveDatePreset(preset: DatePreset, today: string | Date): DateRange {
  const day = toUtc(typeof today === 'string' ? today : localIsoDate(today));
  switch (preset) {
    case 'today':
      return range(day, day);
    case 'tomorrow':
      return range(addDays(day, 1), addDays(day, 1));
    case 'yesterday':
      return range(addDays(day, -1), addDays(day, -1));
    case 'last_2_days':
      return range(addDays(day, -1), day);
    case 'last_3_days':
      return range(addDays(day, -2), day);
    case 'last_7_days':
      return range(addDays(day, -6), day);
    case 'this_week':
    case 'last_week': {
      const sinceStart = (day.getUTCDay() - FIRST_DAY_OF_WEEK + 7) % 7;
      const start = addDays(day, -sinceStart - (preset === 'last_week' ? 7 : 0));
      return range(start, addDays(start, 6));
    }
    case 'this_month':
    case 'last_month': {
      const shift = preset === 'last_month' ? 1 : 0;
      const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - shift, 1));
      // Day 0 of the next month is the last day of this one.
      const end = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - shift + 1, 0));
      return range(start, end);
    }
  }
}
