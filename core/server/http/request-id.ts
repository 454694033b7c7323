import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id comes in (from a balancer or a caller) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A caller's own id is taken only when it is a short token: anything else (a long value, spaces,
 * quotes, newlines) would let a caller write what it likes into the log lines and headers.
 */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is a short token, else a new UUID, so
 * ids stay unique across the copies behind a balancer (Fastify's own counter starts at 1 in each).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
}

/** An error body as every error path sends it: `{ message, errors? }`. */
function isErrorBody(payload: unknown): payload is { readonly message: string } {
  return (
    typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string'
  );
}

/**
 * Every response carries `x-request-id`, and every error body `request_id` beside `message` and
 * `errors`, so a user's error report leads to the server's log lines of that request. Done once
 * here, at the root, rather than in each place that answers an error (the error handler, the
 * not-found handler, routes that send a 409 of their own): installed before any route, it reaches them all.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 && isErrorBody(payload) ? { ...payload, request_id: request.id } : payload);
  });
}
