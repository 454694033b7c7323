import type { Queryable } from '@core/sdk/server';
import { BASE_MEASURES, REPORT_CURRENCY, type ReportAnswer, type ReportGrouping } from '../../shared/report';
import type {
  KeitaroConnection,
  KeitaroReport,
  KeitaroReportGrouping,
  KeitaroReportMetric,
  KeitaroReportRequest,
} from '../keitaro/keitaro-api';
import { BASE_SUMS, MEASURES_SELECT } from './measures-sql';
import type { ReportRequest } from './report-request';
import { measuresOf, reportRowOf, type MeasuredRow } from './report-rows';

/*
 * The report from a tracker's Keitaro server (`POST report/build`). Keitaro's base metrics are
 * taken as it sent them and the derived ones computed with the same SQL as the statistics
 * source, so ROI, CR, EPC and EPL mean the same whichever source answers. Keitaro counts pending
 * leads and sales apart; this report's `leads` are both (shared/report.ts), so they are added.
 */

/** Builds a report on one server; the adapter in production, a stand-in in tests. */
export type KeitaroReporter = (connection: KeitaroConnection, request: KeitaroReportRequest) => Promise<KeitaroReport>;

/** The days Keitaro reads the period in: the statistics table's days are UTC days too. */
export const KEITARO_REPORT_TIMEZONE = 'UTC';

const KEITARO_GROUPING: Readonly<Record<ReportGrouping, KeitaroReportGrouping>> = {
  day: 'day',
  advertiser: 'affiliate_network',
  offer: 'offer',
  stream: 'stream',
  campaign: 'campaign',
  country: 'country',
};

/** Keitaro's metric for each stored base measure (`leads` adds its `sales`, below). */
const KEITARO_METRIC: Readonly<Record<(typeof BASE_MEASURES)[number], KeitaroReportMetric>> = {
  clicks: 'clicks',
  unique_clicks: 'campaign_unique_clicks',
  leads: 'leads',
  sales: 'sales',
  revenue: 'revenue',
  cost: 'cost',
};

export const KEITARO_METRIC_MISSING = 'Keitaro answered a report without its {metric} metric.';

type Metrics = KeitaroReport['summary'];

/** Each base measure of every metrics set, as columns of decimal strings for `unnest`. */
function baseColumns(sets: readonly Metrics[]): string[][] {
  return BASE_MEASURES.map((measure) => {
    const metric = KEITARO_METRIC[measure];
    return sets.map((metrics) => {
      const value = metrics[metric];
      if (value === undefined) throw new KeitaroMetricMissing(metric);
      return value;
    });
  });
}

export class KeitaroMetricMissing extends Error {
  constructor(readonly metric: KeitaroReportMetric) {
    super(KEITARO_METRIC_MISSING.replace('{metric}', metric));
    this.name = 'KeitaroMetricMissing';
  }
}

/** The metrics sets as a relation of base measures, `$1`…`$6` their columns (baseColumns). */
const KEITARO_BASE = `(SELECT ord, clicks, unique_clicks, pending + sales AS leads, sales, revenue, cost
    FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
         WITH ORDINALITY AS k(clicks, unique_clicks, pending, sales, revenue, cost, ord)) AS base`;

/** Every measure of each metrics set, in order, computed in SQL numeric. */
async function measured(db: Queryable, sets: readonly Metrics[]): Promise<MeasuredRow[]> {
  if (sets.length === 0) return [];
  return (await db.query<MeasuredRow>(`SELECT ${MEASURES_SELECT} FROM ${KEITARO_BASE} ORDER BY ord`, baseColumns(sets)))
    .rows;
}

/** The measures of the sum of every metrics set (Keitaro's rows, when its summary lacks a metric). */
async function summed(db: Queryable, sets: readonly Metrics[]): Promise<MeasuredRow | undefined> {
  return (
    await db.query<MeasuredRow>(
      `SELECT ${MEASURES_SELECT} FROM (SELECT ${BASE_SUMS} FROM ${KEITARO_BASE}) AS sums`,
      baseColumns(sets),
    )
  ).rows[0];
}

/** Keitaro's totals when it sent every base metric, else the sum of its rows (nothing invented). */
async function totalsOf(db: Queryable, report: KeitaroReport): Promise<MeasuredRow | undefined> {
  const complete = BASE_MEASURES.every((measure) => report.summary[KEITARO_METRIC[measure]] !== undefined);
  return complete
    ? (await measured(db, [report.summary]))[0]
    : summed(
        db,
        report.rows.map((row) => row.metrics),
      );
}

export async function keitaroReport(
  db: Queryable,
  request: ReportRequest,
  trackerId: number,
  connection: KeitaroConnection,
  build: KeitaroReporter,
): Promise<ReportAnswer> {
  const grouping = request.grouping.map((name) => KEITARO_GROUPING[name]);
  const report = await build(connection, {
    range: { from: request.period.from, to: request.period.to, timezone: KEITARO_REPORT_TIMEZONE },
    grouping,
    metrics: BASE_MEASURES.map((measure) => KEITARO_METRIC[measure]),
  });
  const rows = await measured(
    db,
    report.rows.map((row) => row.metrics),
  );
  const totals = await totalsOf(db, report);
  const keyed = rows.map((row, index) => {
    const dimensions = report.rows[index]?.dimensions ?? {};
    const keys = Object.fromEntries(
      grouping.flatMap((dimension, at) => [
        [`key_${at}`, dimensions[dimension] ?? null],
        [`label_${at}`, dimensions[dimension] ?? null],
      ]),
    );
    return reportRowOf({ ...row, ...keys }, grouping.length);
  });
  return {
    source: 'keitaro',
    tracker_id: trackerId,
    period: request.period,
    grouping: request.grouping,
    rows: keyed,
    totals: measuresOf(totals ?? {}),
    empty: keyed.length === 0 ? 'period' : null,
    // Keitaro converts to its installation's currency itself (shared/report.ts).
    currency: REPORT_CURRENCY,
    unconverted: [],
  };
}
