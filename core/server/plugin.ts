import type { RussianMessages } from './http/message-translations';
import type { FastifyInstance } from 'fastify';
import type { PluginManifest } from '@core/shared/manifest';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database } from './database/database';
import type { Migration } from './database/migrator';
import type { ResourceHooks } from './resource/hooks';
import type { SecretStatus, SettingDefinition, SettingsCatalogue } from './settings/catalogue';

/** What the kernel hands every server plugin. */
export interface ServerPluginContext {
  readonly db: Database;
  /** The plugin's own section of the configuration (`pluginSettings.<id>`), unvalidated JSON. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Every system setting the core and the enabled plugins declare (the admin plugin's settings screen). */
  readonly systemSettings: SettingsCatalogue;
  /** Secrets the server was started with, known only as set or not set. */
  readonly secrets: readonly SecretStatus[];
}

/**
 * A plugin's server part: its migrations (applied in the schema named after the plugin) and a
 * registration function given a Fastify scope already prefixed with the plugin's service path.
 */
export interface ServerPlugin {
  readonly manifest: PluginManifest;
  readonly migrations: readonly Migration[];
  /** The system settings the plugin reads (core/server/settings), shown on the settings screen. */
  readonly systemSettings?: readonly SettingDefinition[];
  /**
   * Resources the kernel serves for the plugin (core/server/resource): their tables are created
   * and extended at start-up, and their REST routes mounted under the service prefix after
   * `register` has run, so a route `register` declares itself (same method and URL) wins.
   */
  readonly resources?: readonly ResourceDefinition[];
  /** Logic the engine runs around the writes of those resources, and list scopes, by resource id. */
  readonly resourceHooks?: Readonly<Record<string, ResourceHooks>>;
  /**
   * The plugin's own messages (refusals, 409s, 422s) in the languages beside English, by their
   * English text: the API answers a caller whose Accept-Language prefers Russian with these.
   */
  readonly messages?: { readonly ru: RussianMessages };
  register(app: FastifyInstance, context: ServerPluginContext): Promise<void> | void;
  /** Fills the plugin's screens with realistic demonstration records; safe to run more than once. */
  seedDemo?(db: Database): Promise<void>;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}
