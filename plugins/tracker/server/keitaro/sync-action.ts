import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ResourceDefinition, ResourceRecord, RowAction } from '@core/sdk/shared';
import { assertNoBody, ID_PARAMS, type IdParams, type RouteKit } from '@core/sdk/server';
import { offersResource, streamsResource } from '../../shared/resources';
import { SYNC_ACTION, type KeitaroSync } from './record-sync';

function syncActionOf(definition: ResourceDefinition): RowAction {
  const action = definition.rowActions?.find((candidate) => candidate.name === SYNC_ACTION);
  if (!action) throw new Error(`${definition.id} declares no "${SYNC_ACTION}" row action`);
  return action;
}

/**
 * The `sync` row action of offers and streams (`POST offers/{id}/sync`, `POST streams/{id}/sync`):
 * queues the row's push job (joining one already queued) and waits for it, no transaction open
 * meanwhile, then answers the synced record; a push still waiting after a minute (the runner busy)
 * answers the row as it stands, pending. A failure is stored on the row (`failed` with its
 * message) and answered with that message: 503 for what is not configured, 409 for sync off or an
 * offer not in Keitaro yet, 422 when Keitaro refused (its key or its validation), 502 when it
 * could not be reached or failed.
 */
export function syncActionRoutes(app: FastifyInstance, routes: RouteKit, sync: KeitaroSync): void {
  for (const definition of [offersResource, streamsResource]) {
    const action = syncActionOf(definition);
    app.post<{ Params: IdParams }>(
      `/${definition.path}/:id/${action.endpoint}`,
      { config: { access: { requires: action.requires } }, schema: { params: ID_PARAMS } },
      async (request): Promise<DataEnvelope<ResourceRecord>> => {
        assertNoBody(request.body);
        return { data: await sync.syncNow(definition, request.params.id, routes.actorOf(request)) };
      },
    );
  }
}
