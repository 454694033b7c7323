import type { ReportFigures, ReportGrouping, SocialReport } from '../../shared/report';

/*
 * The report as CSV (`GET report.csv`): a header of English column names, one line per row with
 * its label, then a Total line. Cells keep every digit the API answers; a null (a rate whose
 * divisor is zero, spent in dollars without a rate) is an empty cell. A byte-order mark makes
 * spreadsheet programs read the names as UTF-8.
 *
 * The SDK exports no CSV writer (the engine's own, core/server/resource/csv.ts, is not in it), so
 * the few lines of RFC 4180 writing are here.
 */

const GROUP_COLUMNS: Readonly<Record<ReportGrouping, string>> = {
  date: 'Date',
  ad_account: 'Ad account',
  campaign: 'Campaign',
  adset: 'Adset',
  ad: 'Ad',
};

const FIGURE_COLUMNS: readonly (readonly [string, (figures: ReportFigures) => string | number | null])[] = [
  ['Clicks', (figures) => figures.clicks],
  ['Views', (figures) => figures.views],
  ['Leads', (figures) => figures.leads],
  ['Spent', (figures) => figures.spent],
  ['Currency', (figures) => figures.currency],
  ['Spent USD', (figures) => figures.spent_usd],
  ['Rates currency', (figures) => figures.rates_currency],
  ['CPC', (figures) => figures.cpc],
  ['CPM', (figures) => figures.cpm],
  ['CPL', (figures) => figures.cpl],
  ['CTR %', (figures) => figures.ctr],
];

export const TOTAL_LABEL = 'Total';

/** A cell quoted when it holds a separator, a quote or a line break; text a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (cells: readonly (string | number | null)[]): string => `${cells.map(cell).join(',')}\r\n`;
const figureCells = (figures: ReportFigures) => FIGURE_COLUMNS.map(([, value]) => value(figures));

export function reportCsv(report: SocialReport, group: ReportGrouping): string {
  const header = line([GROUP_COLUMNS[group], ...FIGURE_COLUMNS.map(([name]) => name)]);
  const rows = report.rows.map((row) => line([row.label, ...figureCells(row)]));
  return `\uFEFF${header}${rows.join('')}${line([TOTAL_LABEL, ...figureCells(report.totals)])}`;
}
