import type { ContainerModule } from 'inversify';
import type { PluginManifest } from '@core/shared/manifest';
import type { Language } from '@core/shared/runtime-config';
import type { TranslationBundle } from '../kernel/contributions';

/** A lazily imported JSON bundle, as `import('./i18n/en.json')` gives it. */
export type TranslationLoader = () => Promise<{ readonly default: TranslationBundle }>;

/**
 * A plugin's browser part. The manifest is static data the host reads at start; `load` and the
 * translation loaders are dynamic imports, so the plugin's code is fetched only when needed.
 */
export interface WebPlugin {
  readonly manifest: PluginManifest;
  /** The plugin's default namespace (`manifest.namespaces[0]`) in every language. */
  readonly translations: Readonly<Record<Language, TranslationLoader>>;
  readonly load: () => Promise<{ readonly default: ContainerModule }>;
}

export function definePlugin(plugin: WebPlugin): WebPlugin {
  if (plugin.manifest.namespaces.length === 0) throw new Error(`plugin "${plugin.manifest.id}" declares no i18n namespace`);
  return plugin;
}
