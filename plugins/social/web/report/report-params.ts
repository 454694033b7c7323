import { readReportPeriod, reportDays, writeReportPeriod, type ReportPeriod } from '@core/sdk/web';
import { groupingsAt, REPORT_GROUPINGS, type ReportGrouping } from '../../shared/report';
import { REPORT_LEVELS, type ReportLevel } from '../../shared/resources';

/*
 * The report page's state, kept in the URL so a reload or a shared link shows the same report:
 * `?period=last_7_days&level=campaign&group=date&ad_account=3`, or `?period=custom&from=…&to=…`
 * (the period as the SDK keeps it). Whatever the URL holds that is not a valid choice falls back
 * to the default, never to an error page.
 */

/** What the chart draws for each group. */
export const CHART_MEASURES = ['spent', 'clicks'] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

export interface ReportParams extends ReportPeriod {
  readonly level: ReportLevel;
  readonly group: ReportGrouping;
  readonly adAccount: number | null;
  /** Only below the account level: an account's rows belong to no campaign. */
  readonly campaign: number | null;
  readonly measure: ChartMeasure;
}

export const DEFAULT_REPORT_PARAMS: ReportParams = {
  period: 'last_7_days',
  from: '',
  to: '',
  level: 'campaign',
  group: 'date',
  adAccount: null,
  campaign: null,
  measure: 'spent',
};

const ID = /^[1-9]\d{0,15}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

/** The choices made consistent: a grouping the level's rows have, no campaign at the account level. */
function consistent(params: ReportParams): ReportParams {
  return {
    ...params,
    group: groupingsAt(params.level).includes(params.group) ? params.group : 'date',
    campaign: params.level === 'account' ? null : params.campaign,
  };
}

export function readReportParams(search: URLSearchParams): ReportParams {
  const id = (name: string) => (ID.test(search.get(name) ?? '') ? Number(search.get(name)) : null);
  return consistent({
    ...readReportPeriod(search, DEFAULT_REPORT_PARAMS.period),
    level: oneOf(REPORT_LEVELS, search.get('level')) ?? DEFAULT_REPORT_PARAMS.level,
    group: oneOf(REPORT_GROUPINGS, search.get('group')) ?? DEFAULT_REPORT_PARAMS.group,
    adAccount: id('ad_account'),
    campaign: id('campaign'),
    measure: oneOf(CHART_MEASURES, search.get('measure')) ?? DEFAULT_REPORT_PARAMS.measure,
  });
}

export function writeReportParams(params: ReportParams): URLSearchParams {
  const next = consistent(params);
  const search = writeReportPeriod(next, new URLSearchParams());
  search.set('level', next.level);
  search.set('group', next.group);
  if (next.adAccount !== null) search.set('ad_account', String(next.adAccount));
  if (next.campaign !== null) search.set('campaign', String(next.campaign));
  if (next.measure !== DEFAULT_REPORT_PARAMS.measure) search.set('measure', next.measure);
  return search;
}

/** `GET report` and `GET report.csv`'s query (shared/report.ts ReportQuery), or null while a custom period lacks a day. */
export function reportQuery(params: ReportParams, today: Date): Record<string, string> | null {
  const period = reportDays(params, today);
  if (!period) return null;
  const query: Record<string, string> = { from: period.from, to: period.to, level: params.level, group: params.group };
  if (params.adAccount !== null) query.ad_account = String(params.adAccount);
  if (params.campaign !== null) query.campaign = String(params.campaign);
  return query;
}
