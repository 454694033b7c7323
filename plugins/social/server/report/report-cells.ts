import type { Queryable } from '@core/sdk/server';
import {
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  insightsResource,
} from '../../shared/resources';
import type { ReportGrouping, ReportQuery } from '../../shared/report';

/**
 * The insight rows of a report's query, summed per group, currency and day in SQL `numeric`: the
 * smallest pieces the report needs, since spent converts to dollars at each day's rate and a group
 * may span ad accounts of different currencies.
 */
export interface ReportCell {
  /** The group's key: the day, or the record's id as text. */
  readonly key: string;
  readonly currency: string;
  readonly date: string;
  readonly clicks: number;
  readonly views: number;
  readonly leads: number;
  /** Decimal text, every digit kept. */
  readonly spent: string;
  /** The insight rows summed into the cell. */
  readonly rows: number;
}

const GROUP_KEYS: Readonly<Record<ReportGrouping, string>> = {
  date: `to_char(i."date", 'YYYY-MM-DD')`,
  ad_account: 'i.ad_account::text',
  campaign: 'i.campaign::text',
  adset: 'i.adset::text',
  ad: 'i.ad::text',
};

/** Where a grouping's records are named. */
export const GROUP_TABLES: Readonly<Record<Exclude<ReportGrouping, 'date'>, string>> = {
  ad_account: adAccountsResource.table,
  campaign: campaignsResource.table,
  adset: adsetsResource.table,
  ad: adsResource.table,
};

interface CellRow {
  readonly key: string | null;
  readonly currency: string;
  readonly date: string;
  readonly clicks: string;
  readonly views: string;
  readonly leads: string;
  readonly spent: string;
  readonly rows: string;
}

export async function reportCells(db: Queryable, query: ReportQuery): Promise<ReportCell[]> {
  const params: unknown[] = [query.level, query.from, query.to];
  const conditions = ['i.level = $1', 'i."date" BETWEEN $2::date AND $3::date'];
  if (query.ad_account !== undefined) conditions.push(`i.ad_account = $${params.push(query.ad_account)}`);
  if (query.campaign !== undefined) conditions.push(`i.campaign = $${params.push(query.campaign)}`);
  const { rows } = await db.query<CellRow>(
    `SELECT ${GROUP_KEYS[query.group]} AS key, i.spent_currency AS currency, to_char(i."date", 'YYYY-MM-DD') AS date,
            sum(i.clicks)::text AS clicks, sum(i.views)::text AS views, sum(i.leads)::text AS leads, trim_scale(sum(i.spent))::text AS spent, count(*)::text AS rows
       FROM ${insightsResource.table} i
      WHERE ${conditions.join(' AND ')}
      GROUP BY 1, 2, 3`,
    params,
  );
  return rows.map((row) => ({
    key: row.key ?? '',
    currency: row.currency,
    date: row.date,
    clicks: Number(row.clicks),
    views: Number(row.views),
    leads: Number(row.leads),
    spent: row.spent,
    rows: Number(row.rows),
  }));
}

/** The names of a grouping's records by id (deleted ones too: their insights stay). */
export async function recordNames(
  db: Queryable,
  group: Exclude<ReportGrouping, 'date'>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const numeric = ids.filter((id) => /^\d+$/.test(id)).map(Number);
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id::text AS id, name FROM ${GROUP_TABLES[group]} WHERE id = ANY($1::bigint[])`,
    [numeric],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
