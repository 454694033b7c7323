import type { PluginInventoryItem, PluginLoadState, PluginSource } from '@core/sdk/shared';

/** `GET plugins` (JS): the Plugins screen's read, `{ data: PluginInventoryItem[] }`. */
export const PLUGINS_PATH = 'plugins';

/** Every load state the host reports, in the order the screen's filter offers them. */
export const PLUGIN_LOAD_STATES = [
  'running',
  'disabled',
  'refused',
  'failed',
] as const satisfies readonly PluginLoadState[];

/** Where a plugin comes from: compiled into the host, or an external folder. */
export const PLUGIN_SOURCE_KINDS = ['builtin', 'external'] as const satisfies readonly PluginSource['kind'][];

export type { PluginInventoryItem, PluginLoadState, PluginSource };
