import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '@core/sdk/shared';
import type { RouteKit } from '@core/sdk/server';
import { offersResource, streamsResource } from '../../shared/resources';
import type { KeitaroSync } from './record-sync';

/** The engine's routes that write an offer or a stream the user edited: create, edit, restore. */
function writtenResource(request: FastifyRequest): ResourceDefinition | null {
  const url = request.routeOptions.url ?? '';
  for (const definition of [offersResource, streamsResource]) {
    const base = `/${definition.path}`;
    if (request.method === 'POST' && (url.endsWith(base) || url.endsWith(`${base}/:id/restore`))) return definition;
    if (request.method === 'PATCH' && url.endsWith(`${base}/:id`)) return definition;
  }
  return null;
}

function writtenId(payload: unknown): number | null {
  if (typeof payload !== 'string') return null;
  try {
    const id: unknown = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Starts the Keitaro sync of an offer or stream once its write has committed: the engine's route
 * has answered by the time its reply is being sent, so the row goes `pending` then (the reply
 * carries it so) and the push runs after. A write that failed, or a record the sync does not
 * keep, is left alone; a hiccup here is logged and never turns the saved write into an error.
 */
export function syncAfterWrites(app: FastifyInstance, routes: RouteKit, sync: KeitaroSync): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 201) return payload;
    const definition = writtenResource(request);
    const id = definition ? writtenId(payload) : null;
    if (!definition || id === null) return payload;
    try {
      const record = await sync.written(definition, id, routes.actorOf(request));
      return record ? JSON.stringify({ data: record }) : payload;
    } catch (error) {
      request.log.error({ err: error }, 'Keitaro sync could not start');
      return payload;
    }
  });
}
