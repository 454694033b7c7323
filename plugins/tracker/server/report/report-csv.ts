import type { PeopleCsv } from '@core/sdk/server';
import { countryName } from '../../shared/country-names';
import {
  REPORT_MEASURES,
  type ReportAnswer,
  type ReportKey,
  type ReportGrouping,
  type ReportMeasure,
} from '../../shared/report';

/*
 * The report as CSV (`GET report/export`), for the person who downloads it (PeopleCsv): the
 * groupings and measures titled as the page titles them in their language, then the currency the
 * money is in, one line per row with each grouping's label (a day in their form), then a Total
 * line. Figures keep every digit the API answers, with their decimal separator; an undefined ratio
 * is an empty cell.
 */

/** Ratios in percent say so in their title. */
const MEASURE_TITLES: Partial<Record<ReportMeasure, string>> = {
  roi: 'tracker:report.csv.roi',
  cr: 'tracker:report.csv.cr',
};

const measureTitle = (measure: ReportMeasure): string =>
  MEASURE_TITLES[measure] ?? `tracker:report.measures.${measure}`;

function keyCell(csv: PeopleCsv, grouping: ReportGrouping, key: ReportKey): string {
  if (key.value === null) return csv.text(csv.say('tracker:report.notSet'));
  if (grouping === 'day') return csv.day(key.value);
  if (grouping === 'country') return csv.text(countryName(key.value, csv.language));
  return csv.text(key.label ?? key.value);
}

export function reportCsv(answer: ReportAnswer, csv: PeopleCsv): string {
  const header = csv.header([
    ...answer.grouping.map((grouping) => csv.say(`tracker:report.groupings.${grouping}`)),
    ...REPORT_MEASURES.map((measure) => csv.say(measureTitle(measure))),
    csv.say('tracker:report.csv.currency'),
  ]);
  const currency = csv.text(answer.currency);
  const rows = answer.rows.map((row) =>
    csv.line([
      ...row.keys.map((key, index) => keyCell(csv, answer.grouping[index] ?? 'campaign', key)),
      ...REPORT_MEASURES.map((measure) => csv.number(row.measures[measure])),
      currency,
    ]),
  );
  const totals = csv.line([
    csv.text(csv.say('tracker:report.total')),
    ...answer.grouping.slice(1).map(() => ''),
    ...REPORT_MEASURES.map((measure) => csv.number(answer.totals[measure])),
    currency,
  ]);
  return header + rows.join('') + totals;
}
