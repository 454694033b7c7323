import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdmissionLimiter, type AdmissionLimits, type AdmissionRefusal } from './admission-limiter';
import { ApiError } from './api-error';

function isStream(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

interface Lease {
  readonly release: () => void;
  /** The route has answered (its reply went to onSend): its work is done, or goes on only as the reply's stream. */
  answered: boolean;
  /** The connection's response is over: sent, or cut by the client. */
  closed: boolean;
}

/**
 * Admission control in front of the database: every API request (but `exempt` routes) takes one
 * of `maxConcurrent` places before anything else runs for it (the access check included), waits
 * in a bounded queue for one, or is answered 503 with Retry-After at once. So overload shows as
 * quick 503s a client can retry, never as requests waiting behind each other until they time out.
 *
 * Requests are limited rather than statements: a request's statements then run without a wait
 * between them, a refusal costs nothing but the answer, and the same bound serves PGlite (whose
 * queue otherwise forms inside it, unbounded) and PostgreSQL (whose pool queues the same way).
 *
 * A place is given back when the route has answered and the response is over. A client that hangs
 * up does not end the work its request started, so its place is held until the route answers. A
 * streamed answer (an export) gives its place back as soon as it starts: it reads in batches, each a
 * short statement that takes its turn at the database beside other requests, while holding the place
 * for the whole stream would shut every other caller out for seconds on PGlite's one place.
 */
export function installAdmission(
  app: FastifyInstance,
  limits: AdmissionLimits,
  exempt: readonly string[],
  onRefusal?: (reason: AdmissionRefusal) => void,
): AdmissionLimiter {
  const limiter = new AdmissionLimiter(limits);
  const retryAfter = String(Math.max(1, Math.ceil(limits.maxQueueWaitMs / 1000)));
  const exempted = new Set(exempt);
  const leases = new WeakMap<FastifyRequest, Lease>();

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || exempted.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    const withdraw = limiter.enter({
      admit: (release) => {
        const lease: Lease = { release, answered: false, closed: false };
        leases.set(request, lease);
        reply.raw.once('close', () => {
          lease.closed = true;
          if (lease.answered) release();
        });
        done();
      },
      refuse: (reason) => {
        onRefusal?.(reason);
        reply.header('retry-after', retryAfter);
        done(new ApiError(503, BUSY_MESSAGE));
      },
    });
    // A client that hangs up while its request waits gives its place in the queue up.
    reply.raw.once('close', withdraw);
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    const lease = leases.get(request);
    if (lease) {
      lease.answered = true;
      if (lease.closed || isStream(payload)) lease.release();
    }
    done(null, payload);
  });
  return limiter;
}
