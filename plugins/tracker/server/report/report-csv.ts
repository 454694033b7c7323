import { REPORT_MEASURES, type ReportAnswer } from '../../shared/report';

/*
 * The report as CSV (`GET report/export`): a header naming the groupings and measures as the API
 * does, one line per row with each grouping's label, then a `total` line. Cells keep every digit
 * the API answers; an undefined ratio is an empty cell.
 */

/** A cell quoted when it holds a separator, a quote or a line break; a leading formula sign is defused for spreadsheets. */
function cell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (cells: readonly (string | null)[]): string => `${cells.map(cell).join(',')}\r\n`;

export const TOTAL_LABEL = 'total';

export function reportCsv(answer: ReportAnswer): string {
  const header = line([...answer.grouping, ...REPORT_MEASURES]);
  const rows = answer.rows.map((row) => line([...row.keys.map((key) => key.label ?? key.value), ...REPORT_MEASURES.map((measure) => row.measures[measure])]));
  const totals = line([TOTAL_LABEL, ...answer.grouping.slice(1).map(() => null), ...REPORT_MEASURES.map((measure) => answer.totals[measure])]);
  return header + rows.join('') + totals;
}
