import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ResourceDefinition, RowAction } from '@core/sdk/shared';
import { validationError, type ServerPluginContext } from '@core/sdk/server';
import { BIZDEV_DAY_CAPS_MAX_IDS, BIZDEV_DAY_CAPS_PATH, type BizdevDayCap } from '../../shared/bizdev';
import { bizdevRequestsResource } from '../../shared/resources';
import { dayCapsOf } from '../rules/bizdev-caps';
import { approveRequest, refuseRequest } from '../rules/bizdev-requests';

export const TOO_MANY_IDS = `Ask for at most ${BIZDEV_DAY_CAPS_MAX_IDS} requests at once.`;

function rowAction(definition: ResourceDefinition, name: string): RowAction {
  const action = definition.rowActions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`${definition.id} has no row action "${name}"`);
  return action;
}

const DAY_CAPS_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: { type: 'string', maxLength: BIZDEV_DAY_CAPS_MAX_IDS * 19, pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$' },
  },
} as const;

/** The bizdev requests' approve and refuse actions, and each request's day beside its limit (shared/bizdev.ts). */
export function bizdevRoutes(app: FastifyInstance, { db, resources }: ServerPluginContext): void {
  resources.rowAction(bizdevRequestsResource, rowAction(bizdevRequestsResource, 'approve'), approveRequest);
  resources.rowAction(bizdevRequestsResource, rowAction(bizdevRequestsResource, 'refuse'), refuseRequest);

  app.get<{ Querystring: { ids: string } }>(
    `/${BIZDEV_DAY_CAPS_PATH}`,
    { config: { access: { requires: bizdevRequestsResource.access.read } }, schema: { querystring: DAY_CAPS_QUERY } },
    async (request): Promise<DataEnvelope<BizdevDayCap[]>> => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      if (ids.length > BIZDEV_DAY_CAPS_MAX_IDS) throw validationError({ ids: [TOO_MANY_IDS] });
      return { data: await dayCapsOf(db, ids) };
    },
  );
}
