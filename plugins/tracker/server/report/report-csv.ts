import { csvRow } from '@core/sdk/server';
import { REPORT_MEASURES, type ReportAnswer } from '../../shared/report';

/*
 * The report as CSV (`GET report/export`): a header naming the groupings and measures as the API
 * does, then `currency`, one line per row with each grouping's label, then a `total` line. Cells
 * keep every digit the API answers; an undefined ratio is an empty cell. Every line carries the
 * currency its money is in.
 */

export const TOTAL_LABEL = 'total';

export function reportCsv(answer: ReportAnswer): string {
  const header = csvRow([...answer.grouping, ...REPORT_MEASURES, 'currency']);
  const rows = answer.rows.map((row) => csvRow([...row.keys.map((key) => key.label ?? key.value), ...REPORT_MEASURES.map((measure) => row.measures[measure]), answer.currency]));
  const totals = csvRow([TOTAL_LABEL, ...answer.grouping.slice(1).map(() => null), ...REPORT_MEASURES.map((measure) => answer.totals[measure]), answer.currency]);
  return header + rows.join('') + totals;
}
