import { ApiError, assertNoBody, type Queryable, type ServerPluginContext } from '@core/sdk/server';
import type { FieldValue } from '@core/sdk/shared';
import { servicesResource } from '../../shared/resources';
import { platformFailure } from '../graph/api-failure';
import { GraphError } from '../graph/graph-error';
import type { GraphLink } from '../graph/graph-link';
import { NO_TOKEN } from './messages';

/*
 * A service's check (its row action, FO): `GET /debug_token` about the service's access token,
 * asked with the app's token (`app_id|app_secret`; the access token itself when no app secret is
 * set, which the platform allows for a token looking at itself). What the platform says (scopes,
 * expiry, or why the token is not valid) is written to the service through the engine (action
 * `check`) and the record answered. A rate limit (503) or no answer (502) writes nothing: the
 * platform said nothing about the token.
 */

interface Credentials {
  readonly app_id: string | null;
  readonly app_secret: string | null;
  readonly access_token: string | null;
}

async function credentials(tx: Queryable, id: number): Promise<Credentials | null> {
  const { rows } = await tx.query<Credentials>(
    `SELECT app_id, app_secret, access_token FROM ${servicesResource.table} WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export function registerServiceCheck(context: ServerPluginContext, graph: GraphLink): void {
  const action = servicesResource.rowActions?.find((found) => found.name === 'check');
  if (!action) throw new Error('social.services has no check action');
  context.resources.rowAction(
    servicesResource,
    action,
    async ({ tx, record, request }): Promise<Readonly<Record<string, FieldValue>>> => {
      assertNoBody(request.body);
      const stored = await credentials(tx, record.id);
      const token = stored?.access_token ?? '';
      if (token === '') throw new ApiError(422, NO_TOKEN);
      const appToken = stored?.app_id && stored.app_secret ? `${stored.app_id}|${stored.app_secret}` : token;
      const checkedAt = new Date().toISOString();
      try {
        const info = await graph.client.debugToken(token, appToken);
        return {
          scopes: info.scopes.join(', '),
          token_expires_at: info.expires_at,
          checked_at: checkedAt,
          check_error: info.error,
        };
      } catch (error) {
        if (error instanceof GraphError && (error.kind === 'auth' || error.kind === 'invalid')) {
          return { checked_at: checkedAt, check_error: error.message };
        }
        throw platformFailure(error);
      }
    },
  );
}
