import type { FastifyInstance } from 'fastify';
import type { PluginManifest } from '@core/shared/manifest';
import type { Database } from './database/database';
import type { Migration } from './database/migrator';

/** What the kernel hands every server plugin. */
export interface ServerPluginContext {
  readonly db: Database;
  /** The plugin's own section of the configuration (`pluginSettings.<id>`), unvalidated JSON. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * A plugin's server part: its migrations (applied in the schema named after the plugin) and a
 * registration function given a Fastify scope already prefixed with the plugin's service path.
 */
export interface ServerPlugin {
  readonly manifest: PluginManifest;
  readonly migrations: readonly Migration[];
  register(app: FastifyInstance, context: ServerPluginContext): Promise<void> | void;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}
