import type { Queryable } from '@core/sdk/server';
import { BASE_MEASURES, REPORT_CURRENCY, type ReportAnswer, type ReportGrouping } from '../../shared/report';
import { advertisersResource, offersResource } from '../../shared/resources';
import type {
  KeitaroConnection,
  KeitaroReport,
  KeitaroReportGrouping,
  KeitaroReportMetric,
  KeitaroReportRequest,
} from '../keitaro/keitaro-api';
import { BASE_SUMS, MEASURES_SELECT } from './measures-sql';
import type { ReportRequest } from './report-request';
import { type MeasuredRow, measuresOf, reportRowOf } from './report-rows';

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

/**
 * Keitaro's column for each grouping (keitaro-api.ts lists them as its documentation names them).
 * Advertisers are this plugin's own: Keitaro is asked by `offer_id`, and each offer's row goes to the
 * advertiser of the tracker's offer written there with that id (an offer unknown here to none).
 */
const KEITARO_GROUPING: Readonly<Record<ReportGrouping, KeitaroReportGrouping>> = {
  day: 'day',
  advertiser: 'offer_id',
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
export const KEITARO_REPORT_TOO_LARGE =
  "Keitaro's report has {rows} rows, more than the {max} it can show: choose a shorter period or fewer groupings.";

export class KeitaroMetricMissing extends Error {
  constructor(readonly metric: KeitaroReportMetric) {
    super(KEITARO_METRIC_MISSING.replace('{metric}', metric));
    this.name = 'KeitaroMetricMissing';
  }
}

/** Each base measure of every row, as columns of decimal strings for `unnest`. */
function baseColumns(report: KeitaroReport): string[][] {
  return BASE_MEASURES.map((measure) => {
    const metric = KEITARO_METRIC[measure];
    return report.rows.map((row) => {
      const value = row.metrics[metric];
      if (value === undefined) throw new KeitaroMetricMissing(metric);
      return value;
    });
  });
}

/** How a grouping's value `g` (Keitaro's, as text) becomes the row's key, and the key `v` its label. */
interface GroupingSql {
  readonly value: (g: string) => string;
  readonly label: (v: string) => string;
}

/** `$tracker` is the parameter holding the tracker's id, used by the advertiser grouping only. */
function groupingSql(grouping: ReportGrouping, tracker: string): GroupingSql {
  if (grouping !== 'advertiser') return { value: (g) => g, label: (v) => v };
  return {
    // A deleted offer still names the advertiser its past clicks were for.
    value: (g) => `(SELECT o.advertiser::text FROM ${offersResource.table} o
        WHERE o.tracker = ${tracker} AND o.keitaro_offer_id::text = ${g} ORDER BY o.deleted_at NULLS FIRST, o.id LIMIT 1)`,
    label: (v) => `(SELECT a.name FROM ${advertisersResource.table} a WHERE a.id::text = ${v})`,
  };
}

/**
 * The report's rows and totals in SQL numeric: Keitaro's rows as a relation (`$1`…`$6` the base
 * measures, then one text column per grouping), rows of one key added up (offers of one advertiser),
 * in the order Keitaro answered them.
 */
function reportSql(grouping: readonly ReportGrouping[]): { rows: string; totals: string } {
  const tracker = `$${7 + grouping.length}::bigint`;
  const sql = grouping.map((name) => groupingSql(name, tracker));
  const groups = grouping.map((_, index) => `g_${index}`);
  const values = sql.map((entry, index) => `${entry.value(`k.g_${index}`)} AS v_${index}`);
  const keys = grouping.map((_, index) => `v_${index}`);
  const base = `(SELECT ${['k.ord', ...values, 'clicks, unique_clicks, pending + sales AS leads, sales, revenue, cost'].join(', ')}
    FROM unnest(${[...BASE_MEASURES.map((_, index) => `$${index + 1}::numeric[]`), ...groups.map((_, index) => `$${7 + index}::text[]`)].join(', ')})
         WITH ORDINALITY AS k(clicks, unique_clicks, pending, sales, revenue, cost, ${[...groups, 'ord'].join(', ')})) AS base`;
  const labelled = sql.flatMap((entry, index) => [
    `v_${index} AS key_${index}`,
    `${entry.label(`v_${index}`)} AS label_${index}`,
  ]);
  return {
    rows: `SELECT ${[...labelled, MEASURES_SELECT].join(', ')}
      FROM (SELECT ${['min(ord) AS ord', ...keys, BASE_SUMS].join(', ')} FROM ${base} GROUP BY ${keys.join(', ')}) AS grouped
      ORDER BY ord`,
    totals: `SELECT ${MEASURES_SELECT} FROM (SELECT ${BASE_SUMS} FROM ${base}) AS sums`,
  };
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
  const sql = reportSql(request.grouping);
  const params: unknown[] = [
    ...baseColumns(report),
    ...grouping.map((dimension) => report.rows.map((row) => row.dimensions[dimension] ?? null)),
    ...(request.grouping.includes('advertiser') ? [trackerId] : []),
  ];
  const rows = (await db.query<MeasuredRow>(sql.rows, params)).rows;
  const totals = (await db.query<MeasuredRow>(sql.totals, params)).rows[0];
  const keyed = rows.map((row) => reportRowOf(row, grouping.length));
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
