import type { Queryable } from '@core/sdk/server';
import { REPORT_VERTICALS_MAX } from '../../shared/reports';
import { reportsResource } from '../../shared/resources';

/**
 * `GET reports/verticals`: the verticals the live report rows name, alphabetically, which the report's
 * vertical filter offers to pick. They come with the loaded rows (a CSV names them as text), so these
 * are the values a filter can match; at most REPORT_VERTICALS_MAX.
 */
export async function reportVerticals(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ vertical: string }>(
    `SELECT DISTINCT r.vertical FROM ${reportsResource.table} r
      WHERE r.deleted_at IS NULL AND r.vertical IS NOT NULL AND r.vertical <> '' ORDER BY r.vertical LIMIT ${REPORT_VERTICALS_MAX}`,
  );
  return rows.map((row) => row.vertical);
}
