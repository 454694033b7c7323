import type { FieldValue, ResourceDefinition } from '@core/sdk/shared';
import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { demoContext } from '@core/server/demo-context';
import type { Database } from '@core/server/database/database';
import { socialManifest } from '@plugins/social/manifest';
import { SOCIAL_RESOURCES } from '@plugins/social/shared/resources';
import { CONVERSIONS_MESSAGES_RU, testEventRoute, type EventSender } from '@plugins/social/server/conversions';
import { seedSocialDemo } from '@plugins/social/server/demo';
import { GraphLink } from '@plugins/social/server/graph';
import { REPORT_MESSAGES_RU, reportRoutes } from '@plugins/social/server/report';
import { RULES_MESSAGES_RU, SOCIAL_RULE_HOOKS } from '@plugins/social/server/rules';

/**
 * The social plugin's report, Conversions API, rules and demo as server/index.ts will wire them,
 * on its manifest and resources: what these tests run until the whole plugin is assembled.
 */
export function socialParts(options: { readonly sender?: EventSender; readonly now?: () => Date } = {}): ServerPlugin {
  return defineServerPlugin({
    manifest: socialManifest,
    migrations: [],
    resources: SOCIAL_RESOURCES,
    resourceHooks: SOCIAL_RULE_HOOKS,
    messages: { ru: { ...REPORT_MESSAGES_RU, ...RULES_MESSAGES_RU, ...CONVERSIONS_MESSAGES_RU } },
    register(app, context) {
      reportRoutes(app, context);
      testEventRoute(app, context, { sender: options.sender ?? new GraphLink().configure(context.settings), ...(options.now ? { now: options.now } : {}) });
    },
    seedDemo: seedSocialDemo,
  });
}

/** Writes records as the demo does (the engine's writer, the first superadmin), for resources no route creates (insights). */
export async function recordMaker(db: Database, plugins: readonly ServerPlugin[]) {
  const demo = await demoContext(db, plugins);
  return async (definition: ResourceDefinition, values: Readonly<Record<string, FieldValue>>): Promise<number> =>
    (await demo.records.create(definition, values, demo.author)).id;
}
