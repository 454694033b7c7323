import type { PluginServicesSummary } from './plugin-services';
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
  /**
   * Further URLs that receive the same empty POST auth/refresh, as the spec's section on the calls it makes
   * words it: "also sent to a fixed application host".
   */
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
  /**
   * The enabled external plugins' browser parts by plugin id: where their Module Federation remote
   * and strings are served (same origin, under /plugins/<id>/). Built-in plugins have none.
   */
  readonly remotes: Readonly<Record<string, RemotePlugin>>;
  /** Each running plugin's services by plugin id: what it provides, requires, uses and with which provider. */
  readonly pluginServices?: Readonly<Record<string, PluginServicesSummary>>;
}

/** An external plugin's browser part as /config.json describes it; every URL is same-origin. */
export interface RemotePlugin {
  /** URL of the remote's Module Federation manifest (mf-manifest.json). */
  readonly entry: string;
  /** The remote's container name. */
  readonly container: string;
  /** The exposed module holding the plugin's code loaders. */
  readonly expose: string;
  /** URLs of the plugin's default namespace's strings, by language. */
  readonly translations: Readonly<Record<Language, string>>;
}
