import { isDatePreset, resolveDatePreset, type DatePreset } from '@core/sdk/shared';
import type { AssetStatus } from '../../shared/reports';
import { ASSET_STATUSES } from '../../shared/resources';

/*
 * The report page's filters live in the URL as the engine's own list filters
 * (`filter[team][eq]=3`, `filter[report_date][preset]=last_7_days`, a custom period as
 * `filter[report_date][gte]` and `[lte]`), so the list of rows below, its chips and its CSV export
 * follow the same filters as the charts, and a reload or a shared link shows the same report.
 * Filters the list's own panel adds in other ways (a vertical that *contains*…) narrow the list
 * only; the charts follow the four filters read here.
 */

export type PeriodChoice = DatePreset | 'custom' | 'any';

export interface ReportFilterValues {
  readonly team: number | null;
  /** Exact vertical; empty for any. */
  readonly vertical: string;
  readonly status: AssetStatus | null;
  readonly period: PeriodChoice;
  /** The custom period's days (`YYYY-MM-DD`), each empty when open. */
  readonly from: string;
  readonly to: string;
}

const KEYS = {
  team: 'filter[team][eq]',
  vertical: 'filter[vertical][eq]',
  status: 'filter[status][eq]',
  preset: 'filter[report_date][preset]',
  from: 'filter[report_date][gte]',
  to: 'filter[report_date][lte]',
} as const;

const ID = /^[1-9]\d{0,15}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isStatus = (value: string): value is AssetStatus => (ASSET_STATUSES as readonly string[]).includes(value);

export function readReportFilters(search: URLSearchParams): ReportFilterValues {
  const text = (key: string) => search.get(key) ?? '';
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  const preset = text(KEYS.preset);
  const from = day(KEYS.from);
  const to = day(KEYS.to);
  const status = text(KEYS.status);
  return {
    team: ID.test(text(KEYS.team)) ? Number(text(KEYS.team)) : null,
    vertical: text(KEYS.vertical),
    status: isStatus(status) ? status : null,
    period: isDatePreset(preset) ? preset : from || to ? 'custom' : 'any',
    from,
    to,
  };
}

/** The URL with these filters in place of the ones it had, back on the list's first page; its other parameters kept. */
export function writeReportFilters(search: URLSearchParams, filters: ReportFilterValues): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of [...Object.values(KEYS), 'page']) next.delete(key);
  if (filters.team !== null) next.set(KEYS.team, String(filters.team));
  if (filters.vertical.trim() !== '') next.set(KEYS.vertical, filters.vertical.trim());
  if (filters.status !== null) next.set(KEYS.status, filters.status);
  if (isDatePreset(filters.period)) next.set(KEYS.preset, filters.period);
  if (filters.period === 'custom') {
    if (filters.from) next.set(KEYS.from, filters.from);
    if (filters.to) next.set(KEYS.to, filters.to);
  }
  return next;
}

/** `GET reports/summary`'s query for these filters; a preset is counted from `today` where the reader is, as the list counts it. */
export function summaryQuery(filters: ReportFilterValues, today: Date): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.team !== null) query.team = String(filters.team);
  if (filters.vertical !== '') query.vertical = filters.vertical;
  if (filters.status !== null) query.status = filters.status;
  if (isDatePreset(filters.period)) Object.assign(query, resolveDatePreset(filters.period, today));
  else if (filters.period === 'custom') {
    if (filters.from) query.from = filters.from;
    if (filters.to) query.to = filters.to;
  }
  return query;
}
