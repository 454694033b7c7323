import { ofetch, type FetchResponse } from 'ofetch';
import { TIME_ZONE_HEADER } from '@core/shared/request-headers';
import type { SessionStore } from '../services/session-store';
import type { CookieReader } from '../kernel/environment';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface OutgoingRequest {
  readonly method: HttpMethod;
  /** Relative to `baseUrl`, or absolute. */
  readonly path: string;
  readonly baseUrl?: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Sends cookies along, which the auth service's session lives in. */
  readonly withCredentials: boolean;
  /** Leaves a successful body unread so the caller can stream it; error bodies are still parsed. */
  readonly stream?: boolean;
}

export interface Delivery {
  /** `Response.error()` (status 0) when no answer arrived. */
  readonly response: Response;
  /** The parsed JSON body; undefined for a streamed success, read from `response` instead. */
  readonly body: unknown;
  /** The bearer token the request carried, which tells a stale 401 from a current one. */
  readonly token: string | null;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Proxies and crashed servers answer with HTML or plain text: there is no message to show.
    return text;
  }
}

/**
 * ofetch's own retries would repeat requests behind the client's back (the client retries only
 * after a refresh), and failed statuses are answers the client interprets, not exceptions.
 * No timeout is set: a slow answer is still awaited, as the product's calls have no time limit.
 */
const fetcher = ofetch.create({ retry: false, ignoreResponseError: true });

/** The language the user reads, sent as `Accept-Language` so the server answers in it; null sends none. */
export type LanguageReader = () => string | null;

/** The IANA zone the user reads times in, so a file the server writes for them (an export) shows their times. */
function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A file (a Blob) goes as its bytes, under its own type (an upload); anything else as JSON. */
function wireBody(body: unknown): string | Blob | undefined {
  if (body === undefined) return undefined;
  return body instanceof Blob ? body : JSON.stringify(body);
}

/** Puts one request on the wire with the session's credentials; never interprets the answer. */
export class HttpTransport {
  constructor(
    private readonly session: Pick<SessionStore, 'token'>,
    private readonly readCookie: CookieReader,
    private readonly readLanguage: LanguageReader = () => null,
  ) {}

  /** Rejects only when the caller aborts; a network failure resolves as a status-0 delivery. */
  async send(request: OutgoingRequest): Promise<Delivery> {
    const token = this.session.token;
    let response: FetchResponse<unknown>;
    try {
      response = await fetcher.raw<unknown, 'json' | 'stream'>(request.path, {
        method: request.method,
        baseURL: request.baseUrl,
        query: request.query,
        body: wireBody(request.body),
        headers: this.headers(request, token),
        credentials: request.withCredentials ? 'include' : undefined,
        signal: request.signal,
        responseType: request.stream ? 'stream' : 'json',
      });
    } catch {
      // The caller's abort surfaces as the caller's own reason (an AbortError), not as a failure.
      if (request.signal?.aborted) throw request.signal.reason;
      return { response: Response.error(), body: undefined, token };
    }
    if (!request.stream) return { response, body: response._data, token };
    const body = isSuccess(response.status) ? undefined : parseJson(await response.text());
    return { response, body, token };
  }

  private headers(request: OutgoingRequest, token: string | null): Headers {
    const headers = new Headers();
    if (!request.stream) headers.set('Accept', 'application/json');
    if (request.body instanceof Blob) headers.set('Content-Type', request.body.type || 'application/octet-stream');
    else if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    const language = this.readLanguage();
    if (language) headers.set('Accept-Language', language);
    const zone = browserTimeZone();
    if (zone) headers.set(TIME_ZONE_HEADER, zone);
    new Headers(request.headers).forEach((value, name) => headers.set(name, value));
    const xsrf = this.readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }
}
