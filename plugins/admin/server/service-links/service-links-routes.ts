import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import type { IdParams, ServerPluginContext } from '@core/sdk/server';
import { ONE_DEFAULT_MESSAGE, SERVICES, type ServiceEntry, type ServiceLink } from '../../shared/services';
import { ACCESS } from '../http';
import { findLink, linksOfUser, makeDefault } from './service-links-store';

/** A user's service links and the default per service, and the services they can name. Code JU. */
export function serviceLinksRoutes(app: FastifyInstance, { db, users, audit, routes }: ServerPluginContext): void {
  const config = { access: ACCESS.users };
  const { ID_PARAMS, notFound, conflict, actorOf } = routes;
  const patchSchema = {
    params: ID_PARAMS,
    body: {
      type: 'object',
      required: ['is_default'],
      additionalProperties: false,
      properties: { is_default: { type: 'boolean' } },
    },
  } as const;

  app.get(
    '/references/services',
    { schema: { querystring: { type: 'object', additionalProperties: false } }, config },
    async (): Promise<DataEnvelope<readonly ServiceEntry[]>> => ({ data: SERVICES }),
  );

  /** `{id}` is the user's id. */
  app.get<{ Params: IdParams }>(
    '/service-link/:id',
    { schema: { params: ID_PARAMS }, config },
    async (request): Promise<DataEnvelope<ServiceLink[]>> => {
      await users.require(db, request.params.id);
      return { data: await linksOfUser(db, request.params.id) };
    },
  );

  /** `{id}` is the link's id. Exactly one link per user and service is the default. */
  app.patch<{ Params: IdParams; Body: { is_default: boolean } }>(
    '/service-link/:id',
    { schema: patchSchema, config },
    async (request) => {
      const link = await db.transaction(async (tx) => {
        const found = await findLink(tx, request.params.id);
        if (!found) throw notFound('Service link');
        if (request.body.is_default) await makeDefault(tx, audit, found, actorOf(request));
        // Unsetting the default would leave the service without one; unsetting another changes nothing.
        else if (found.is_default) throw conflict(ONE_DEFAULT_MESSAGE);
        return (await findLink(tx, found.id)) ?? found;
      });
      return { data: link, message: 'Successfully updated' };
    },
  );
}
