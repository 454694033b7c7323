import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { AuditEntry, ResourceRecord } from '@core/shared/resource/definition';
import type { RecordOverview, TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import { notFound } from '../http/api-error';
import { callerId } from '../http/route-access';
import { translated } from './database-errors';
import { timeZoneOf } from '../http/time-zone';
import { countMatching, csvExport, exactLayout, peopleLayout } from './export';
import { readExportRequest } from './export-request';
import { readListQuery } from './list-params';
import { recordOverview } from './overview';
import { findRecord, listRecords } from './records';
import {
  addComment,
  hasTimeline,
  readComment,
  recordHistory,
  TIMELINE_QUERY,
  timelinePage,
  type TimelineQuery,
} from './timeline';
import { ID_PARAMS, languageOf, readAccess, routeTaken, type IdParams, type ResourceRouteContext } from './route-kit';

const GET_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { deleted: { type: 'string', enum: ['without', 'with'] } },
} as const;

type GetQuery = { deleted?: 'without' | 'with' };

const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} } as const;

/** List, export, one record, its overview and timeline, and comments on it: everything that needs `access.read`. */
export function readRoutes(
  scope: FastifyInstance,
  { db, definition, hooks, translations }: ResourceRouteContext,
): void {
  const base = `/${definition.path}`;
  const config = readAccess(definition);

  if (!routeTaken(scope, 'GET', base)) {
    scope.get(base, { config }, async (request): Promise<ListEnvelope<ResourceRecord>> => {
      const language = languageOf(request);
      const query = readListQuery(definition, request.query, language, hooks.listScope);
      return { data: await translated(definition, language, () => listRecords(db, definition, query)) };
    });
  }

  if (!routeTaken(scope, 'GET', `${base}/export.csv`)) {
    scope.get(`${base}/export.csv`, { config }, async (request, reply) => {
      const language = languageOf(request);
      const timeZone = timeZoneOf(request);
      const asked = readExportRequest(definition, request.query);
      const query = readListQuery(definition, asked.listParams, language, hooks.listScope);
      const layout =
        asked.format === 'exact'
          ? exactLayout(definition)
          : peopleLayout(definition, asked.columns, { language, timeZone, translations });
      // Counting first also proves the filters run, so a bad value is a 422 before any byte is sent.
      const total = await translated(definition, language, () => countMatching(db, definition, query));
      reply
        .header('x-total-count', String(total))
        .header('content-disposition', `attachment; filename="${definition.path.replaceAll('/', '-')}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8');
      return reply.send(Readable.from(csvExport(db, definition, query, layout)));
    });
  }

  if (!routeTaken(scope, 'GET', `${base}/:id`)) {
    scope.get<{ Params: IdParams; Querystring: GetQuery }>(
      `${base}/:id`,
      { config, schema: { params: ID_PARAMS, querystring: GET_QUERY } },
      async (request): Promise<DataEnvelope<ResourceRecord>> => {
        const record = await findRecord(db, definition, request.params.id, {
          withDeleted: request.query.deleted === 'with',
          language: languageOf(request),
        });
        if (!record) throw notFound();
        return { data: record };
      },
    );
  }

  if (!routeTaken(scope, 'GET', `${base}/:id/overview`)) {
    scope.get<{ Params: IdParams; Querystring: GetQuery }>(
      `${base}/:id/overview`,
      { config, schema: { params: ID_PARAMS, querystring: GET_QUERY } },
      async (request): Promise<DataEnvelope<RecordOverview>> => {
        const overview = await recordOverview(
          db,
          definition,
          request.params.id,
          request.query.deleted === 'with',
          languageOf(request),
        );
        if (!overview) throw notFound();
        return { data: overview };
      },
    );
  }

  // The whole trail as one list, as since SDK 1.0 (outside plugins read it).
  if (!routeTaken(scope, 'GET', `${base}/:id/history`)) {
    scope.get<{ Params: IdParams }>(
      `${base}/:id/history`,
      { config, schema: { params: ID_PARAMS, querystring: NO_QUERY } },
      async (request): Promise<DataEnvelope<AuditEntry[]>> => {
        const { id } = request.params;
        const entries = await recordHistory(db, definition, id);
        // A hard-deleted record keeps its history; only an id that never existed is not found.
        if (entries.length === 0 && !(await findRecord(db, definition, id, { withDeleted: true }))) throw notFound();
        return { data: entries };
      },
    );
  }

  // The trail in pages, with the labels of the records its references name: the record page's timeline.
  if (!routeTaken(scope, 'GET', `${base}/:id/timeline`)) {
    scope.get<{ Params: IdParams; Querystring: TimelineQuery }>(
      `${base}/:id/timeline`,
      { config, schema: { params: ID_PARAMS, querystring: TIMELINE_QUERY } },
      async (request): Promise<DataEnvelope<TimelinePage>> => {
        const { id } = request.params;
        const page = await timelinePage(db, definition.id, id, definition, request.query, languageOf(request));
        if (
          page.entries.length === 0 &&
          !(await findRecord(db, definition, id, { withDeleted: true })) &&
          !(await hasTimeline(db, definition.id, id))
        )
          throw notFound();
        return { data: page };
      },
    );
  }

  // Anyone who may read a record may comment on it, a deleted one included, on read-only resources too.
  if (!routeTaken(scope, 'POST', `${base}/:id/comments`)) {
    scope.post<{ Params: IdParams }>(
      `${base}/:id/comments`,
      // The comment's text is read by readComment, in the words the timeline's other comment routes use.
      { config: { ...config, input: 'handler' }, schema: { params: ID_PARAMS } },
      async (request, reply) => {
        const { id } = request.params;
        const text = readComment(request.body, languageOf(request));
        if (!(await findRecord(db, definition, id, { withDeleted: true }))) throw notFound();
        const entry: TimelineEntry = await addComment(db, definition.id, id, text, callerId(request));
        return reply.status(201).send({ data: entry });
      },
    );
  }
}
