import type { FieldValue, ResourceDefinition } from '@core/sdk/shared';
import type { ServerPlugin } from '@core/sdk/server';
import { createSocialServerPlugin } from '@plugins/social/server';
import { demoContext } from '@core/server/demo-context';
import type { Database } from '@core/server/database/database';

/** The social plugin as server/index.ts wires it, with the test event's clock the test picks. */
export function socialParts(options: { readonly now?: () => Date } = {}): ServerPlugin {
  return createSocialServerPlugin(options.now ? { now: options.now } : {});
}

/** Writes records as the demo does (the engine's writer, the first superadmin), for resources no route creates (insights). */
export async function recordMaker(db: Database, plugins: readonly ServerPlugin[]) {
  const demo = await demoContext(db, plugins);
  return async (definition: ResourceDefinition, values: Readonly<Record<string, FieldValue>>): Promise<number> =>
    (await demo.records.create(definition, values, demo.author)).id;
}
