import { NEWEST_GRAPH_VERSION } from './graph-versions';

/**
 * Where the Meta Marketing (Graph) API is and which version is called, from `pluginSettings.social`
 * in the configuration (a test's local fake, or a proxy, stands in for the real one):
 *
 * ```json
 * "pluginSettings": { "social": { "graphApiBase": "https://graph.facebook.com", "graphVersion": "v27.0" } }
 * ```
 *
 * The version defaults to the newest Meta has published (graph-versions.ts).
 */
export interface GraphConfig {
  /** Without a trailing slash. */
  readonly apiBase: string;
  /** `v<major>.<minor>`. */
  readonly version: string;
  /** How long one call may take before it counts as no answer. */
  readonly timeoutMs: number;
}

export const GRAPH_API_BASE = 'https://graph.facebook.com';
const CALL_TIMEOUT_MS = 30_000;

type Settings = Readonly<Record<string, unknown>>;

/** A setting left out (or empty) takes the default; a value of the wrong shape stops start-up with one line naming it. */
function textSetting(settings: Settings, key: string, fallback: string): string {
  const value = settings[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`pluginSettings.social.${key} must be a string.`);
  return value.trim();
}

function baseUrl(value: string): string {
  const problem = 'pluginSettings.social.graphApiBase must be an http(s) URL.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(problem);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(problem);
  return value.replace(/\/+$/, '');
}

export function readGraphConfig(settings: Settings): GraphConfig {
  const version = textSetting(settings, 'graphVersion', NEWEST_GRAPH_VERSION);
  if (!/^v[0-9]{1,3}\.[0-9]{1,3}$/.test(version))
    throw new Error(`pluginSettings.social.graphVersion must look like ${NEWEST_GRAPH_VERSION} (the default).`);
  return {
    apiBase: baseUrl(textSetting(settings, 'graphApiBase', GRAPH_API_BASE)),
    version,
    timeoutMs: CALL_TIMEOUT_MS,
  };
}
