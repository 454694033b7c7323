import { formatMessage } from '@core/sdk/shared';
import type { GraphConfig } from './graph-config';
import { GraphError, graphErrorOf, rateLimitError, unavailableError, type GraphErrorBody } from './graph-error';
import { PLATFORM_ANSWER_UNREADABLE } from './messages';
import { retryAfterSecondsOf } from './rate-limit-headers';
import type { UsagePacer } from './usage-pacing';

/**
 * One exchange with the Graph API. The token travels in the Authorization header only, so no URL
 * this adapter builds carries it; form fields (POST) go url-encoded as the API documents. Every
 * failure becomes a GraphError whose text names neither the URL nor the token.
 */

export type GraphParams = Readonly<Record<string, string>>;

export interface GraphRequest {
  readonly method: 'GET' | 'POST';
  /** A path under the version (`me/adaccounts`, `act_1/insights`), or an absolute URL on the API's origin (a paging link). */
  readonly path: string;
  readonly params: GraphParams;
  readonly token: string;
  readonly signal?: AbortSignal;
}

export type GraphObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is GraphObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's URL: our own path, or a paging link held to the configured origin and stripped of any token it carries. */
function urlOf(config: GraphConfig, request: GraphRequest): URL {
  const base = new URL(`${config.apiBase}/`);
  const url = /^https?:\/\//.test(request.path)
    ? new URL(request.path)
    : new URL(`${config.version}/${request.path}`, base);
  if (url.origin !== base.origin) throw unavailableError('a paging link pointed away from the configured API');
  url.searchParams.delete('access_token');
  if (request.method === 'GET')
    for (const [key, value] of Object.entries(request.params)) url.searchParams.set(key, value);
  return url;
}

/** `pacer`, when given, waits before the call as the previous successful answer's usage asked, and reads this one's. */
export async function graphCall(config: GraphConfig, request: GraphRequest, pacer?: UsagePacer): Promise<GraphObject> {
  const url = urlOf(config, request);
  await pacer?.beforeCall(request.signal);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { authorization: `Bearer ${request.token}`, accept: 'application/json' };
  let body: string | undefined;
  if (request.method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.params).toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: request.method, headers, body, signal, redirect: 'error' });
    text = await response.text();
  } catch {
    if (request.signal?.aborted) throw request.signal.reason as Error;
    // The fetch error is dropped on purpose: its cause may quote the request.
    throw unavailableError(timeout.aborted ? `no answer within ${config.timeoutMs} ms` : 'no connection');
  }
  // A throttled answer's own wait is the rate-limit error's (retryAfterSecondsOf); pacing reads the answers that went through.
  if (response.ok) pacer?.noteAnswer(response.headers);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    if (response.status === 429) throw rateLimitError(retryAfterSecondsOf(response.headers));
    if (response.status >= 500) throw unavailableError(`HTTP ${response.status}`);
    throw new GraphError('unavailable', formatMessage(PLATFORM_ANSWER_UNREADABLE, { status: response.status }));
  }
  const error = isObject(json) && isObject(json.error) ? (json.error as GraphErrorBody) : null;
  if (error || !response.ok) {
    throw graphErrorOf(response.status, error ?? {}, retryAfterSecondsOf(response.headers), [request.token]);
  }
  if (!isObject(json))
    throw new GraphError('unavailable', formatMessage(PLATFORM_ANSWER_UNREADABLE, { status: response.status }));
  return json;
}
