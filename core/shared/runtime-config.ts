import type { PluginManifest } from './manifest';
import type { ServiceName } from './services';

export type Language = 'en' | 'ru';

export const LANGUAGES: readonly Language[] = ['en', 'ru'];

/**
 * What the server publishes at /config.json and the browser reads before rendering.
 * Nothing secret belongs here: it is served to anyone.
 */
export interface RuntimeConfig {
  readonly productName: string;
  readonly defaultLanguage: Language;
  readonly plugins: readonly string[];
  readonly services: Readonly<Record<ServiceName, string>>;
  /** Further URLs that receive the same empty POST auth/refresh (spec §7: "also sent to a fixed application host"). */
  readonly extraRefreshUrls: readonly string[];
}

/**
 * What /config.json answers: the runtime config and the manifests of the enabled plugins, in the
 * order `plugins` names them. The browser builds its route table and sidebar from these, so no
 * manifest rides in the web build (and a plugin built apart from the host can still be described).
 * Manifests are plain data: JSON carries them as they are.
 */
export interface PublishedConfig extends RuntimeConfig {
  readonly manifests: readonly PluginManifest[];
}
