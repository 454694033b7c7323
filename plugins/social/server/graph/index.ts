/*
 * The Meta Marketing (Graph) API adapter: the one place that speaks HTTP to the platform.
 * Configuration: graph-config.ts; errors: graph-error.ts (GraphError with its kind); a route's
 * answer to them: api-failure.ts (call retryAfterHeader(app) once in `register` so a rate limit's
 * 503 carries Retry-After).
 */

export { platformFailure, retryAfterHeader } from './api-failure';
export { GraphClient } from './graph-client';
export { readGraphConfig } from './graph-config';
export { GraphError } from './graph-error';
export { GraphLink } from './graph-link';
export { GRAPH_MESSAGES_RU } from './messages-ru';
export { registerGraphVersionNotice } from './version-notice';
