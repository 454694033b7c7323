import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { socialManifest } from '../manifest';
import { SOCIAL_RESOURCES } from '../shared/resources';
import { CONVERSIONS_MESSAGES_RU, testEventRoute } from './conversions';
import { seedSocialDemo } from './demo';
import { GRAPH_MESSAGES_RU, GraphLink, registerGraphVersionNotice, retryAfterHeader } from './graph';
import { PLATFORM_WRITES_MESSAGES_RU, platformPushHooks, registerPlatformWrites } from './platform-writes';
import { REPORT_MESSAGES_RU, reportRoutes } from './report';
import { RULES_MESSAGES_RU, SOCIAL_RULE_HOOKS } from './rules';
import { registerServiceCheck, SERVICE_CHECK_MESSAGES_RU } from './services';
import { registerSyncs, SYNC_MESSAGES_RU, type SyncOptions } from './sync';
import type { Sleep } from './graph/sleep';
import { EXCHANGE_RATES } from '@plugins/finance/server/services';

export interface SocialServerOptions {
  /** The syncs' patience with the platform and their retries; tests shorten them. */
  readonly sync?: SyncOptions;
  /** The clock of test events and of the Graph version's expiry check; tests stand a fixed one in. */
  readonly now?: () => Date;
  /** How the adapter waits (usage pacing, report-run polls); tests stand a recording one in. */
  readonly graphSleep?: Sleep;
}

/**
 * The social service (codes MA, MC, FO and the flag group's):
 * its resources through the core engine; the Meta Marketing API adapter (graph/); account and
 * insights syncs as background jobs; pause, activate and budgets written to the platform; the
 * insights report; the Conversions API's test event. See README.md.
 */
export function createSocialServerPlugin(options: SocialServerOptions = {}): ServerPlugin {
  const graph = new GraphLink(options.graphSleep);
  const now = options.now ?? (() => new Date());
  return defineServerPlugin({
    manifest: socialManifest,
    migrations: [],
    resources: SOCIAL_RESOURCES,
    services: { uses: [EXCHANGE_RATES] },
    messages: {
      ru: {
        ...GRAPH_MESSAGES_RU,
        ...SYNC_MESSAGES_RU,
        ...PLATFORM_WRITES_MESSAGES_RU,
        ...SERVICE_CHECK_MESSAGES_RU,
        ...REPORT_MESSAGES_RU,
        ...RULES_MESSAGES_RU,
        ...CONVERSIONS_MESSAGES_RU,
      },
    },
    register(app, context) {
      // The rules refuse first; then an edit of a record on the platform is pushed to it.
      context.resources.hooksById(platformPushHooks(graph, SOCIAL_RULE_HOOKS));
      // The adapter first: every part below calls the platform through it.
      const client = graph.configure(context.settings);
      registerGraphVersionNotice(app, client.config.version, now);
      retryAfterHeader(app);
      registerSyncs(app, context, graph, options.sync);
      registerPlatformWrites(app, context, graph);
      registerServiceCheck(context, graph);
      reportRoutes(app, context);
      testEventRoute(app, context, { sender: client, now });
    },
    seedDemo: seedSocialDemo,
  });
}

export default createSocialServerPlugin();
