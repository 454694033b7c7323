/*
 * The URLs the tracker builds, as pure functions so the web shows exactly what the server stores.
 * Keitaro macros (`{subid}`, `{clickid}`) must reach the landing page as written, so braces are
 * never percent-encoded in what is added to a query.
 */

/** A query key or value percent-encoded, braces kept for Keitaro's macros. */
function queryPart(text: string): string {
  return encodeURIComponent(text).replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

function keyOf(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The landing URL with the advertiser's offer params merged into its query: a param the URL
 * already has is replaced by the advertiser's value, the others are appended in order. Null when
 * the landing URL is not an http(s) URL.
 */
export function offerPreviewUrl(landingUrl: string, offerParams: Readonly<Record<string, string>>): string | null {
  const url = httpUrl(landingUrl);
  if (!url) return null;
  const keys = new Set(Object.keys(offerParams));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !keys.has(keyOf(pair)));
  const added = Object.entries(offerParams).map(([key, value]) => `${queryPart(key)}=${queryPart(value)}`);
  url.search = [...kept, ...added].join('&');
  return url.toString();
}

export interface StreamLinkParts {
  /** The tracker's active Keitaro server (admin's Keitaro servers): `https://tracker.example.com`. */
  readonly serverUrl: string;
  readonly trackerSlug: string;
  readonly campaignId: number;
  /** The stream's id in Keitaro once synced. */
  readonly keitaroStreamId?: number | null;
}

/**
 * A stream's tracking link: `<server>/<tracker slug>/<campaign id>`, with `?stream=<Keitaro
 * stream id>` once the stream is synced. Null when the server's URL is not an http(s) URL.
 */
export function streamLink(parts: StreamLinkParts): string | null {
  const url = httpUrl(parts.serverUrl);
  if (!url) return null;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(parts.trackerSlug)}/${parts.campaignId}`;
  url.search = parts.keitaroStreamId == null ? '' : `stream=${parts.keitaroStreamId}`;
  url.hash = '';
  return url.toString();
}
