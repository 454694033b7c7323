import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, PluginInventoryItem } from '@core/sdk/shared';
import type { PluginInventory } from '@core/sdk/server';
import { PLUGIN_LOAD_STATES, PLUGIN_SOURCE_KINDS, PLUGINS_PATH } from '../shared/plugins';
import { ACCESS } from './http';

const nullableText = { type: ['string', 'null'] } as const;
const ids = { type: 'array', items: { type: 'string' } } as const;
const taken = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'provider'],
    properties: { id: { type: 'string' }, provider: nullableText },
  },
} as const;

/** One plugin as `GET plugins` answers it (PluginInventoryItem): only these fields leave the server. */
export const PLUGIN_INVENTORY_ITEM_SCHEMA = {
  type: 'object',
  required: ['id', 'version', 'sdk', 'titleKey', 'source', 'enabled', 'state', 'error'],
  properties: {
    id: { type: 'string' },
    version: nullableText,
    sdk: nullableText,
    titleKey: nullableText,
    source: {
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { type: 'string', enum: [...PLUGIN_SOURCE_KINDS] },
        // Only for `external`: the folder configuration names.
        path: { type: 'string' },
      },
    },
    enabled: { type: 'boolean' },
    state: { type: 'string', enum: [...PLUGIN_LOAD_STATES] },
    error: nullableText,
    // Only for a running plugin: its services as resolved at start-up.
    services: {
      type: 'object',
      required: ['provides', 'offers', 'requires', 'uses', 'extends'],
      properties: { provides: ids, offers: ids, requires: taken, uses: taken, extends: taken },
    },
  },
} as const;

const listSchema = {
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: PLUGIN_INVENTORY_ITEM_SCHEMA } },
    },
  },
} as const;

/**
 * The Plugins screen (code JS, read-only): `GET plugins` lists every plugin the host could run,
 * built in or from an external folder, with its version, SDK range, whether configuration enables
 * it, how loading went (running, disabled, refused or failed, with the one-line reason) and, for a
 * running plugin, the services it provides and takes from other plugins. The
 * inventory is read on each call, since the host finishes loading after the routes are registered.
 * Enabling a plugin is configuration and a restart, so nothing here writes.
 */
export function pluginsRoutes(app: FastifyInstance, { plugins }: { readonly plugins: PluginInventory }): void {
  app.get(
    `/${PLUGINS_PATH}`,
    { config: { access: ACCESS.settings }, schema: listSchema },
    async (): Promise<DataEnvelope<PluginInventoryItem[]>> => ({ data: [...plugins.list()] }),
  );
}
