import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { preferredLanguage } from '@core/shared/resource/messages';
import type { Database } from '../database/database';
import type { ServerTranslations } from '../i18n/translations';
import { callerHolds, callerId } from '../http/route-access';
import type { ResourceHooks } from './hooks';
import type { Actor } from './mutations';
import type { Language } from '@core/shared/runtime-config';
import { listPage, pageOffset, PAGING_PROPERTIES } from '../auth/users-common';
import { conflict, notFound, validationError } from '../http/api-error';
import { ID_LIST, ID_PARAMS, idParams, ROW_ID } from '../http/ids';
import { sqlState, UNIQUE_VIOLATION } from '../database/sql';
import { translated } from './database-errors';
import { readListQuery } from './list-params';

/** What every resource route needs: the database, its definition and hooks, and every mounted definition (for references). */
export interface ResourceRouteContext {
  readonly db: Database;
  readonly definition: ResourceDefinition;
  readonly hooks: ResourceHooks;
  readonly mounted: readonly ResourceDefinition[];
  /** The app's strings, for what the server writes for people (an export's titles and labels). */
  readonly translations: ServerTranslations;
}

export { ID_LIST, ID_PARAMS, idParams, ROW_ID, type IdParams } from '../http/ids';
export { ApiError, conflict, notFound, validationError } from '../http/api-error';
export { listPage, pageOffset, PAGING_PROPERTIES, type Paging } from '../auth/users-common';

export const readAccess = (definition: ResourceDefinition) => ({ access: { requires: definition.access.read } });
export const writeAccess = (definition: ResourceDefinition) => ({ access: { requires: definition.access.write } });

/** The language the caller reads refusals in (`Accept-Language`). */
export function languageOf(request: FastifyRequest): Language {
  return preferredLanguage(request.headers['accept-language']);
}

/** Whether a statement failed on a unique index: a race lost to another request, answered as what a check would have said. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

/** Who is writing, as the engine's writes take it: the caller and their language. */
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

/**
 * What a plugin's own routes need, handed to it in `ServerPluginContext.routes` (and exported
 * one by one for imports): id parameters, paging and the list envelope (a resource's list query
 * too), the errors that become 404, 409 and 422 with `{ message, errors }`, a statement's database
 * refusals as those answers (`translated`, `isUniqueViolation`), the caller's language, the
 * actor of a write and whether the caller holds a permission requirement (`callerHolds`).
 */
export const routeKit = {
  ROW_ID,
  ID_PARAMS,
  ID_LIST,
  idParams,
  PAGING_PROPERTIES,
  listPage,
  pageOffset,
  notFound,
  conflict,
  validationError,
  languageOf,
  actorOf,
  callerHolds,
  isUniqueViolation,
  translated,
  readListQuery,
} as const;

export type RouteKit = typeof routeKit;
