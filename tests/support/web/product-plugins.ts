/**
 * The product's plugins as the browser runs them: every plugin whose code the web build holds
 * (host/web/plugins.ts), its manifest (plugins/<id>/manifest.ts, what the server publishes with
 * /config.json) joined with that code. A plugin added to the host is here without an edit.
 */
import { webPlugin, type WebPlugin } from '@core/sdk/testing-web';
import type { PluginManifest } from '@core/shared/manifest';
import { PLUGIN_CODE } from '@host/web/plugins';

declare global {
  interface ImportMeta {
    /** Vite's (and so vitest's) glob import, resolved when the file is transformed. */
    glob<Module>(pattern: string, options: { readonly eager: true }): Record<string, Module>;
  }
}

const MANIFEST_MODULES = import.meta.glob<Readonly<Record<string, unknown>>>('/plugins/*/manifest.ts', { eager: true });

function isManifestOf(id: string, value: unknown): value is PluginManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { id?: unknown }).id === id &&
    Array.isArray((value as { namespaces?: unknown }).namespaces)
  );
}

function manifestOf(id: string): PluginManifest {
  const exported = Object.values(MANIFEST_MODULES[`/plugins/${id}/manifest.ts`] ?? {});
  const manifest = exported.find((value) => isManifestOf(id, value));
  if (!manifest) throw new Error(`plugins/${id}/manifest.ts exports no manifest with id "${id}"`);
  return manifest;
}

/** Every plugin of the web build, by id. */
export const PRODUCT_PLUGINS: Readonly<Record<string, WebPlugin>> = Object.fromEntries(
  Object.entries(PLUGIN_CODE).map(([id, code]) => [id, webPlugin(manifestOf(id), code)]),
);

/** The product plugin `id`; throws when the build has none of that id. */
export function productPlugin(id: string): WebPlugin {
  const plugin = PRODUCT_PLUGINS[id];
  if (!plugin) throw new Error(`the web build has no plugin "${id}" (host/web/plugins.ts)`);
  return plugin;
}

export const admin = productPlugin('admin');
export const finance = productPlugin('finance');
export const messenger = productPlugin('messenger');
