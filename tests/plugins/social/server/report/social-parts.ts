import { type FieldValue, type ResourceDefinition } from '@core/sdk/shared';
import { type Database, type ServerPlugin } from '@core/sdk/server';
import { createSocialServerPlugin } from '@plugins/social/server';
import socialEn from '@plugins/social/web/i18n/en.json';
import socialRu from '@plugins/social/web/i18n/ru.json';
import { demoContext } from '@core/sdk/testing';

/** The social plugin as the host wires it (with its strings), with the test event's clock the test picks. */
export function socialParts(options: { readonly now?: () => Date } = {}): ServerPlugin {
  return {
    ...createSocialServerPlugin(options.now ? { now: options.now } : {}),
    translations: { en: socialEn, ru: socialRu },
  };
}

/** Writes records as the demo does (the engine's writer, the first superadmin), for resources no route creates (insights). */
export async function recordMaker(db: Database, plugins: readonly ServerPlugin[]) {
  const demo = await demoContext(db, plugins);
  return async (definition: ResourceDefinition, values: Readonly<Record<string, FieldValue>>): Promise<number> =>
    (await demo.records.create(definition, values, demo.author)).id;
}
