import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { PeopleCsv, peopleCsvReader, type ServerPluginContext } from '@core/sdk/server';
import type { UsdRateSource } from '@plugins/finance/server/services';
import { trackersResource } from '../../shared/resources';
import type { ReportAnswer, ReportQuery, ReportTracker } from '../../shared/report';
import { KeitaroAdminApi } from '../keitaro/keitaro-api';
import type { KeitaroReporter } from './keitaro-source';
import { reportCsv } from './report-csv';
import { REPORT_QUERY_SCHEMA, readReportRequest } from './report-request';
import { buildReport } from './report-service';

export interface ReportRouteDeps {
  readonly build: KeitaroReporter;
  /** Today's day (`YYYY-MM-DD`, UTC, as the statistics' days), which presets count from. */
  readonly today: () => string;
}

const ACCESS = { access: { requires: 'TR' } } as const;

/** The day of the statistics' clock: UTC, as Keitaro is asked for its report (KEITARO_REPORT_TIMEZONE). */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);

const PRODUCTION: ReportRouteDeps = {
  build: (connection, request) => new KeitaroAdminApi(connection).buildReport(request),
  today: utcToday,
};

/**
 * `GET report` (the answer), `GET report/export` (the same report as CSV) and `GET report/trackers`
 * (the page's tracker choice, readable without TT), all TR.
 */
export function reportRoutes(
  app: FastifyInstance,
  context: ServerPluginContext,
  rates: UsdRateSource,
  deps: ReportRouteDeps = PRODUCTION,
): void {
  const answer = (query: ReportQuery): Promise<ReportAnswer> =>
    buildReport(context.db, readReportRequest(query, deps.today()), deps.build, rates);

  app.get<{ Querystring: ReportQuery }>(
    '/report',
    { config: ACCESS, schema: { querystring: REPORT_QUERY_SCHEMA } },
    async (request): Promise<DataEnvelope<ReportAnswer>> => ({
      data: await answer(request.query),
    }),
  );

  app.get<{ Querystring: ReportQuery }>(
    '/report/export',
    { config: ACCESS, schema: { querystring: REPORT_QUERY_SCHEMA } },
    async (request, reply) => {
      const people = new PeopleCsv(peopleCsvReader(request, context.translations));
      const report = await answer(request.query);
      const name = `tracker-report-${report.period.from}-${report.period.to}.csv`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-report-source', report.source)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8');
      return reportCsv(report, people);
    },
  );

  app.get('/report/trackers', { config: ACCESS }, async (): Promise<DataEnvelope<ReportTracker[]>> => {
    const { rows } = await context.db.query<{ id: number | string; slug: string; keitaro: boolean }>(
      `SELECT id, slug, active_server IS NOT NULL AS keitaro FROM ${trackersResource.table} WHERE deleted_at IS NULL ORDER BY slug`,
    );
    return {
      data: rows.map((row) => ({ id: Number(row.id), slug: row.slug, source: row.keitaro ? 'keitaro' : 'statistics' })),
    };
  });
}
