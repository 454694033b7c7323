import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { retryAfterHeader } from '../graph/api-failure';
import type { GraphLink } from '../graph/graph-link';
import { registerStatusActions } from './status-actions';

/*
 * Writes to the platform: pause and activate (row actions) and budgets pushed from the campaigns'
 * and adsets' writes (budget-push.ts, a resource hook).
 */

export { budgetPushHooks } from './budget-push';
export { PLATFORM_WRITES_MESSAGES_RU } from './messages-ru';

/** The pause and activate routes; call in the plugin's `register` after `graph.configure`. */
export function registerPlatformWrites(app: FastifyInstance, context: ServerPluginContext, graph: GraphLink): void {
  retryAfterHeader(app);
  registerStatusActions(app, context, graph.client);
}
