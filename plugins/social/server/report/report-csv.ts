import type { PeopleCsv } from '@core/sdk/server';
import type { ReportFigures, ReportGrouping, SocialReport, UnconvertedSpent } from '../../shared/report';

/*
 * The report as CSV (`GET report.csv`), for the person who downloads it (PeopleCsv): titles in
 * their language, one line per row with its label (a day in their form), then a Total line.
 * Figures keep every digit the API answers, with their decimal separator; a null (a rate whose
 * divisor is zero, spent in dollars without a rate) is an empty cell, and the spent a rate was
 * missing for is named beside the dollars it is not in.
 */

const GROUP_TITLES: Readonly<Record<ReportGrouping, string>> = {
  date: 'social:report.groupings.date',
  ad_account: 'social:report.groupings.ad_account',
  campaign: 'social:report.groupings.campaign',
  adset: 'social:report.groupings.adset',
  ad: 'social:report.groupings.ad',
};

/** What spent USD leaves out for want of a rate, each currency's spent and rows: "€1.00 (1 rows); ¥500 (2 rows)". */
const unconvertedCell = (csv: PeopleCsv, unconverted: readonly UnconvertedSpent[]): string =>
  csv.text(
    unconverted
      .map(({ currency, spent, rows }) =>
        csv.say('social:report.csv.unconvertedCell', { spent: csv.format.money(spent, currency), rows: String(rows) }),
      )
      .join('; '),
  );

const FIGURE_COLUMNS: readonly (readonly [string, (csv: PeopleCsv, figures: ReportFigures) => string])[] = [
  ['social:report.measures.clicks', (csv, figures) => csv.number(figures.clicks)],
  ['social:report.measures.views', (csv, figures) => csv.number(figures.views)],
  ['social:report.measures.leads', (csv, figures) => csv.number(figures.leads)],
  ['social:report.measures.spent', (csv, figures) => csv.number(figures.spent)],
  ['social:report.measures.currency', (csv, figures) => csv.text(figures.currency)],
  ['social:report.measures.spentUsd', (csv, figures) => csv.number(figures.spent_usd)],
  ['social:report.csv.notInSpentUsd', (csv, figures) => unconvertedCell(csv, figures.unconverted)],
  ['social:report.csv.ratesCurrency', (csv, figures) => csv.text(figures.rates_currency)],
  ['social:report.measures.cpc', (csv, figures) => csv.number(figures.cpc)],
  ['social:report.measures.cpm', (csv, figures) => csv.number(figures.cpm)],
  ['social:report.measures.cpl', (csv, figures) => csv.number(figures.cpl)],
  ['social:report.csv.ctr', (csv, figures) => csv.number(figures.ctr)],
];

const figureCells = (csv: PeopleCsv, figures: ReportFigures) => FIGURE_COLUMNS.map(([, cell]) => cell(csv, figures));

export function reportCsv(report: SocialReport, group: ReportGrouping, csv: PeopleCsv): string {
  const header = csv.header([csv.say(GROUP_TITLES[group]), ...FIGURE_COLUMNS.map(([title]) => csv.say(title))]);
  const label = (row: SocialReport['rows'][number]) => (group === 'date' ? csv.day(row.key) : csv.text(row.label));
  const rows = report.rows.map((row) => csv.line([label(row), ...figureCells(csv, row)]));
  return `${header}${rows.join('')}${csv.line([csv.text(csv.say('social:report.total')), ...figureCells(csv, report.totals)])}`;
}
