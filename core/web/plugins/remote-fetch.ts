/**
 * Fetching an external plugin's files. /config.json promises every URL of a remote is on the app's
 * own origin (the server serves them under /plugins/<id>/); one that is not is refused here rather
 * than trusted, since a remote's script runs with the app's full rights.
 */

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

/** `url` made absolute against the page; throws for another origin. */
export function sameOriginUrl(url: string, page: string = window.location.href): string {
  const absolute = new URL(url, page);
  if (absolute.origin !== new URL(page).origin) throw new Error(`${url} is not on this app's origin`);
  return absolute.href;
}

/** The JSON at `url` (same origin), with an error naming the URL and the status when it is not there. */
export async function fetchSameOriginJson(url: string, fetchFunction: FetchFunction): Promise<unknown> {
  const response = await fetchFunction(sameOriginUrl(url), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new Error(`${url} is not JSON`);
  }
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
