import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import {
  checkPreference,
  isPreferenceKey,
  listViewsResource,
  type PreferenceKey,
  type PreferenceValue,
  type SavedListViews,
} from '@core/shared/preferences';
import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import { decodeListQuery, filterOperatorsOf } from '@core/shared/resource/list-query';
import { issueMessages } from '@core/shared/resource/messages';
import type { InputIssues } from '@core/shared/resource/validation';
import type { Database } from '../database/database';
import { forbidden, notFound, validationError } from '../http/api-error';
import { callerHolds, callerId } from '../http/route-access';
import { languageOf } from '../resource/route-kit';

export interface PreferenceAnswer<K extends PreferenceKey = PreferenceKey> {
  readonly key: K;
  /** Null when the user never saved one (or cleared it). */
  readonly value: PreferenceValue<K> | null;
}

export interface PreferenceRouteOptions {
  readonly db: Database;
  /** The mounted resources: a list's views may be kept only for a resource the caller may read. */
  readonly resources: () => readonly ResourceDefinition[];
}

const KEY_PARAMS = {
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: { key: { type: 'string', maxLength: 200 } },
} as const;

const PUT_BODY = {
  type: 'object',
  required: ['value'],
  additionalProperties: false,
  properties: { value: {} },
} as const;

const LIST_PARAM = /^(per_page|sort|deleted|filter\[[a-z][a-z0-9_]*\]\[[a-zA-Z]+\])$/;
const PRESET_PARAM = /^filter\[([a-z][a-z0-9_]*)\]\[preset\]$/;

/**
 * A saved view's list parameters must mean something to the list, exactly as its URL would be
 * read (decodeListQuery): known sort, page size, filters with their operators and values. A date
 * preset needs a field filtered by range; other names are the screen's scopes, which only the
 * browser knows.
 */
function viewParamIssues(definition: ResourceDefinition, value: SavedListViews): InputIssues | null {
  for (const [index, view] of value.views.entries()) {
    const listParams = Object.fromEntries(
      Object.entries(view.params).filter(([param]) => LIST_PARAM.test(param) && !PRESET_PARAM.test(param)),
    );
    const presetsKnown = Object.keys(view.params).every((param) => {
      const preset = PRESET_PARAM.exec(param);
      if (!preset) return true;
      const field = fieldNamed(definition, preset[1] ?? '');
      const operators = field ? filterOperatorsOf(field) : [];
      return operators.includes('gte') && operators.includes('lte');
    });
    if (!presetsKnown || Object.keys(decodeListQuery(definition, listParams).errors).length > 0) {
      return { [`value.views.${index}.params`]: [{ code: 'unknown' }] };
    }
  }
  return null;
}

/**
 * `GET|PUT|DELETE preferences/:key` under the auth service: what the signed-in user keeps about
 * how the app looks to them (core/shared/preferences.ts). A write replaces the whole value; the
 * last write wins, as it should for a layout only its owner changes. Not audited: it changes
 * nothing anyone else sees.
 */
export async function preferenceRoutes(app: FastifyInstance, options: PreferenceRouteOptions): Promise<void> {
  const { db } = options;
  const config = { access: { signedIn: true } } as const;

  /** The key, known and (for a list's views) of a resource the caller may read; 404 otherwise, as for any unknown path. */
  const keyOf = (
    request: FastifyRequest<{ Params: { key: string } }>,
  ): { key: PreferenceKey; resource: ResourceDefinition | null } => {
    const { key } = request.params;
    if (!isPreferenceKey(key)) throw notFound('Preference');
    const resourceId = listViewsResource(key);
    if (resourceId === null) return { key, resource: null };
    const resource = options.resources().find((definition) => definition.id === resourceId);
    if (!resource) throw notFound('Preference');
    if (!callerHolds(request, resource.access.read)) throw forbidden();
    return { key, resource };
  };

  app.get<{ Params: { key: string } }>(
    '/preferences/:key',
    { config, schema: { params: KEY_PARAMS } },
    async (request): Promise<DataEnvelope<PreferenceAnswer>> => {
      const { key } = keyOf(request);
      const { rows } = await db.query<{ value: unknown }>(
        'SELECT value FROM core.user_preferences WHERE user_id = $1 AND key = $2',
        [callerId(request), key],
      );
      // A value an older version wrote that no longer fits reads as never saved, rather than breaking the screen.
      const checked = rows[0] ? checkPreference(key, rows[0].value) : null;
      return { data: { key, value: checked?.value ?? null } };
    },
  );

  app.put<{ Params: { key: string }; Body: { value: unknown } }>(
    '/preferences/:key',
    { config, schema: { params: KEY_PARAMS, body: PUT_BODY } },
    async (request): Promise<DataEnvelope<PreferenceAnswer>> => {
      const { key, resource } = keyOf(request);
      const checked = checkPreference(key, request.body.value);
      const issues = checked.issues ?? (resource ? viewParamIssues(resource, checked.value as SavedListViews) : null);
      if (issues) throw validationError(issueMessages(issues, languageOf(request)));
      await db.query(
        `INSERT INTO core.user_preferences (user_id, key, value) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [callerId(request), key, JSON.stringify(checked.value)],
      );
      return { data: { key, value: checked.value ?? null } };
    },
  );

  app.delete<{ Params: { key: string } }>(
    '/preferences/:key',
    { config, schema: { params: KEY_PARAMS } },
    async (request): Promise<DataEnvelope<PreferenceAnswer>> => {
      const { key } = keyOf(request);
      await db.query('DELETE FROM core.user_preferences WHERE user_id = $1 AND key = $2', [callerId(request), key]);
      return { data: { key, value: null } };
    },
  );
}
