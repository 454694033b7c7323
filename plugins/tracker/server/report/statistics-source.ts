import type { Queryable } from '@core/sdk/server';
import type { UsdRateSource } from '@plugins/finance/server/services';
import { advertisersResource, offersResource, streamsResource } from '../../shared/resources';
import { REPORT_CURRENCY, type ReportAnswer, type ReportGrouping } from '../../shared/report';
import { BASE_SUMS, MEASURES_SELECT } from './measures-sql';
import type { ReportRequest } from './report-request';
import { measuresOf, reportRowOf, type MeasuredRow } from './report-rows';
import { CONVERTED_STATISTICS, statisticsRates, unconvertedStatistics } from './statistics-rates';

/*
 * The report read from the plugin's own statistics table (filled by postbacks and CSV imports).
 * Grouping values are the stored ids and texts; names come from the tracker's own tables at read
 * time, so a renamed offer shows its new name. Money is summed in the report's currency
 * (statistics-rates.ts).
 */

interface GroupingSql {
  /** The grouped value in `tracker.statistics s`. */
  readonly value: string;
  /** The name shown for a grouped value `v` (the value itself when it has none). */
  readonly label: (v: string) => string;
}

const named = (table: string, column: string) => (v: string) => `(SELECT ${column} FROM ${table} WHERE id = ${v})`;

const GROUPINGS: Readonly<Record<ReportGrouping, GroupingSql>> = {
  day: { value: 's.day', label: (v) => `${v}::text` },
  advertiser: { value: 's.advertiser_id', label: named(advertisersResource.table, 'name') },
  offer: { value: 's.offer_id', label: named(offersResource.table, 'name') },
  // A stream has no name of its own: its campaign's, with the stream's id to tell its streams apart.
  stream: { value: 's.stream_id', label: named(streamsResource.table, "campaign_name || ' #' || id") },
  campaign: { value: 's.campaign', label: (v) => v },
  country: { value: 's.country', label: (v) => `${v}::text` },
};

function rowsSql(grouping: readonly ReportGrouping[]): string {
  const inner = grouping.map((name, index) => `${GROUPINGS[name].value} AS v_${index}`);
  const outer = grouping.flatMap((name, index) => [
    `v_${index}::text AS key_${index}`,
    `${GROUPINGS[name].label(`v_${index}`)} AS label_${index}`,
  ]);
  const order = grouping.flatMap((_, index) => [`label_${index} NULLS LAST`, `v_${index} NULLS LAST`]);
  return `SELECT ${[...outer, MEASURES_SELECT].join(', ')}
    FROM (SELECT ${[...inner, BASE_SUMS].join(', ')} FROM ${CONVERTED_STATISTICS} GROUP BY ${inner.map((_, index) => `v_${index}`).join(', ')}) AS base
    ORDER BY ${order.join(', ')}`;
}

const TOTALS_SQL = `SELECT ${MEASURES_SELECT} FROM (SELECT ${BASE_SUMS} FROM ${CONVERTED_STATISTICS}) AS base`;

export async function statisticsReport(
  db: Queryable,
  request: ReportRequest,
  exchangeRates: UsdRateSource,
): Promise<ReportAnswer> {
  const params = [request.period.from, request.period.to, request.trackerId];
  const rates = await statisticsRates(db, params, exchangeRates);
  const converted = [...params, ...rates];
  const rows = await db.query<MeasuredRow>(rowsSql(request.grouping), converted);
  const totals = await db.query<MeasuredRow>(TOTALS_SQL, converted);
  let empty: ReportAnswer['empty'] = null;
  if (rows.rows.length === 0) {
    const any = await db.query(
      'SELECT 1 FROM tracker.statistics WHERE $1::bigint IS NULL OR tracker_id = $1::bigint LIMIT 1',
      [request.trackerId],
    );
    empty = any.rows.length === 0 ? 'connect' : 'period';
  }
  return {
    source: 'statistics',
    tracker_id: request.trackerId,
    period: request.period,
    grouping: request.grouping,
    rows: rows.rows.map((row) => reportRowOf(row, request.grouping.length)),
    totals: measuresOf(totals.rows[0] ?? {}),
    empty,
    currency: REPORT_CURRENCY,
    unconverted: await unconvertedStatistics(db, params, rates),
  };
}
