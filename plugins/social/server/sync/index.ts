import type { FastifyInstance } from 'fastify';
import type { JobBackoff, ServerPluginContext } from '@core/sdk/server';
import type { GraphLink } from '../graph/graph-link';
import { defineAccountSyncJob } from './account-sync-job';
import { defineInsightsSyncJob } from './insights-sync-job';
import { DEFAULT_PLATFORM_WAITS, type PlatformWaits, type SyncJobSettings } from './job-progress';
import { registerSyncRoutes } from './sync-routes';

/*
 * The syncs from the platform as background jobs: an account's ad accounts, pages and campaign
 * tree, and an ad account's insights, with their routes.
 */

export { SYNC_MESSAGES_RU } from './messages-ru';
export type { PlatformWaits } from './job-progress';

export interface SyncOptions {
  /** The patience with the platform's rate limit inside one attempt. */
  readonly waits?: PlatformWaits;
  /** The runner's retries of a failed attempt (no answer, a rate limit that outlasted `waits`). */
  readonly backoff?: JobBackoff;
  readonly maxAttempts?: number;
}

/** The sync job kinds and their routes; call in the plugin's `register` after `graph.configure`. Tests shorten the `options`. */
export function registerSyncs(
  app: FastifyInstance,
  context: ServerPluginContext,
  graph: GraphLink,
  options: SyncOptions = {},
): void {
  const settings: SyncJobSettings = {
    waits: options.waits ?? DEFAULT_PLATFORM_WAITS,
    backoff: options.backoff ?? { initialMs: 30_000, factor: 2 },
    maxAttempts: options.maxAttempts ?? 3,
  };
  const kinds = {
    account: defineAccountSyncJob(context, graph.client, settings),
    insights: defineInsightsSyncJob(context, graph.client, settings),
  };
  registerSyncRoutes(app, context, kinds);
}
