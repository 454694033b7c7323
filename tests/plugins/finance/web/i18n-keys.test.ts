import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredTextKeys, missingTexts, textAt } from '@core/sdk/testing';
import { financeManifest } from '@plugins/finance/manifest';
import { FINANCE_RESOURCES } from '@plugins/finance/shared/finance-resources';

const bundle = (language: string): unknown =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../plugins/finance/web/i18n/${language}.json`), 'utf8'),
  );

/** The definitions' keys, and the server's system setting (finance.googleTables.maxNestingLevel). */
const USED_KEYS = [...declaredTextKeys(financeManifest, FINANCE_RESOURCES), 'finance:settings.maxNestingLevel'];

describe.each(['en', 'ru'])('finance %s texts', (language) => {
  it('cover every key the manifest and the resource definitions use', () => {
    expect(missingTexts(bundle(language), 'finance', USED_KEYS)).toEqual([]);
  });

  it('quote the spec strings of spreadsheet tables', () => {
    if (language !== 'en') return;
    const texts = bundle(language);
    expect(textAt(texts, 'googleTables.added')).toBe('Table added successfully');
    expect(textAt(texts, 'googleTables.updated')).toBe('Table updated successfully');
    expect(textAt(texts, 'googleTables.deleted')).toBe('Table deleted successfully');
    expect(textAt(texts, 'googleTables.confirmDelete')).toBe('Are you sure you want to delete this table?');
    expect(textAt(texts, 'googleTables.maxNesting')).toBe('Max nesting level is reached');
  });
});
