import { REPORT_MEASURES, type ReportKey, type ReportMeasures, type ReportRow } from '../../shared/report';

/** A row as the report's SQL answers it: `key_<n>` and `label_<n>` per grouping, then every measure as text. */
export type MeasuredRow = Readonly<Record<string, string | null>>;

/** The measures of a row read by MEASURES_SELECT. */
export function measuresOf(row: MeasuredRow): ReportMeasures {
  const measures: Record<string, string | null> = {};
  for (const measure of REPORT_MEASURES) measures[measure] = row[measure] ?? null;
  return measures as ReportMeasures;
}

/** One report row: the groupings' keys in order, then the measures. */
export function reportRowOf(row: MeasuredRow, groupings: number): ReportRow {
  const keys: ReportKey[] = Array.from({ length: groupings }, (_, index) => ({
    value: row[`key_${index}`] ?? null,
    label: row[`label_${index}`] ?? null,
  }));
  return { keys, measures: measuresOf(row) };
}
