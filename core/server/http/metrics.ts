import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { AdmissionRefusal } from './admission-limiter';
import { watchSources, type MetricSources } from './metrics-sources';

export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (the not-found handler, the page fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route label of the web build's files: one route per file, whose hashed names change with every build. */
export const STATIC_ROUTE = 'static';

/** A server's metrics, served at /metrics to the bearer of the metrics token. */
export interface ServerMetrics {
  readonly registry: Registry;
  /** Counts an admission refusal (http/admission.ts). */
  admissionRefused(reason: AdmissionRefusal): void;
  /** Starts reading what the server's parts expose, once they exist: the database, admission, plugins, jobs. */
  watch(sources: MetricSources): void;
}

/**
 * A request's route pattern (`/api/finance/transactions/:id`), never its URL: ids and query
 * strings would make a series per record. The web build's files share one label.
 */
function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return UNMATCHED_ROUTE;
  return route.startsWith('/api/') ||
    route === METRICS_PATH ||
    route === '/config.json' ||
    route.startsWith('/plugins/')
    ? route
    : STATIC_ROUTE;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

// Public as the route-access check has it: the token is checked here, and is no access token.
const METRICS_ROUTE: RouteShorthandOptions = { config: { access: { public: true } } };

/**
 * What a caller without the token is told: the 404 of an unknown API path, so the endpoint's
 * existence is not told. Never the page fallback's web app, which an unknown path outside /api/ gets.
 */
function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: 'Not found.' });
}

/** Whether the Authorization header bears `token`, compared in constant time (digests have one length). */
function bearsToken(request: FastifyRequest, token: Buffer): boolean {
  const header = request.headers.authorization;
  return header !== undefined && header.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), token);
}

/**
 * Counts every request by route pattern and status, with a duration histogram, and serves the
 * server's registry (its own, not prom-client's global one: a test process runs several servers)
 * at GET /metrics to the bearer of `token`; anyone else gets a 404. The route is outside /api/: no
 * admission (a scrape must work under overload), no access token, no XSRF. Without a token
 * nothing is collected (null) and /metrics is a 404 to everyone.
 *
 * Installed before any route, so its hook reaches every one of them.
 */
export function installMetrics(app: FastifyInstance, token: string | undefined): ServerMetrics | null {
  if (token === undefined) {
    app.get(METRICS_PATH, METRICS_ROUTE, async (_request, reply) => notFound(reply));
    return null;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'admission_refusals_total',
    help: 'API requests answered 503 by admission, by reason: queue_full, wait_timeout, withdrawn (the client hung up while queued).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const expected = digest(token);
  app.get(METRICS_PATH, METRICS_ROUTE, async (request, reply) => {
    if (!bearsToken(request, expected)) return notFound(reply);
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });

  return {
    registry,
    admissionRefused: (reason) => refusals.inc({ reason }),
    watch: (sources) => watchSources(app, registry, sources),
  };
}
