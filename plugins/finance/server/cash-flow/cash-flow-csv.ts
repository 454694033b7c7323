import type { PeopleCsv } from '@core/sdk/server';
import type { CashFlowFigures, CashFlowReport, CashFlowRow } from '../../shared/cash-flow';

/*
 * The grid as CSV (`GET cash-flow.csv`), for the person who downloads it (PeopleCsv): a header
 * (direction, the grouping, then plan, fact and difference of each month and of the total, in US
 * dollars), the rows, the totals, net and the outstanding payments, titled and labelled as the
 * page says them in their language. Figures keep every digit the API answers, with their decimal
 * separator.
 */

const TOTAL_PARTS = ['income', 'expense', 'commission', 'net'] as const;
type TotalPart = (typeof TOTAL_PARTS)[number];

const PART_LABELS: Readonly<Record<TotalPart, string>> = {
  income: 'finance:cashFlow.directions.income',
  expense: 'finance:cashFlow.directions.expense',
  commission: 'finance:cashFlow.commissions',
  net: 'finance:cashFlow.net',
};

const BASES = ['plan', 'fact', 'difference'] as const;

export function cashFlowCsv(report: CashFlowReport, csv: PeopleCsv): string {
  const label = (key: string) => csv.text(csv.say(key));
  const figures = (cells: CashFlowFigures): string[] => [
    csv.number(cells.plan),
    csv.number(cells.fact),
    csv.number(cells.difference),
  ];
  const rowLabel = (row: CashFlowRow) =>
    row.direction === 'commission'
      ? label(PART_LABELS.commission)
      : row.label !== null
        ? csv.text(row.label)
        : label(`finance:cashFlow.none.${report.group}`);
  const columns = [...report.months.map((month) => csv.format.month(month.month)), csv.say('finance:cashFlow.total')];
  const header = csv.header([
    csv.say('finance:cashFlow.csv.direction'),
    csv.say(`finance:cashFlow.groups.${report.group}`),
    ...columns.flatMap((column) =>
      BASES.map((basis) =>
        csv.say('finance:cashFlow.csv.column', { column, basis: csv.say(`finance:cashFlow.${basis}`) }),
      ),
    ),
  ]);
  const rows = report.rows.map((row) =>
    csv.line([label(PART_LABELS[row.direction]), rowLabel(row), ...row.months.flatMap(figures), ...figures(row.total)]),
  );
  const totals = TOTAL_PARTS.map((part) =>
    csv.line([
      label('finance:cashFlow.total'),
      label(PART_LABELS[part]),
      ...report.month_totals.flatMap((month) => figures(month[part])),
      ...figures(report.totals[part]),
    ]),
  );
  const outstanding = (['income', 'expense'] as const).map((part) =>
    csv.line([
      label('finance:cashFlow.csv.outstanding'),
      label(PART_LABELS[part]),
      csv.number(report.outstanding[part]),
    ]),
  );
  return `${header}${rows.join('')}${totals.join('')}${outstanding.join('')}`;
}
