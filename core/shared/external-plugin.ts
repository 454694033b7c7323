import type { PluginManifest } from './manifest';
import type { Language } from './runtime-config';

/**
 * An external plugin's `dist/plugin.json`: its manifest (the same plain data a built-in plugin's
 * `manifest.ts` exports) and where its built parts lie, as paths relative to the folder holding
 * the file. The host reads it at start-up before importing any of the plugin's code.
 */
export interface ExternalPluginFile extends PluginManifest {
  readonly files: ExternalPluginFiles;
}

export interface ExternalPluginFiles {
  /** The server part: an ES module whose default export is the ServerPlugin; null for a browser-only plugin. */
  readonly server: string | null;
  /** The browser part, a Module Federation remote; null for a server-only plugin. */
  readonly web: ExternalWebFiles | null;
  /** The plugin's default namespace's strings, one JSON file per language (read before its code loads). */
  readonly translations: Readonly<Record<Language, string>>;
}

export interface ExternalWebFiles {
  /** The folder served at /plugins/<id>/, e.g. `web`. */
  readonly root: string;
  /** The remote's Module Federation manifest inside `root`, e.g. `mf-manifest.json`. */
  readonly manifest: string;
  /** The remote's container name (remoteContainerName of the id). */
  readonly container: string;
  /** The exposed module holding the plugin's code loaders (EXPOSED_PLUGIN_MODULE). */
  readonly expose: string;
}

/** The file an external plugin's folder must hold. */
export const EXTERNAL_PLUGIN_FILE = 'plugin.json';

/** The module a remote exposes: its `web/index.ts`, default-exporting `definePluginCode(...)`. */
export const EXPOSED_PLUGIN_MODULE = './plugin';

/** The URL path an external plugin's web files are served under, same origin as the app. */
export function pluginFilesPath(id: string): string {
  return `/plugins/${id}/`;
}

/** A Module Federation container name (a JavaScript identifier) for a plugin id. */
export function remoteContainerName(id: string): string {
  return `erp_plugin_${id.replace(/-/g, '_')}`;
}
