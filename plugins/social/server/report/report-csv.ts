import { csvRow } from '@core/sdk/server';
import type { ReportFigures, ReportGrouping, SocialReport, UnconvertedSpent } from '../../shared/report';

/*
 * The report as CSV (`GET report.csv`): a header of English column names, one line per row with
 * its label, then a Total line. Cells keep every digit the API answers; a null (a rate whose
 * divisor is zero, spent in dollars without a rate) is an empty cell, and the spent a rate was
 * missing for is named beside the dollars it is not in. A byte-order mark makes
 * spreadsheet programs read the names as UTF-8.
 */

const GROUP_COLUMNS: Readonly<Record<ReportGrouping, string>> = {
  date: 'Date',
  ad_account: 'Ad account',
  campaign: 'Campaign',
  adset: 'Adset',
  ad: 'Ad',
};

/** What spent USD leaves out for want of a rate, each currency's spent and rows: "EUR 1.00 (1 rows); JPY 500 (2 rows)". */
const unconvertedCell = (unconverted: readonly UnconvertedSpent[]): string | null =>
  unconverted.length === 0 ? null : unconverted.map(({ currency, spent, rows }) => `${currency} ${spent} (${rows} rows)`).join('; ');

const FIGURE_COLUMNS: readonly (readonly [string, (figures: ReportFigures) => string | number | null])[] = [
  ['Clicks', (figures) => figures.clicks],
  ['Views', (figures) => figures.views],
  ['Leads', (figures) => figures.leads],
  ['Spent', (figures) => figures.spent],
  ['Currency', (figures) => figures.currency],
  ['Spent USD', (figures) => figures.spent_usd],
  ['Not in spent USD', (figures) => unconvertedCell(figures.unconverted)],
  ['Rates currency', (figures) => figures.rates_currency],
  ['CPC', (figures) => figures.cpc],
  ['CPM', (figures) => figures.cpm],
  ['CPL', (figures) => figures.cpl],
  ['CTR %', (figures) => figures.ctr],
];

export const TOTAL_LABEL = 'Total';

const figureCells = (figures: ReportFigures) => FIGURE_COLUMNS.map(([, value]) => value(figures));

export function reportCsv(report: SocialReport, group: ReportGrouping): string {
  const header = csvRow([GROUP_COLUMNS[group], ...FIGURE_COLUMNS.map(([name]) => name)]);
  const rows = report.rows.map((row) => csvRow([row.label, ...figureCells(row)]));
  return `\uFEFF${header}${rows.join('')}${csvRow([TOTAL_LABEL, ...figureCells(report.totals)])}`;
}
