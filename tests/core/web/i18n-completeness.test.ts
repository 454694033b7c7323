import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every leaf key of a bundle, dotted. */
function leaves(bundle: unknown, prefix = ''): string[] {
  if (typeof bundle !== 'object' || bundle === null) return [prefix];
  return Object.entries(bundle).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function emptyLeaves(bundle: unknown, prefix = ''): string[] {
  if (typeof bundle === 'string') return bundle.trim() === '' ? [prefix] : [];
  if (typeof bundle !== 'object' || bundle === null) return [prefix];
  return Object.entries(bundle).flatMap(([key, value]) => emptyLeaves(value, prefix ? `${prefix}.${key}` : key));
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
/** Every area file of the core's strings (the browser's, and those the server reads too), English beside Russian. */
const coreBundles = ['core/web/i18n', 'core/shared/i18n'].flatMap((folder) => {
  const coreRoot = resolve(import.meta.dirname, '../../..', folder);
  return readdirSync(join(coreRoot, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      name: `core ${file}`,
      en: readJson(join(coreRoot, 'en', file)),
      ru: readJson(join(coreRoot, 'ru', file)),
    }));
});

const pluginsRoot = resolve(import.meta.dirname, '../../../plugins');
const pluginBundles = readdirSync(pluginsRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const folder = join(pluginsRoot, entry.name, 'web/i18n');
    const read = (language: string): unknown => JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'));
    return { name: `plugin ${entry.name}`, en: read('en'), ru: read('ru') };
  });

/**
 * A text's keys with its plural forms as one: English counts one/other, Russian one/few/many/other
 * (i18next picks the form by the language's plural rules), so the forms differ and the text does not.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const texts = (bundle: unknown): string[] =>
  [...new Set(leaves(bundle).map((key) => key.replace(PLURAL_FORM, '_<plural>')))].sort();

describe.each([...coreBundles, ...pluginBundles])('$name translations', ({ en, ru }) => {
  it('have the same keys in English and Russian', () => {
    expect(texts(ru)).toEqual(texts(en));
  });

  it('have no empty text', () => {
    expect([...emptyLeaves(en), ...emptyLeaves(ru)]).toEqual([]);
  });
});
