import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import type { GraphLink } from '../graph/graph-link';
import { defineAccountSyncJob } from './account-sync-job';
import { defineInsightsSyncJob } from './insights-sync-job';
import { DEFAULT_PLATFORM_WAITS, type PlatformWaits } from './job-progress';
import { registerSyncRoutes } from './sync-routes';

/*
 * The syncs from the platform as background jobs: an account's ad accounts, pages and campaign
 * tree, and an ad account's insights, with their routes.
 */

export { SYNC_MESSAGES_RU } from './messages-ru';
export type { PlatformWaits } from './job-progress';

/** The sync job kinds and their routes; call in the plugin's `register` after `graph.configure`. `waits`: the rate-limit patience (tests shorten it). */
export function registerSyncs(app: FastifyInstance, context: ServerPluginContext, graph: GraphLink, waits: PlatformWaits = DEFAULT_PLATFORM_WAITS): void {
  const kinds = { account: defineAccountSyncJob(context, graph.client, waits), insights: defineInsightsSyncJob(context, graph.client, waits) };
  registerSyncRoutes(app, context, kinds);
}
