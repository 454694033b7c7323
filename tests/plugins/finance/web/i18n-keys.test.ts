import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { financeManifest } from '@plugins/finance/manifest';
import { FINANCE_RESOURCES } from '@plugins/finance/shared/resources';

const bundle = (language: string): unknown =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../../plugins/finance/web/i18n/${language}.json`), 'utf8'));

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined), tree);
}

/** Every `finance:` key the manifest and the resource definitions name, enum value labels included. */
function usedKeys(): string[] {
  const keys = [financeManifest.titleKey, ...financeManifest.pages.map((page) => page.titleKey)];
  for (const resource of FINANCE_RESOURCES) {
    keys.push(resource.titleKey, resource.recordKey);
    for (const field of resource.fields) {
      keys.push(field.labelKey);
      if (field.hintKey) keys.push(field.hintKey);
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
  // The server's system setting (finance.googleTables.maxNestingLevel).
  keys.push('finance:settings.maxNestingLevel');
  return [...new Set(keys)];
}

describe.each(['en', 'ru'])('finance %s texts', (language) => {
  it('cover every key the manifest and the resource definitions use', () => {
    const texts = bundle(language);
    const missing = usedKeys().filter((key) => {
      const [namespace, path = ''] = key.split(':');
      return namespace !== 'finance' || typeof lookup(texts, path) !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it('quote the spec strings of spreadsheet tables', () => {
    if (language !== 'en') return;
    const texts = bundle(language);
    expect(lookup(texts, 'googleTables.added')).toBe('Table added successfully');
    expect(lookup(texts, 'googleTables.updated')).toBe('Table updated successfully');
    expect(lookup(texts, 'googleTables.deleted')).toBe('Table deleted successfully');
    expect(lookup(texts, 'googleTables.confirmDelete')).toBe('Are you sure you want to delete this table?');
    expect(lookup(texts, 'googleTables.maxNesting')).toBe('Max nesting level is reached');
  });
});
