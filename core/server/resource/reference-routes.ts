import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { forbidden } from '../http/api-error';
import {
  REFERENCE_QUERY,
  referenceGate,
  referenceOptions,
  referenceRequirements,
  satisfiesAny,
  type ReferenceOption,
  type ReferenceQuery,
} from './references';
import { routeTaken, type ResourceRouteContext } from './route-kit';

/** `GET references/<path>`: id and label pairs for the pickers of every resource that points here. */
export function referenceRoutes(scope: FastifyInstance, { db, definition, mounted }: ResourceRouteContext): void {
  const url = `/references/${definition.path}`;
  if (routeTaken(scope, 'GET', url)) return;
  const requirements = referenceRequirements(definition, mounted);
  scope.get<{ Querystring: ReferenceQuery }>(
    url,
    {
      config: { access: { requires: referenceGate(requirements) } },
      schema: { querystring: REFERENCE_QUERY },
      // The declared gate is an any-of of codes; an all-of among the requirements is checked exactly here.
      preHandler: async (request) => {
        if (!satisfiesAny(request.claims?.codes ?? [], requirements)) throw forbidden();
      },
    },
    async (request): Promise<DataEnvelope<ReferenceOption[]>> => ({
      data: await referenceOptions(db, definition, request.query),
    }),
  );
}
