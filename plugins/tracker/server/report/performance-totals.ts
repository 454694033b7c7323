import type { Queryable } from '@core/sdk/server';
import type { UsdRateSource } from '@plugins/finance/server/services';
import type { PerformanceTotals } from '../services';
import { BASE_SUMS } from './measures-sql';
import { CONVERTED_STATISTICS, statisticsRates } from './statistics-rates';

/**
 * The performance other plugins read through the `tracker.performance` service (finance's per-lead and
 * tracker-profit pay rules): the statistics table's totals over a period, every tracker together,
 * summed in SQL `numeric` with the report's own sums, so a pay rule and the full report agree:
 * money in US dollars as the report converts it (a row without a rate adds no money, never counted
 * as dollars), leads and sales of every row, whatever its currency.
 */
export async function performanceTotals(
  db: Queryable,
  from: string,
  to: string,
  exchangeRates: UsdRateSource,
): Promise<PerformanceTotals> {
  const params = [from, to, null];
  const rates = await statisticsRates(db, params, exchangeRates);
  const { rows } = await db.query<{ revenue: string; spend: string; profit: string; leads: string; sales: string }>(
    `SELECT money.revenue::text AS revenue, money.cost::text AS spend, (money.revenue - money.cost)::text AS profit, counts.leads::text AS leads, counts.sales::text AS sales
       FROM (SELECT ${BASE_SUMS} FROM ${CONVERTED_STATISTICS}) AS money,
            (SELECT coalesce(sum(leads), 0) AS leads, coalesce(sum(sales), 0) AS sales FROM tracker.statistics WHERE day BETWEEN $1::date AND $2::date) AS counts`,
    [...params, ...rates],
  );
  const row = rows[0] ?? { revenue: '0.00', spend: '0.00', profit: '0.00', leads: '0', sales: '0' };
  return {
    revenue: row.revenue,
    spend: row.spend,
    profit: row.profit,
    leads: Number(row.leads),
    sales: Number(row.sales),
  };
}
