import { formatMessage } from '@core/sdk/shared';
import { OUTSIDE_REFUSED, OUTSIDE_UNREACHABLE, SERVICE_NOT_CONFIGURED } from './messages';

/**
 * Calls to the outside systems a domain is bought through (a registrar, a CDN), and how they fail.
 * Every message here is shown to whoever reads the purchase job, so none carries a URL, a header
 * or a credential: only the system's name, the operation and what the system said, with any
 * credential it echoed blotted out.
 */

/** The outside system answered and refused; `transient` when asking again later may succeed (a 429, a 5xx). */
export class OutsideRefusal extends Error {
  constructor(
    readonly system: string,
    readonly operation: string,
    readonly code: string,
    readonly reason: string,
    readonly transient = false,
  ) {
    super(formatMessage(OUTSIDE_REFUSED, { system, operation, reason: code === '' ? reason : `${code} ${reason}` }));
    this.name = 'OutsideRefusal';
  }
}

/** No answer: no connection, a timeout. Worth another attempt. */
export class OutsideUnreachable extends Error {
  constructor(
    readonly system: string,
    readonly operation: string,
    readonly reason: string,
  ) {
    super(formatMessage(OUTSIDE_UNREACHABLE, { system, operation, reason }));
    this.name = 'OutsideUnreachable';
  }
}

/** The service record lacks what the adapter needs; names the keys, never their values. */
export class ServiceNotConfigured extends Error {
  constructor(
    readonly service: string,
    readonly missing: readonly string[],
  ) {
    super(formatMessage(SERVICE_NOT_CONFIGURED, { service, keys: missing.join(', ') }));
    this.name = 'ServiceNotConfigured';
  }
}

const REDACTED = '[redacted]';

/** `text` with every occurrence of the given secrets replaced, longest first (one may contain another). */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)) {
    clean = clean.split(secret).join(REDACTED);
  }
  return clean;
}

/** The text of an answer, bounded: an outside system's error page is not worth more in a job's error. */
export function shortReason(text: string, secrets: readonly string[]): string {
  const clean = withoutSecrets(text.replace(/\s+/g, ' ').trim(), secrets);
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

export interface OutsideAnswer {
  readonly status: number;
  readonly body: string;
}

export interface OutsideRequest {
  readonly system: string;
  readonly operation: string;
  readonly url: string;
  readonly init: RequestInit;
  readonly timeoutMs: number;
  /** The job's signal: a cancellation stops the call and is rethrown as it came, not as "unreachable". */
  readonly signal?: AbortSignal;
}

/** One HTTP exchange; an answer of any status, or OutsideUnreachable. */
export async function callOutside(request: OutsideRequest): Promise<OutsideAnswer> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await fetch(request.url, { ...request.init, signal, redirect: 'error' });
    return { status: response.status, body: await response.text() };
  } catch {
    if (request.signal?.aborted) throw request.signal.reason as Error;
    const reason = timeout.aborted ? `no answer within ${request.timeoutMs} ms` : 'no connection';
    // The fetch error is dropped on purpose: its cause may name the address, which may carry a credential.
    throw new OutsideUnreachable(request.system, request.operation, reason);
  }
}
