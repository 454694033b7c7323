import { expect } from 'vitest';

/** A request id as the server gives one (core/server/http/request-id.ts): the caller's short token or a UUID. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * An error body as the server sends it, for `toEqual`: `{ message, ...rest }` (`rest` being
 * `errors` or a route's own fields) and the `request_id` of the request it answers, which differs
 * per request: `expect(response.json()).toEqual(errorBody('Not found.'))`.
 */
export function errorBody(message: string, rest: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return { message, ...rest, request_id: expect.stringMatching(REQUEST_ID) };
}
