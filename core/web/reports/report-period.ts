import {
  CUSTOM_DATE_RANGE,
  DATE_PRESETS,
  isDatePreset,
  resolveDatePreset,
  type DateRange,
  type DateRangeChoice,
} from '@core/shared/resource/date-presets';

/*
 * A report page's period, kept in its URL so a reload or a shared link shows the same days:
 * `?period=last_month`, or `?period=custom&from=2026-01-01&to=2026-01-31`. A preset stays a name,
 * so a link opened next month still means "last month"; it becomes days only when the report is
 * asked for (`reportDays`). Whatever the URL holds that is not a valid choice falls back to the
 * page's default, never to an error page.
 */

/** A date preset, or `custom` for days the user types. */
export type PeriodChoice = DateRangeChoice;

/** The choices in the order a period dropdown offers them. */
export const PERIOD_CHOICES: readonly PeriodChoice[] = [...DATE_PRESETS, CUSTOM_DATE_RANGE];

export interface ReportPeriod {
  readonly period: PeriodChoice;
  /** The custom period's days (`YYYY-MM-DD`); empty until chosen. Kept while a preset is chosen, not written. */
  readonly from: string;
  readonly to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isPeriodChoice = (value: string): value is PeriodChoice => value === CUSTOM_DATE_RANGE || isDatePreset(value);

/** The period the URL names (`period`, `from`, `to`); `fallback` when it names none or a wrong one, a wrong day read as empty. */
export function readReportPeriod(search: URLSearchParams, fallback: PeriodChoice): ReportPeriod {
  const period = search.get('period') ?? '';
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return { period: isPeriodChoice(period) ? period : fallback, from: day('from'), to: day('to') };
}

/** Writes the period into `search` (the days only for a custom period, and only those chosen) and returns it. */
export function writeReportPeriod(value: ReportPeriod, search: URLSearchParams): URLSearchParams {
  search.set('period', value.period);
  for (const name of ['from', 'to'] as const) {
    if (value.period === CUSTOM_DATE_RANGE && value[name]) search.set(name, value[name]);
    else search.delete(name);
  }
  return search;
}

/** The days the period covers: a preset counted from `today` where the reader is; null while a custom period lacks a day. */
export function reportDays(value: ReportPeriod, today: Date): DateRange | null {
  if (value.period !== CUSTOM_DATE_RANGE) return resolveDatePreset(value.period, today);
  return value.from && value.to ? { from: value.from, to: value.to } : null;
}
