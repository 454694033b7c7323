import type { PerformanceTotals, Queryable } from '@core/sdk/server';
import { BASE_SUMS } from './measures-sql';

/**
 * The performance other plugins read through `context.performance` (finance's per-lead and
 * tracker-profit pay rules): the statistics table's totals over a period, every tracker together,
 * summed in SQL `numeric` with the report's own sums, so a pay rule and the full report agree.
 */
export async function performanceTotals(db: Queryable, from: string, to: string): Promise<PerformanceTotals> {
  const { rows } = await db.query<{ revenue: string; spend: string; profit: string; leads: string; sales: string }>(
    `SELECT revenue::text AS revenue, cost::text AS spend, (revenue - cost)::text AS profit, leads::text AS leads, sales::text AS sales
       FROM (SELECT ${BASE_SUMS} FROM tracker.statistics s WHERE s.day BETWEEN $1::date AND $2::date) AS base`,
    [from, to],
  );
  const row = rows[0] ?? { revenue: '0.00', spend: '0.00', profit: '0.00', leads: '0', sales: '0' };
  return { revenue: row.revenue, spend: row.spend, profit: row.profit, leads: Number(row.leads), sales: Number(row.sales) };
}
