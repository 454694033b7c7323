import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '@core/sdk/shared';
import { messengerManifest } from '@plugins/messenger/manifest';
import { MESSENGER_RESOURCES } from '@plugins/messenger/shared/resources';

/** The definitions as the engine reads them (defineResource keeps literal types without the optional parts). */
const RESOURCES: readonly ResourceDefinition[] = MESSENGER_RESOURCES;

const bundle = (language: string): unknown =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../../plugins/messenger/web/i18n/${language}.json`), 'utf8'));

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined), tree);
}

/** Every `messenger:` key the manifest and the resource definitions name, enum value labels and field messages included. */
function usedKeys(): string[] {
  const keys = [messengerManifest.titleKey, ...messengerManifest.pages.map((page) => page.titleKey)];
  for (const resource of RESOURCES) {
    keys.push(resource.titleKey, resource.recordKey);
    for (const field of resource.fields) {
      keys.push(field.labelKey);
      if (field.hintKey) keys.push(field.hintKey);
      if ('patternMessageKey' in field && field.patternMessageKey) keys.push(field.patternMessageKey);
      if (field.kind === 'enum') {
        const prefix = field.valueLabelPrefix ?? `${field.labelKey}Values`;
        keys.push(...field.values.map((value) => `${prefix}.${value}`));
      }
    }
    for (const action of [...(resource.rowActions ?? []), ...(resource.toolbarActions ?? [])]) {
      keys.push(action.labelKey);
      if (action.confirmKey) keys.push(action.confirmKey);
    }
  }
  return [...new Set(keys)];
}

describe.each(['en', 'ru'])('messenger %s texts', (language) => {
  it('cover every key the manifest and the resource definitions use', () => {
    const texts = bundle(language);
    const missing = usedKeys().filter((key) => {
      const [namespace, path = ''] = key.split(':');
      return namespace !== 'messenger' || typeof lookup(texts, path) !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it('name the page as the screens and the sidebar quote it', () => {
    expect(lookup(bundle(language), 'nav.bots')).toBe(language === 'en' ? 'Bots' : 'Боты');
  });
});
