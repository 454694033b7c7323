import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { PeopleCsv, peopleCsvReader, type ServerPluginContext } from '@core/sdk/server';
import { EXCHANGE_RATES } from '@plugins/finance/server/services';
import type { ReportQuery, SocialReport } from '../../shared/report';
import { reportCsv } from './report-csv';
import { checkReportQuery, REPORT_QUERY_SCHEMA } from './report-query';
import { buildSocialReport } from './social-report';

const ACCESS = { access: { requires: 'MA' } } as const;

/** `GET report` (the insights summed by a grouping, with rates and totals) and `GET report.csv` (the same as a file), both MA. */
export function reportRoutes(
  app: FastifyInstance,
  context: Pick<ServerPluginContext, 'db' | 'optionalService' | 'translations'>,
): void {
  const { db, translations } = context;
  // Finance's rates when finance runs; without them the report shows no USD figures.
  const exchangeRates = context.optionalService(EXCHANGE_RATES);
  const report = (query: ReportQuery): Promise<SocialReport> => {
    checkReportQuery(query);
    return buildSocialReport(db, exchangeRates.get(), query);
  };

  app.get<{ Querystring: ReportQuery }>(
    '/report',
    { config: ACCESS, schema: { querystring: REPORT_QUERY_SCHEMA } },
    async (request): Promise<DataEnvelope<SocialReport>> => ({
      data: await report(request.query),
    }),
  );

  app.get<{ Querystring: ReportQuery }>(
    '/report.csv',
    { config: ACCESS, schema: { querystring: REPORT_QUERY_SCHEMA } },
    async (request, reply) => {
      const people = new PeopleCsv(peopleCsvReader(request, translations));
      const csv = reportCsv(await report(request.query), request.query.group, people);
      const { from, to, level, group } = request.query;
      return reply
        .header('content-disposition', `attachment; filename="social-report-${level}-by-${group}-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
