import { csvRow } from '@core/sdk/server';
import type { Language } from '@core/sdk/shared';
import type { CashFlowFigures, CashFlowGroup, CashFlowReport, CashFlowRow } from '../../shared/cash-flow';

/*
 * The grid as CSV (`GET cash-flow.csv`): a header (direction, the grouping, then plan, fact and
 * difference of each month and of the total), the rows, the totals, net and the outstanding
 * payments, labelled in the caller's language. Figures keep every digit the API answers; a
 * byte-order mark makes spreadsheet programs read the labels as UTF-8.
 */

interface CsvLabels {
  readonly direction: string;
  readonly groups: Readonly<Record<CashFlowGroup, string>>;
  readonly none: Readonly<Record<CashFlowGroup, string>>;
  readonly plan: string;
  readonly fact: string;
  readonly difference: string;
  readonly total: string;
  readonly income: string;
  readonly expense: string;
  readonly commission: string;
  readonly net: string;
  readonly outstanding: string;
}

const LABELS: Readonly<Record<Language, CsvLabels>> = {
  en: {
    direction: 'Direction',
    groups: { article: 'Article', project: 'Project', division: 'Division' },
    none: { article: 'No article', project: 'No project', division: 'No division' },
    plan: 'plan',
    fact: 'fact',
    difference: 'difference',
    total: 'Total',
    income: 'Income',
    expense: 'Expense',
    commission: 'Commissions',
    net: 'Net',
    outstanding: 'Outstanding at the end',
  },
  ru: {
    direction: 'Направление',
    groups: { article: 'Статья', project: 'Проект', division: 'Подразделение' },
    none: { article: 'Без статьи', project: 'Без проекта', division: 'Без подразделения' },
    plan: 'план',
    fact: 'факт',
    difference: 'разница',
    total: 'Итого',
    income: 'Доходы',
    expense: 'Расходы',
    commission: 'Комиссии',
    net: 'Чистый поток',
    outstanding: 'Не оплачено на конец',
  },
};

const cells = (figures: CashFlowFigures): string[] => [figures.plan, figures.fact, figures.difference];

export function cashFlowCsv(report: CashFlowReport, language: Language): string {
  const labels = LABELS[language];
  const directionLabel = (row: CashFlowRow) => labels[row.direction];
  const header = csvRow([
    labels.direction,
    labels.groups[report.group],
    ...[...report.months.map((month) => month.month), labels.total].flatMap((name) => [labels.plan, labels.fact, labels.difference].map((part) => `${name} ${part}`)),
  ]);
  const rows = report.rows.map((row) =>
    csvRow([
      directionLabel(row),
      row.direction === 'commission' ? labels.commission : (row.label ?? labels.none[report.group]),
      ...row.months.flatMap(cells),
      ...cells(row.total),
    ]),
  );
  const totals = (['income', 'expense', 'commission', 'net'] as const).map((part) =>
    csvRow([labels.total, labels[part], ...report.month_totals.flatMap((month) => cells(month[part])), ...cells(report.totals[part])]),
  );
  const outstanding = (['income', 'expense'] as const).map((part) => csvRow([labels.outstanding, labels[part], report.outstanding[part]]));
  return `\uFEFF${header}${rows.join('')}${totals.join('')}${outstanding.join('')}`;
}
