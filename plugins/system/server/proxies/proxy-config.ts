/**
 * The proxies part's configuration, `pluginSettings.system` in the configuration file:
 *
 * ```json
 * "pluginSettings": { "system": {
 *   "proxy6ApiBase": "https://px6.link/api",                  // Proxy6.net's API (a test fake may stand in)
 *   "proxyCheckUrl": "https://api.ipify.org?format=json"      // what a proxy check asks for through the proxy
 * } }
 * ```
 */
export interface ProxyConfig {
  /** Without a trailing slash; calls go to `<base>/<api_key>/<method>/`. */
  readonly proxy6ApiBase: string;
  /** Answers with the caller's address, as JSON `{ "ip": … }` or as plain text. */
  readonly proxyCheckUrl: string;
}

export const PROXY6_API_BASE = 'https://px6.link/api';
export const PROXY_CHECK_URL = 'https://api.ipify.org?format=json';

/** An http(s) URL setting, or its default; anything else stops start-up with one line naming it. */
function urlSetting(settings: Readonly<Record<string, unknown>>, key: string, fallback: string): string {
  const configured = settings[key];
  if (configured === undefined) return fallback;
  const problem = `pluginSettings.system.${key} must be an http(s) URL.`;
  if (typeof configured !== 'string') throw new Error(problem);
  let url: URL;
  try {
    url = new URL(configured.trim());
  } catch {
    throw new Error(problem);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(problem);
  return configured.trim();
}

export function readProxyConfig(settings: Readonly<Record<string, unknown>>): ProxyConfig {
  return {
    proxy6ApiBase: urlSetting(settings, 'proxy6ApiBase', PROXY6_API_BASE).replace(/\/+$/, ''),
    proxyCheckUrl: urlSetting(settings, 'proxyCheckUrl', PROXY_CHECK_URL),
  };
}
