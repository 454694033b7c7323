import { readReportPeriod, writeReportPeriod, type ReportPeriod } from '@core/sdk/web';
import { MAX_REPORT_GROUPINGS, REPORT_GROUPINGS, type ReportGrouping } from '../../shared/report';

/*
 * The report page's state, kept in the URL so a reload or a shared link shows the same report:
 * `?period=last_7_days&group=day,offer&tracker=3`, or `?period=custom&from=…&to=…` (the period as
 * the SDK keeps it). Whatever the URL holds that is not a valid choice falls back to the default,
 * never to an error page.
 */

export interface ReportParams extends ReportPeriod {
  readonly grouping: readonly ReportGrouping[];
  readonly tracker: number | null;
}

export const DEFAULT_REPORT_PARAMS: ReportParams = {
  period: 'last_7_days',
  from: '',
  to: '',
  grouping: ['day'],
  tracker: null,
};

const isGrouping = (value: string): value is ReportGrouping => (REPORT_GROUPINGS as readonly string[]).includes(value);

function groupingOf(text: string | null): readonly ReportGrouping[] {
  const names = (text ?? '').split(',').filter(isGrouping);
  const distinct = [...new Set(names)].slice(0, MAX_REPORT_GROUPINGS);
  return distinct.length > 0 ? distinct : DEFAULT_REPORT_PARAMS.grouping;
}

export function readReportParams(search: URLSearchParams): ReportParams {
  const tracker = Number(search.get('tracker'));
  return {
    ...readReportPeriod(search, DEFAULT_REPORT_PARAMS.period),
    grouping: groupingOf(search.get('group')),
    tracker: Number.isSafeInteger(tracker) && tracker > 0 ? tracker : null,
  };
}

export function writeReportParams(params: ReportParams): URLSearchParams {
  const search = writeReportPeriod(params, new URLSearchParams());
  search.set('group', params.grouping.join(','));
  if (params.tracker !== null) search.set('tracker', String(params.tracker));
  return search;
}

/** The API's query for these params (shared/report.ts ReportQuery), or null while a custom period lacks a day. */
export function reportQuery(params: ReportParams): Record<string, string> | null {
  const query: Record<string, string> = { group: params.grouping.join(',') };
  if (params.period === 'custom') {
    if (!params.from || !params.to) return null;
    query.from = params.from;
    query.to = params.to;
  } else query.preset = params.period;
  if (params.tracker !== null) query.tracker = String(params.tracker);
  return query;
}
