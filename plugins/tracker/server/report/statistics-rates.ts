import type { Queryable } from '@core/sdk/server';
import type { UsdRateSource } from '@plugins/finance/server/services';
import { offersResource } from '../../shared/resources';
import { REPORT_CURRENCY, type UnconvertedStatistics } from '../../shared/report';

/*
 * The statistics' money in the report's currency. A row's revenue and cost are in its offer's
 * payout currency (the report's own when it names no offer); each row converts at its day's USD
 * rate, rounded to the cent as a bookkeeper converts a line, and a row without a rate is left out
 * and counted by currency instead (shared/report.ts).
 */

/** The currency of the money of a statistics row `s`. */
const ROW_CURRENCY = `coalesce((SELECT o.payout_currency FROM ${offersResource.table} o WHERE o.id = s.offer_id), '${REPORT_CURRENCY}')`;

/** The rows of a report's period and tracker: `$1` from, `$2` to, `$3` the tracker or null. */
const STATISTICS_FILTER = 's.day BETWEEN $1::date AND $2::date AND ($3::bigint IS NULL OR s.tracker_id = $3::bigint)';

/** The rates known for the report's rows, as the parallel arrays `$4` currencies, `$5` days, `$6` rates. */
export type DayRates = readonly [currencies: readonly string[], days: readonly string[], rates: readonly string[]];

/** Every (currency, day) the filtered rows hold with its USD rate; pairs without one are left out. The report's own currency needs no rate. */
export async function statisticsRates(
  db: Queryable,
  params: readonly unknown[],
  rates: UsdRateSource,
): Promise<DayRates> {
  const { rows } = await db.query<{ currency: string; day: string }>(
    `SELECT DISTINCT ${ROW_CURRENCY} AS currency, to_char(s.day, 'YYYY-MM-DD') AS day FROM tracker.statistics s WHERE ${STATISTICS_FILTER}`,
    [...params],
  );
  const currencies: string[] = [];
  const days: string[] = [];
  const known: string[] = [];
  for (const { currency, day } of rows) {
    const rate = currency === REPORT_CURRENCY ? '1' : await rates.usdRate(currency, day);
    if (rate === null) continue;
    currencies.push(currency);
    days.push(day);
    known.push(rate);
  }
  return [currencies, days, known];
}

/** The filtered rows in the report's currency, as a relation `s` with the statistics' columns (FILTER, then the rates as `$4`…`$6`). */
export const CONVERTED_STATISTICS = `(SELECT s.day, s.tracker_id, s.advertiser_id, s.offer_id, s.stream_id, s.campaign, s.country,
         s.clicks, s.unique_clicks, s.leads, s.sales, round(s.revenue * r.rate, 2) AS revenue, round(s.cost * r.rate, 2) AS cost
    FROM tracker.statistics s
    JOIN unnest($4::text[], $5::date[], $6::numeric[]) AS r(currency, day, rate) ON r.currency = ${ROW_CURRENCY} AND r.day = s.day
   WHERE ${STATISTICS_FILTER}) AS s`;

/** The filtered rows no rate converts, by currency: what the report leaves out. */
export async function unconvertedStatistics(
  db: Queryable,
  params: readonly unknown[],
  [currencies, days]: DayRates,
): Promise<UnconvertedStatistics[]> {
  const { rows } = await db.query<{ currency: string; rows: number; revenue: string; cost: string }>(
    `SELECT currency, count(*)::int AS rows, sum(revenue)::text AS revenue, sum(cost)::text AS cost
       FROM (SELECT ${ROW_CURRENCY} AS currency, s.day, s.revenue, s.cost FROM tracker.statistics s WHERE ${STATISTICS_FILTER}) AS s
      WHERE NOT EXISTS (SELECT 1 FROM unnest($4::text[], $5::date[]) AS r(currency, day) WHERE r.currency = s.currency AND r.day = s.day)
      GROUP BY currency ORDER BY currency`,
    [...params, currencies, days],
  );
  return rows;
}
