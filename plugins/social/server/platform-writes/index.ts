import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import type { GraphLink } from '../graph/graph-link';
import { registerStatusActions } from './status-actions';

/*
 * Writes to the platform: pause and activate (row actions), and status and budgets pushed from
 * staff's edits of campaigns, adsets and ads (edit-push.ts, a resource hook).
 */

export { platformPushHooks } from './edit-push';
export { PLATFORM_WRITES_MESSAGES_RU } from './messages-ru';

/** The pause and activate routes; call in the plugin's `register` after `graph.configure`. */
export function registerPlatformWrites(app: FastifyInstance, context: ServerPluginContext, graph: GraphLink): void {
  registerStatusActions(context, graph.client);
}
