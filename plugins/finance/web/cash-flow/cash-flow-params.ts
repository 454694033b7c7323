import { readReportPeriod, reportDays, writeReportPeriod, type ReportPeriod } from '@core/sdk/web';
import { CASH_FLOW_GROUPS, type CashFlowGroup } from '../../shared/cash-flow';

/*
 * The cash flow page's state, kept in the URL so a reload or a shared link shows the same report:
 * `?period=last_month&group=article&wallet=3`, or `?period=custom&from=…&to=…` (the period as the
 * SDK keeps it). Whatever the URL holds that is not a valid choice falls back to the default, never
 * to an error page.
 */

/** The filters the report takes, by their URL name and the query's. */
export const CASH_FLOW_FILTERS = [
  ['wallet', 'wallet_id'],
  ['project', 'project_id'],
  ['division', 'division_id'],
  ['article', 'article_id'],
] as const;
export type CashFlowFilter = (typeof CASH_FLOW_FILTERS)[number][0];

export interface CashFlowParams extends ReportPeriod {
  readonly group: CashFlowGroup;
  readonly filters: Readonly<Record<CashFlowFilter, number | null>>;
}

export const DEFAULT_CASH_FLOW_PARAMS: CashFlowParams = {
  period: 'this_month',
  from: '',
  to: '',
  group: 'article',
  filters: { wallet: null, project: null, division: null, article: null },
};

const ID = /^[1-9]\d{0,15}$/;

export function readCashFlowParams(search: URLSearchParams): CashFlowParams {
  const id = (name: string) => (ID.test(search.get(name) ?? '') ? Number(search.get(name)) : null);
  return {
    ...readReportPeriod(search, DEFAULT_CASH_FLOW_PARAMS.period),
    group: CASH_FLOW_GROUPS.find((group) => group === search.get('group')) ?? DEFAULT_CASH_FLOW_PARAMS.group,
    filters: { wallet: id('wallet'), project: id('project'), division: id('division'), article: id('article') },
  };
}

export function writeCashFlowParams(params: CashFlowParams): URLSearchParams {
  const search = writeReportPeriod(params, new URLSearchParams());
  search.set('group', params.group);
  for (const [name] of CASH_FLOW_FILTERS) {
    const id = params.filters[name];
    if (id !== null) search.set(name, String(id));
  }
  return search;
}

/** `GET cash-flow`'s query (shared/cash-flow.ts CashFlowQuery), or null while a custom period lacks a day. */
export function cashFlowQuery(params: CashFlowParams, today: Date): Record<string, string> | null {
  const period = reportDays(params, today);
  if (!period) return null;
  const query: Record<string, string> = { from: period.from, to: period.to, group: params.group };
  for (const [name, field] of CASH_FLOW_FILTERS) {
    const id = params.filters[name];
    if (id !== null) query[field] = String(id);
  }
  return query;
}
