import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { issueMessages } from '@core/shared/resource/messages';
import { SEARCH_MIN_LENGTH, type ResourceCatalogue, type SearchAnswer } from '@core/shared/resource/record-page';
import type { FieldIssue } from '@core/shared/resource/validation';
import type { Database } from '../database/database';
import { validationError } from '../http/api-error';
import { callerHolds } from '../http/route-access';
import { languageOf } from './route-kit';
import { searchRecords } from './search';

/** Longer search text finds nothing a record's label would show, and only costs the statements more. */
export const SEARCH_MAX_LENGTH = 100;

const SEARCH_QUERY = {
  type: 'object',
  required: ['q'],
  additionalProperties: false,
  properties: { q: { type: 'string', maxLength: 1000 } },
} as const;

export interface CatalogueRouteOptions {
  readonly db: Database;
  /** The mounted resources, in the enabled plugins' order (asked per request: an external plugin may fail to start). */
  readonly resources: () => readonly ResourceDefinition[];
}

/**
 * `GET resources` (the definitions the caller may read: record pages and their related sections)
 * and `GET search?q=` (records across them), under the auth service. Read access is checked here,
 * per resource, on the server.
 */
export async function catalogueRoutes(app: FastifyInstance, options: CatalogueRouteOptions): Promise<void> {
  const config = { access: { signedIn: true } } as const;
  const readable = (request: Parameters<typeof callerHolds>[0]): ResourceDefinition[] =>
    options.resources().filter((definition) => callerHolds(request, definition.access.read));

  app.get(
    '/resources',
    { config },
    async (request): Promise<DataEnvelope<ResourceCatalogue>> => ({ data: readable(request) }),
  );

  app.get<{ Querystring: { q: string } }>(
    '/search',
    { config, schema: { querystring: SEARCH_QUERY } },
    async (request): Promise<DataEnvelope<SearchAnswer>> => {
      const q = request.query.q.trim();
      if (q.length < SEARCH_MIN_LENGTH || q.length > SEARCH_MAX_LENGTH) {
        const issue: FieldIssue =
          q.length < SEARCH_MIN_LENGTH
            ? { code: 'minLength', params: { min: SEARCH_MIN_LENGTH } }
            : { code: 'maxLength', params: { max: SEARCH_MAX_LENGTH } };
        throw validationError(issueMessages({ q: [issue] }, languageOf(request)));
      }
      return { data: await searchRecords(options.db, readable(request), q) };
    },
  );
}
