import type { PluginServicesSummary } from './plugin-services';

/**
 * What the host knows of each plugin it could run, for the administrators' Plugins screen:
 * built-in ones and the external folders configuration names, enabled or not, and how loading went.
 */
export interface PluginInventoryItem {
  readonly id: string;
  /** The plugin's version; null when its plugin.json could not be read. */
  readonly version: string | null;
  /** The SDK range it was written for; null when unknown. */
  readonly sdk: string | null;
  /** i18n key of its title; null when unknown. */
  readonly titleKey: string | null;
  readonly source: PluginSource;
  /** Configuration enables it (`plugins` / ERP_PLUGINS). */
  readonly enabled: boolean;
  readonly state: PluginLoadState;
  /** Why it is `failed` or `refused`, one line; null otherwise. */
  readonly error: string | null;
  /** What it provides and takes from other plugins, as resolved at start-up; absent unless it runs. */
  readonly services?: PluginServicesSummary;
}

/** Built in (compiled into the host), or an external folder named in configuration. */
export type PluginSource = { readonly kind: 'builtin' } | { readonly kind: 'external'; readonly path: string };

/**
 * - `running`: enabled and its server part is mounted;
 * - `disabled`: not enabled by configuration;
 * - `refused`: enabled but not started: SDK range not satisfied, id collision, missing dependency;
 * - `failed`: enabled but its folder, server module, migrations or registration failed.
 */
export type PluginLoadState = 'running' | 'disabled' | 'refused' | 'failed';
