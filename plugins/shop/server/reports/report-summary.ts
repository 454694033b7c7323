import { issueMessage, type Language } from '@core/sdk/shared';
import { validationError, type Queryable } from '@core/sdk/server';
import { ASSET_STATUSES, reportsResource, teamsResource } from '../../shared/resources';
import type {
  DisableReasonCount,
  ReportSummary,
  ReportSummaryQuery,
  TeamSpend,
  VerticalSpend,
} from '../../shared/reports';
import { DAYS_REVERSED } from './report-messages';

/*
 * `GET reports/summary`: what the report page's charts draw, over the live rows the query
 * narrows (team, vertical, status, report days). Sums and shares are the database's numeric
 * arithmetic, sent as decimal strings, so 0.10 + 0.20 is 0.30 and never 0.30000000000000004.
 */

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

export const SUMMARY_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    team: { type: 'integer', minimum: 1 },
    vertical: { type: 'string', minLength: 1, maxLength: 100 },
    status: { type: 'string', enum: ASSET_STATUSES },
    from: { type: 'string', pattern: DAY },
    to: { type: 'string', pattern: DAY },
  },
} as const;

const isRealDay = (day: string): boolean => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** What the schema cannot say: days that exist, in order. 422 naming the parameter. */
export function checkSummaryQuery(query: ReportSummaryQuery, language: Language): void {
  for (const name of ['from', 'to'] as const) {
    const day = query[name];
    if (day !== undefined && !isRealDay(day))
      throw validationError({ [name]: [issueMessage({ code: 'date' }, language)] });
  }
  if (query.from !== undefined && query.to !== undefined && query.to < query.from)
    throw validationError({ to: [DAYS_REVERSED] });
}

/** The WHERE clause over `r` and its parameters. */
function narrowing(query: ReportSummaryQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions = ['r.deleted_at IS NULL'];
  const add = (sql: (at: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (query.team !== undefined) add((at) => `r.team = ${at}::bigint`, query.team);
  if (query.vertical !== undefined) add((at) => `r.vertical = ${at}`, query.vertical);
  if (query.status !== undefined) add((at) => `r.status = ${at}`, query.status);
  if (query.from !== undefined) add((at) => `r.report_date >= ${at}::date`, query.from);
  if (query.to !== undefined) add((at) => `r.report_date <= ${at}::date`, query.to);
  return { where: conditions.join(' AND '), params };
}

const SPENT = 'round(COALESCE(sum(r.spent_usd), 0), 2)::text';

export async function reportSummary(db: Queryable, query: ReportSummaryQuery): Promise<ReportSummary> {
  const { where, params } = narrowing(query);
  const from = `${reportsResource.table} r`;
  const [totals, teams, verticals, reasons] = await Promise.all([
    db.query<ReportSummary['totals']>(
      `SELECT count(*)::int AS assets, (count(*) FILTER (WHERE r.status = 'disabled'))::int AS disabled, ${SPENT} AS spent_usd FROM ${from} WHERE ${where}`,
      params,
    ),
    db.query<Omit<TeamSpend, 'team'> & { team: string | null }>(
      `SELECT r.team::text AS team, t.name, ${SPENT} AS spent_usd, count(*)::int AS assets
         FROM ${from} LEFT JOIN ${teamsResource.table} t ON t.id = r.team
        WHERE ${where} GROUP BY r.team, t.name ORDER BY sum(r.spent_usd) DESC, t.name NULLS LAST`,
      params,
    ),
    db.query<VerticalSpend>(
      `SELECT r.vertical, ${SPENT} AS spent_usd, count(*)::int AS assets
         FROM ${from} WHERE ${where} GROUP BY r.vertical ORDER BY sum(r.spent_usd) DESC, r.vertical NULLS LAST`,
      params,
    ),
    db.query<DisableReasonCount>(
      `SELECT r.disable_reason AS reason, count(*)::int AS assets, round(count(*) * 100::numeric / sum(count(*)) OVER (), 2)::text AS share
         FROM ${from} WHERE ${where} AND r.status = 'disabled' GROUP BY r.disable_reason ORDER BY count(*) DESC, r.disable_reason NULLS LAST`,
      params,
    ),
  ]);
  return {
    totals: totals.rows[0] ?? { assets: 0, disabled: 0, spent_usd: '0.00' },
    by_team: teams.rows.map((row) => ({ ...row, team: row.team === null ? null : Number(row.team) })),
    by_vertical: verticals.rows,
    disabled_by_reason: reasons.rows,
  };
}
