import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { AuditEntry, ResourceRecord } from '@core/shared/resource/definition';
import { notFound } from '../http/api-error';
import { recordHistory } from './audit';
import { translated } from './database-errors';
import { countMatching, csvExport } from './export';
import { readListQuery } from './list-params';
import { findRecord, listRecords } from './records';
import { ID_PARAMS, languageOf, readAccess, routeTaken, type IdParams, type ResourceRouteContext } from './route-kit';

const GET_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { deleted: { type: 'string', enum: ['without', 'with'] } },
} as const;

/** List, export, one record and its history: everything that needs `access.read`. */
export function readRoutes(scope: FastifyInstance, { db, definition, hooks }: ResourceRouteContext): void {
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
      const query = readListQuery(definition, request.query, language, hooks.listScope);
      // Counting first also proves the filters run, so a bad value is a 422 before any byte is sent.
      const total = await translated(definition, language, () => countMatching(db, definition, query));
      reply
        .header('x-total-count', String(total))
        .header('content-disposition', `attachment; filename="${definition.path.replaceAll('/', '-')}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8');
      return reply.send(Readable.from(csvExport(db, definition, query)));
    });
  }

  if (!routeTaken(scope, 'GET', `${base}/:id`)) {
    scope.get<{ Params: IdParams; Querystring: { deleted?: 'without' | 'with' } }>(
      `${base}/:id`,
      { config, schema: { params: ID_PARAMS, querystring: GET_QUERY } },
      async (request): Promise<DataEnvelope<ResourceRecord>> => {
        const record = await findRecord(db, definition, request.params.id, { withDeleted: request.query.deleted === 'with' });
        if (!record) throw notFound();
        return { data: record };
      },
    );
  }

  if (!routeTaken(scope, 'GET', `${base}/:id/history`)) {
    scope.get<{ Params: IdParams }>(`${base}/:id/history`, { config, schema: { params: ID_PARAMS } }, async (request): Promise<DataEnvelope<AuditEntry[]>> => {
      const { id } = request.params;
      const entries = await recordHistory(db, definition, id);
      // A hard-deleted record keeps its history; only an id that never existed is not found.
      if (entries.length === 0 && !(await findRecord(db, definition, id, { withDeleted: true }))) throw notFound();
      return { data: entries };
    });
  }
}
