import { fieldErrors } from './error-messages';

/** The status of a request that never got an answer (network failure, blocked by the browser). */
export const NO_RESPONSE_STATUS = 0;

/** A failed call: what the server answered and the messages meant for the user. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** Validation messages by field, when the body's `errors` is an object; empty otherwise. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(
    readonly status: number,
    /** Never empty: the server's messages, or the generic one. */
    readonly messages: readonly string[],
    /** The parsed response body, as sent; undefined when no answer arrived. */
    readonly body: unknown,
  ) {
    super(messages.join('\n'));
    this.fieldErrors = fieldErrors(body);
  }
}
