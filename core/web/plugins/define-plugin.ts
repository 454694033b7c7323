import type { ContainerModule } from 'inversify';
import type { PluginManifest } from '@core/shared/manifest';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';

/** A lazily imported JSON bundle, as `import('./i18n/en.json')` gives it. */
export type TranslationLoader = () => Promise<{ readonly default: TranslationBundle }>;

/**
 * What the web build holds of a plugin: dynamic imports only, so its code and strings are fetched
 * when needed. Its manifest is not here: the server publishes the enabled plugins' manifests with
 * /config.json.
 */
export interface PluginCode {
  /** The plugin's default namespace (`manifest.namespaces[0]`) in every language. */
  readonly translations: Readonly<Record<Language, TranslationLoader>>;
  readonly load: () => Promise<{ readonly default: ContainerModule }>;
}

/** A plugin's browser part: the manifest the server published and the code loaders of this build. */
export interface WebPlugin extends PluginCode {
  readonly manifest: PluginManifest;
}

export function definePluginCode(code: PluginCode): PluginCode {
  return code;
}

/** Joins a published manifest with this build's loaders; a manifest without a namespace cannot be served strings. */
export function webPlugin(manifest: PluginManifest, code: PluginCode): WebPlugin {
  if (manifest.namespaces.length === 0) throw new Error(`plugin "${manifest.id}" declares no i18n namespace`);
  return { manifest, ...code };
}
