import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { BULK_DELETE_BODY, bulkDelete } from './bulk-delete';
import type { RecordSelection } from './many';
import {
  applyLifecycle,
  createRecord,
  deleteRecord,
  readValues,
  updateRecord,
  type LifecycleAction,
} from './mutations';
import { REVERT_BODY, REVERT_PARAMS, revertEntry, type RevertParams } from './revert';
import { actorOf, ID_PARAMS, routeTaken, writeAccess, type IdParams, type ResourceRouteContext } from './route-kit';

/** Create, edit, delete (one or many), restore, block, unblock and revert: everything that needs `access.write`. */
export function writeRoutes(scope: FastifyInstance, { db, definition, hooks, mounted }: ResourceRouteContext): void {
  const base = `/${definition.path}`;
  const config = writeAccess(definition);
  const params = { params: ID_PARAMS };

  if (!routeTaken(scope, 'POST', base)) {
    // The body is checked by validateInput, the same rules the browser's form runs, not by a schema.
    scope.post(base, { config: { ...config, input: 'handler' } }, async (request, reply) => {
      const actor = actorOf(request);
      const values = readValues(definition, request.body, 'create', actor.language);
      return reply.status(201).send({ data: await createRecord(db, definition, values, actor, hooks) });
    });
  }

  if (!routeTaken(scope, 'POST', `${base}/bulk-delete`)) {
    scope.post<{ Body: RecordSelection }>(
      `${base}/bulk-delete`,
      { config, schema: { body: BULK_DELETE_BODY } },
      async (request): Promise<DataEnvelope<{ deleted: number }>> => ({
        data: { deleted: await bulkDelete(db, definition, mounted, request.body, actorOf(request), hooks) },
      }),
    );
  }

  if (!routeTaken(scope, 'PATCH', `${base}/:id`)) {
    scope.patch<{ Params: IdParams }>(
      `${base}/:id`,
      { config: { ...config, input: 'handler' }, schema: params },
      async (request): Promise<DataEnvelope<ResourceRecord>> => ({
        data: await updateRecord(db, definition, request.params.id, request.body, actorOf(request), hooks),
      }),
    );
  }

  if (!routeTaken(scope, 'DELETE', `${base}/:id`)) {
    scope.delete<{ Params: IdParams }>(
      `${base}/:id`,
      { config, schema: params },
      async (request): Promise<DataEnvelope<null>> => {
        await deleteRecord(db, definition, mounted, request.params.id, actorOf(request), hooks);
        return { data: null };
      },
    );
  }

  const lifecycle: LifecycleAction[] = [
    ...(definition.softDelete ? (['restore'] as const) : []),
    ...(definition.blockable ? (['block', 'unblock'] as const) : []),
  ];
  for (const action of lifecycle) {
    if (routeTaken(scope, 'POST', `${base}/:id/${action}`)) continue;
    scope.post<{ Params: IdParams }>(
      `${base}/:id/${action}`,
      { config, schema: params },
      async (request): Promise<DataEnvelope<ResourceRecord>> => ({
        data: await applyLifecycle(db, definition, request.params.id, action, actorOf(request), hooks),
      }),
    );
  }

  if (!routeTaken(scope, 'POST', `${base}/:id/history/:entryId/revert`)) {
    scope.post<{ Params: RevertParams; Body: { version: number } }>(
      `${base}/:id/history/:entryId/revert`,
      { config, schema: { params: REVERT_PARAMS, body: REVERT_BODY } },
      async (request): Promise<DataEnvelope<ResourceRecord>> => ({
        data: await revertEntry(db, definition, request.params, request.body.version, actorOf(request), hooks),
      }),
    );
  }
}
