import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { preferredLanguage } from '@core/shared/resource/messages';
import type { Database } from '../database/database';
import { callerId } from '../http/route-access';
import type { ResourceHooks } from './hooks';
import type { Actor } from './mutations';

/** What every resource route needs: the database, its definition and hooks, and every mounted definition (for references). */
export interface ResourceRouteContext {
  readonly db: Database;
  readonly definition: ResourceDefinition;
  readonly hooks: ResourceHooks;
  readonly mounted: readonly ResourceDefinition[];
}

export { ID_PARAMS, type IdParams } from '../http/ids';

export const readAccess = (definition: ResourceDefinition) => ({ access: { requires: definition.access.read } });
export const writeAccess = (definition: ResourceDefinition) => ({ access: { requires: definition.access.write } });

export function languageOf(request: FastifyRequest) {
  return preferredLanguage(request.headers['accept-language']);
}

export function actorOf(request: FastifyRequest): Actor {
  return { id: callerId(request), language: languageOf(request) };
}

/**
 * Whether the plugin already registered this route: a plugin overrides an engine route simply by
 * declaring its own in `register`, and the engine then leaves that one out.
 */
export function routeTaken(scope: FastifyInstance, method: HTTPMethods, url: string): boolean {
  return scope.hasRoute({ method, url: `${scope.prefix}${url}` });
}
