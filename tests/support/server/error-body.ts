import { expect } from 'vitest';

/**
 * An error body as the server sends it: `{ message, errors?, … }` and the id of the request it
 * answers (core/server/http/request-id.ts), which differs per request.
 */
export function errorBody(message: string, rest: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return { message, ...rest, request_id: expect.stringMatching(/^[A-Za-z0-9._-]{1,64}$/) };
}
