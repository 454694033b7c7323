import { HttpError } from '@core/sdk/web';

/**
 * What a finance store call hands back: never a thrown error, but either the data with
 * the server's message, or the server's message or error text for the caller to show.
 */
export type FinanceResult<T> = FinanceSuccess<T> | FinanceFailure;

export interface FinanceSuccess<T> {
  readonly ok: true;
  readonly data: T;
  /** The answer's `message`, when the server sent one. */
  readonly message: string | null;
}

export interface FinanceFailure {
  readonly ok: false;
  /** The HTTP status; 0 when no answer arrived or nothing was sent. */
  readonly status: number;
  /** Every message, joined by new lines: what a toast or a message bar shows. */
  readonly message: string;
  readonly messages: readonly string[];
  /** Validation messages by field (a 422), for forms. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** The body's own `message` (a 422's summary beside its field errors), when it has one. */
  readonly summary: string | null;
}

export function succeeded<T>(data: T, message: string | null = null): FinanceSuccess<T> {
  return { ok: true, data, message };
}

export function failed(
  message: string,
  status = 0,
  fieldErrors: Readonly<Record<string, readonly string[]>> = {},
): FinanceFailure {
  return { ok: false, status, message, messages: [message], fieldErrors, summary: message };
}

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

function isFinanceFailure(error: unknown): error is FinanceFailure {
  return (
    isRecord(error) &&
    error.ok === false &&
    typeof error.message === 'string' &&
    typeof error.status === 'number' &&
    Array.isArray(error.messages)
  );
}

/** Turns any failure of a call into a `FinanceFailure`; one that `dataOf` threw stays as it was. */
export function failureOf(error: unknown): FinanceFailure {
  if (isFinanceFailure(error)) return error;
  if (error instanceof HttpError) {
    return {
      ok: false,
      status: error.status,
      message: error.messages.join('\n'),
      messages: error.messages,
      fieldErrors: error.fieldErrors,
      summary: messageOf(error.body),
    };
  }
  const text = error instanceof Error && error.message ? error.message : String(error);
  return failed(text);
}

/** Runs a call and hands back its body (unwrapped by `unwrap`) or its failure, never throwing. */
export async function financeCall<B, T>(send: () => Promise<B>, unwrap: (body: B) => T): Promise<FinanceResult<T>> {
  let body: B;
  try {
    body = await send();
  } catch (error) {
    return failureOf(error);
  }
  try {
    return succeeded(unwrap(body), messageOf(body));
  } catch (error) {
    return failureOf(error);
  }
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The data of a result, for `useData`: a failure is thrown, to be shown by `failureText`. */
export async function dataOf<T>(pending: Promise<FinanceResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw result;
  return result.data;
}

/** The server's message of a failure `dataOf` threw; null for anything else. */
export function failureText(error: unknown): string | null {
  return isFinanceFailure(error) ? error.message : null;
}
