import { CLOUDFLARE_API_BASE } from '../cdn/cloudflare';
import { NAMECHEAP_API_BASE } from '../registrar/namecheap';

/**
 * Where the registrar and CDN APIs are, from `pluginSettings.system` in the configuration (a
 * sandbox, or a test's local fake, stands in for the real one):
 *
 * ```json
 * "pluginSettings": { "system": {
 *   "namecheapApiBase": "https://api.namecheap.com/xml.response",   // or https://api.sandbox.namecheap.com/xml.response
 *   "cloudflareApiBase": "https://api.cloudflare.com/client/v4"
 * } }
 * ```
 */
export interface DomainPurchaseConfig {
  readonly namecheapApiBase: string;
  readonly cloudflareApiBase: string;
}

/** An http(s) URL setting, or the default; anything else stops start-up with one line naming it. */
function urlSetting(settings: Readonly<Record<string, unknown>>, key: string, fallback: string): string {
  const value = settings[key];
  if (value === undefined || value === null || value === '') return fallback;
  const problem = `pluginSettings.system.${key} must be an http(s) URL.`;
  if (typeof value !== 'string') throw new Error(problem);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(problem);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(problem);
  return value.trim().replace(/\/+$/, '');
}

export function readDomainPurchaseConfig(settings: Readonly<Record<string, unknown>>): DomainPurchaseConfig {
  return {
    namecheapApiBase: urlSetting(settings, 'namecheapApiBase', NAMECHEAP_API_BASE),
    cloudflareApiBase: urlSetting(settings, 'cloudflareApiBase', CLOUDFLARE_API_BASE),
  };
}
