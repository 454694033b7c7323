import { DATE_PRESETS, formatMessage, resolveDatePreset, type DateRange } from '@core/sdk/shared';
import { validationError } from '@core/sdk/server';
import {
  MAX_REPORT_DAYS,
  MAX_REPORT_GROUPINGS,
  REPORT_GROUPINGS,
  type ReportGrouping,
  type ReportQuery,
} from '../../shared/report';

/** A report request once checked: the days, the groupings in order, and the tracker if one was named. */
export interface ReportRequest {
  readonly period: DateRange;
  readonly grouping: readonly ReportGrouping[];
  readonly trackerId: number | null;
}

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/** The query schema of `GET report` and `GET report/export`: shapes only; the rules are below. */
export const REPORT_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['group'],
  properties: {
    preset: { type: 'string', enum: DATE_PRESETS },
    from: { type: 'string', pattern: DAY },
    to: { type: 'string', pattern: DAY },
    group: { type: 'string', maxLength: 100 },
    tracker: { type: 'integer', minimum: 1 },
  },
} as const;

export const PERIOD_REQUIRED = 'Choose a period: a preset, or both from and to.';
export const PERIOD_AMBIGUOUS = 'Choose either a preset or from and to, not both.';
export const NOT_A_DAY = 'This is not a calendar day.';
export const PERIOD_REVERSED = 'The period cannot end before it starts.';
export const PERIOD_TOO_LONG = 'A period can span at most {days} days.';
export const GROUPING_UNKNOWN = 'Group by one or two of: {groupings}.';
export const GROUPING_REPEATED = 'The two groupings must differ.';

const DAY_MS = 86_400_000;

/** Milliseconds of a `YYYY-MM-DD` day at midnight UTC, or null when no such day exists (2026-02-30). */
function dayTime(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

function period(query: ReportQuery, today: string): DateRange {
  const custom = query.from !== undefined || query.to !== undefined;
  if (query.preset !== undefined && custom) throw validationError({ preset: [PERIOD_AMBIGUOUS] });
  if (query.preset !== undefined) return resolveDatePreset(query.preset, today);
  if (query.from === undefined || query.to === undefined)
    throw validationError({ [query.from === undefined ? 'from' : 'to']: [PERIOD_REQUIRED] });
  const from = dayTime(query.from);
  const to = dayTime(query.to);
  if (from === null) throw validationError({ from: [NOT_A_DAY] });
  if (to === null) throw validationError({ to: [NOT_A_DAY] });
  if (to < from) throw validationError({ to: [PERIOD_REVERSED] });
  if ((to - from) / DAY_MS + 1 > MAX_REPORT_DAYS)
    throw validationError({ to: [formatMessage(PERIOD_TOO_LONG, { days: String(MAX_REPORT_DAYS) })] });
  return { from: query.from, to: query.to };
}

const isGrouping = (value: string): value is ReportGrouping => (REPORT_GROUPINGS as readonly string[]).includes(value);

function grouping(group: string): ReportGrouping[] {
  const names = group.split(',').map((name) => name.trim());
  const unknown = formatMessage(GROUPING_UNKNOWN, { groupings: REPORT_GROUPINGS.join(', ') });
  if (names.length > MAX_REPORT_GROUPINGS || !names.every(isGrouping)) throw validationError({ group: [unknown] });
  if (new Set(names).size !== names.length) throw validationError({ group: [GROUPING_REPEATED] });
  return names;
}

/** The request a query asks for; a preset is counted from `today` (`YYYY-MM-DD`). 422 naming the field at fault. */
export function readReportRequest(query: ReportQuery, today: string): ReportRequest {
  return { period: period(query, today), grouping: grouping(query.group), trackerId: query.tracker ?? null };
}
