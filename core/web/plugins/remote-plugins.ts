import { LANGUAGES, type Language, type RemotePlugin } from '@core/shared/runtime-config';
import type { PluginCode, TranslationLoader } from './define-plugin';
import type { FederationProvider } from './federation';
import type { PluginNotices } from './plugin-notices';
import { fetchSameOriginJson, isRecord, type FetchFunction } from './remote-fetch';

/**
 * The browser side of external plugins, as the app chunk holds it: small, and free of Module
 * Federation. The federation runtime, the host's shared-module providers and the remote loader are
 * the `remote-plugins` chunk, imported the first time an external plugin's code is needed, so a
 * deployment without external plugins (and the sign-in screen of any) never downloads them.
 */

export interface RemotePluginOptions {
  /** Where shared-version notices go (a toast once the kernel exists); without it they are only logged. */
  readonly notices?: PluginNotices;
  /** The federation runtime; by default the page's own instance, from the lazy chunk. Tests pass a fake. */
  readonly federation?: FederationProvider;
  /** By default the global `fetch`, read at call time. */
  readonly fetch?: FetchFunction;
}

const pageFederation: FederationProvider = () =>
  import(/* webpackChunkName: "remote-plugins" */ './federation-runtime').then((module) => module.hostFederation());

const globalFetch: FetchFunction = (input, init) => fetch(input, init);

/** A loader of one language's strings: the JSON bundle /config.json points at, fetched from this origin. */
function translationLoader(
  id: string,
  language: Language,
  url: string,
  fetchFunction: FetchFunction,
): TranslationLoader {
  return async () => {
    try {
      const bundle = await fetchSameOriginJson(url, fetchFunction);
      if (!isRecord(bundle)) throw new Error(`${url} holds no object of strings`);
      return { default: bundle };
    } catch (error) {
      // i18next keeps the reason to itself: log it here, where the URL and the status are known.
      console.error(`external plugin "${id}": its ${language} strings could not be loaded`, error);
      throw error;
    }
  };
}

/**
 * The code of one external plugin, as a built-in plugin's `definePluginCode` gives it: its strings
 * fetched from the JSON URLs of /config.json; its `load` loading the remote through federation and
 * then running the remote's own `load()`.
 */
export function remotePluginCode(id: string, remote: RemotePlugin, options: RemotePluginOptions = {}): PluginCode {
  const fetchFunction = options.fetch ?? globalFetch;
  const federation = options.federation ?? pageFederation;
  return {
    translations: {
      en: translationLoader(id, 'en', remote.translations.en, fetchFunction),
      ru: translationLoader(id, 'ru', remote.translations.ru, fetchFunction),
    },
    load: async () => {
      const [loader, seam] = await Promise.all([
        import(/* webpackChunkName: "remote-plugins" */ './remote-loader'),
        federation(),
      ]);
      return loader.loadRemotePlugin(id, remote, {
        federation: seam,
        fetch: fetchFunction,
        notices: (notice) => options.notices?.report(notice),
      });
    },
  };
}

/** What is missing from a remote's description in /config.json (JSON from the server, not checked by the compiler). */
function remoteProblem(remote: unknown): string | null {
  if (!isRecord(remote)) return 'is not an object';
  const missing: string[] = ['entry', 'container', 'expose'].filter(
    (field) => typeof remote[field] !== 'string' || remote[field] === '',
  );
  const translations = remote.translations;
  for (const language of LANGUAGES) {
    if (!isRecord(translations) || typeof translations[language] !== 'string') missing.push(`translations.${language}`);
  }
  return missing.length > 0 ? `lacks ${missing.join(', ')}` : null;
}

/** The code of a plugin whose description cannot be used: its strings and code fail, naming why. */
function brokenPluginCode(error: Error): PluginCode {
  const fail = () => Promise.reject(error);
  return { translations: { en: fail, ru: fail }, load: fail };
}

/**
 * The code of every external plugin /config.json describes, by plugin id, to join with the
 * manifests. A description that cannot be used fails that plugin alone (when it is needed), not
 * the start of the app.
 */
export function remotePluginCodes(
  remotes: Readonly<Record<string, RemotePlugin>>,
  options: RemotePluginOptions = {},
): Record<string, PluginCode> {
  const codes: Record<string, PluginCode> = {};
  for (const [id, remote] of Object.entries(remotes)) {
    const problem = remoteProblem(remote);
    codes[id] = problem
      ? brokenPluginCode(new Error(`external plugin "${id}": its description in /config.json ${problem}`))
      : remotePluginCode(id, remote, options);
  }
  return codes;
}
