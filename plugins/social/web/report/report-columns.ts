import type { ReportFigures, SocialReport } from '../../shared/report';
import type { ChartMeasure } from './report-params';

/** The table's figure columns, in their order. */
export const REPORT_COLUMNS = [
  'clicks',
  'views',
  'leads',
  'spent',
  'currency',
  'spentUsd',
  'cpc',
  'cpm',
  'cpl',
  'ctr',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** A column's value in one group, null when the report has none to give. */
function valueOf(figures: ReportFigures, column: ReportColumn): string | number | null {
  switch (column) {
    case 'spentUsd':
      return figures.spent_usd;
    default:
      return figures[column];
  }
}

export interface ReportColumns {
  readonly shown: readonly ReportColumn[];
  /** Columns without a single figure in any row or the totals: left out rather than a column of dashes. */
  readonly hidden: readonly ReportColumn[];
}

/**
 * The columns worth a place in the table. Counts always have one; spent, its currency, its dollars
 * and the rates built on them can all be null at once (groups mixing currencies without every USD
 * rate, or no finance plugin), and CTR is null wherever nothing was viewed.
 */
export function reportColumns(report: SocialReport): ReportColumns {
  const groups: readonly ReportFigures[] = [...report.rows, report.totals];
  const hasData = (column: ReportColumn) => groups.some((figures) => valueOf(figures, column) !== null);
  return { shown: REPORT_COLUMNS.filter(hasData), hidden: REPORT_COLUMNS.filter((column) => !hasData(column)) };
}

/**
 * What the chart can draw of the measure asked for: spent compares only in one currency (the
 * groups' own when they share it, else USD), so with neither the chart draws the clicks instead
 * of an empty area.
 */
export function chartedMeasure(report: SocialReport, wanted: ChartMeasure): ChartMeasure {
  if (wanted !== 'spent') return wanted;
  const currencies = new Set(report.rows.map((row) => row.currency));
  const shared = currencies.size === 1 && !currencies.has(null);
  return shared || report.rows.some((row) => row.spent_usd !== null) ? 'spent' : 'clicks';
}
