import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { actorOf, languageOf, type ServerPluginContext } from '@core/sdk/server';
import {
  REPORT_CSV_MAX_CHARS,
  REPORT_ROWS_MAX,
  type ReportImportBody,
  type ReportLoadAnswer,
  type ReportRowsBody,
  type ReportSummary,
  type ReportSummaryQuery,
} from '../../shared/reports';
import { csvEntries } from './report-csv';
import { loadReports, repeatedLine } from './report-load';
import { REPEATED_LINE, REPEATED_ROW } from './report-messages';
import { checkSummaryQuery, reportSummary, SUMMARY_QUERY_SCHEMA } from './report-summary';
import { reportVerticals } from './report-verticals';

/*
 * The reports' routes beside the engine's (SR): loading a CSV file or JSON rows, the charts'
 * summary and the verticals the filter offers. Loads answer `{ data: { created, updated } }`, or 422 with every problem and nothing
 * written. See README.md.
 */

const ACCESS = { access: { requires: 'SR' } } as const;

const IMPORT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['csv'],
  properties: { csv: { type: 'string', minLength: 1, maxLength: REPORT_CSV_MAX_CHARS } },
} as const;

const ROWS_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['rows'],
  properties: {
    // Each row's fields are the resource's and are checked by its rules (readValues), which name them.
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: REPORT_ROWS_MAX,
      items: { type: 'object', not: { required: ['version'] } },
    },
  },
} as const;

export function registerReportRoutes(app: FastifyInstance, context: ServerPluginContext): void {
  app.post<{ Body: ReportImportBody }>(
    '/reports/import',
    { config: ACCESS, schema: { body: IMPORT_BODY } },
    async (request): Promise<DataEnvelope<ReportLoadAnswer>> => {
      const entries = await csvEntries(request.body.csv, context.db, context.users);
      return { data: await loadReports(context, entries, actorOf(request), repeatedLine(REPEATED_LINE, 'line')) };
    },
  );

  app.post<{ Body: ReportRowsBody }>(
    '/reports/rows',
    { config: ACCESS, schema: { body: ROWS_BODY } },
    async (request): Promise<DataEnvelope<ReportLoadAnswer>> => {
      const entries = request.body.rows.map((body, at) => ({ place: { source: 'rows', at } as const, body }));
      return { data: await loadReports(context, entries, actorOf(request), repeatedLine(REPEATED_ROW, 'row')) };
    },
  );

  app.get<{ Querystring: ReportSummaryQuery }>(
    '/reports/summary',
    { config: ACCESS, schema: { querystring: SUMMARY_QUERY_SCHEMA } },
    async (request): Promise<DataEnvelope<ReportSummary>> => {
      checkSummaryQuery(request.query, languageOf(request));
      return { data: await reportSummary(context.db, request.query) };
    },
  );

  app.get(
    '/reports/verticals',
    { config: ACCESS },
    async (): Promise<DataEnvelope<readonly string[]>> => ({ data: await reportVerticals(context.db) }),
  );
}
