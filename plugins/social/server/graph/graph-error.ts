import { formatMessage } from '@core/sdk/shared';
import type { GraphErrorKind } from '../graph-api';
import { PLATFORM_AUTH, PLATFORM_RATE_LIMITED, PLATFORM_REFUSED, PLATFORM_UNAVAILABLE } from './messages';
import { shortText } from './redact';

/**
 * A failed Graph call, typed by what the caller can do about it (graph-api.ts GraphErrorKind): the
 * token must be renewed ('auth'), the platform asks to slow down ('rate-limit'), the platform did
 * not answer usefully ('unavailable'), or it refused the request ('invalid'). The message is safe
 * to show and store: it never holds a token or a URL.
 */
export class GraphError extends Error {
  constructor(
    readonly kind: GraphErrorKind,
    message: string,
    /** The Graph error code, when the platform sent one. */
    readonly code: number | null = null,
    /** For a rate limit: how long the platform said to wait, when it said. */
    readonly retryAfterSeconds: number | null = null,
    readonly fbtraceId: string | null = null,
    /** Code 1 asking for less data: the same read made smaller may succeed (graph-client.ts splits it). */
    readonly asksForLessData = false,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** What an API route answers while the platform gave no estimate of its own. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Error codes Meta documents as throttling: app (4), user (17), API (32, 613), business use case (80000–80014). */
function isRateLimitCode(code: number): boolean {
  return code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80_000 && code <= 80_014);
}

/** The code the platform marks as its own passing trouble (service temporarily unavailable). */
const SERVICE_UNAVAILABLE_CODE = 2;

/**
 * Meta's generic "unknown error". Asked again unchanged it fails again, so it is a refusal, never
 * retried as it is; only its "Please reduce the amount of data you're asking for, then retry your
 * request" form has a remedy, a smaller request (asksForLessData).
 */
const UNKNOWN_ERROR_CODE = 1;
const REDUCE_DATA = /reduce the amount of data/i;

/** Graph's error envelope, `{ error: { message, type, code, error_subcode, is_transient, fbtrace_id } }`. */
export interface GraphErrorBody {
  readonly message?: unknown;
  readonly type?: unknown;
  readonly code?: unknown;
  readonly error_subcode?: unknown;
  readonly is_transient?: unknown;
  readonly fbtrace_id?: unknown;
}

export function rateLimitError(
  retryAfterSeconds: number | null,
  code: number | null = null,
  fbtraceId: string | null = null,
): GraphError {
  const seconds = retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  return new GraphError(
    'rate-limit',
    formatMessage(PLATFORM_RATE_LIMITED, { seconds }),
    code,
    retryAfterSeconds,
    fbtraceId,
  );
}

export function unavailableError(reason: string): GraphError {
  return new GraphError('unavailable', formatMessage(PLATFORM_UNAVAILABLE, { reason }));
}

/** The typed error of a Graph error answer; `secrets` are blotted out of whatever the platform wrote. */
export function graphErrorOf(
  status: number,
  body: GraphErrorBody,
  retryAfterSeconds: number | null,
  secrets: readonly string[],
): GraphError {
  const code = typeof body.code === 'number' && Number.isSafeInteger(body.code) ? body.code : null;
  const fbtraceId = typeof body.fbtrace_id === 'string' ? body.fbtrace_id : null;
  const said =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? shortText(body.message, secrets)
      : `HTTP ${status}`;
  const reason = code === null ? said : `${said} (code ${code})`;
  if (code === 190) return new GraphError('auth', PLATFORM_AUTH, code, null, fbtraceId);
  if ((code !== null && isRateLimitCode(code)) || status === 429)
    return rateLimitError(retryAfterSeconds, code, fbtraceId);
  if (code === UNKNOWN_ERROR_CODE) {
    const refusal = formatMessage(PLATFORM_REFUSED, { reason });
    return new GraphError('invalid', refusal, code, null, fbtraceId, REDUCE_DATA.test(said));
  }
  if (status >= 500 || body.is_transient === true || code === SERVICE_UNAVAILABLE_CODE) {
    return new GraphError('unavailable', formatMessage(PLATFORM_UNAVAILABLE, { reason }), code, null, fbtraceId);
  }
  return new GraphError('invalid', formatMessage(PLATFORM_REFUSED, { reason }), code, null, fbtraceId);
}
