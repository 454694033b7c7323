import type { Queryable } from '@core/sdk/server';
import type { UsdRateSource } from '@plugins/finance/server/services';
import type { ReportQuery, ReportRow, SocialReport } from '../../shared/report';
import { recordNames, reportCells, type ReportCell } from './report-cells';
import { figuresOf, type RateOf } from './report-figures';

/** The rate of every currency and day the cells hold, asked once each; null when finance is off. */
async function ratesOf(cells: readonly ReportCell[], rates: UsdRateSource | null): Promise<RateOf> {
  if (rates === null) return null;
  const known = new Map<string, string | null>();
  const key = (currency: string, date: string): string => `${currency} ${date}`;
  for (const cell of cells) {
    const pair = key(cell.currency, cell.date);
    if (!known.has(pair)) known.set(pair, await rates.usdRate(cell.currency, cell.date));
  }
  return (currency, date) => known.get(key(currency, date)) ?? null;
}

/** Each group's label: the day as it is, a record by its name (its id when it has none). */
async function labelsOf(db: Queryable, query: ReportQuery, keys: readonly string[]): Promise<(key: string) => string> {
  if (query.group === 'date') return (key) => key;
  const names = await recordNames(db, query.group, keys);
  return (key) => names.get(key) ?? key;
}

/** The report a (checked) query asks for: one row per group, in day order or by name, and the totals. */
export async function buildSocialReport(
  db: Queryable,
  rates: UsdRateSource | null,
  query: ReportQuery,
): Promise<SocialReport> {
  const cells = await reportCells(db, query);
  const rateOf = await ratesOf(cells, rates);
  const groups = new Map<string, ReportCell[]>();
  for (const cell of cells) {
    const group = groups.get(cell.key);
    if (group) group.push(cell);
    else groups.set(cell.key, [cell]);
  }
  const label = await labelsOf(db, query, [...groups.keys()]);
  const rows: ReportRow[] = [...groups].map(([key, group]) => ({
    key,
    label: label(key),
    ...figuresOf(group, rateOf),
  }));
  rows.sort((a, b) =>
    query.group === 'date'
      ? a.key.localeCompare(b.key)
      : a.label.localeCompare(b.label) || Number(a.key) - Number(b.key),
  );
  return { rows, totals: figuresOf(cells, rateOf), usd_available: rates !== null };
}
