import { readFileSync } from 'node:fs';

/*
 * The product's own translations, read from the files the app ships, so a spec names a control by
 * its key in either language and a changed wording never breaks a test that means the same thing.
 */

export type Language = 'en' | 'ru';

const json = (path: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

function namespaces(language: Language): Readonly<Record<string, Record<string, unknown>>> {
  const core = (file: string) => json(`../../core/web/i18n/${language}/${file}.json`);
  return {
    admin: json(`../../plugins/admin/web/i18n/${language}.json`),
    finance: json(`../../plugins/finance/web/i18n/${language}.json`),
    // The core's namespaces are one file each; resource.json nests its keys under `resource`.
    resource: core('resource').resource as Record<string, unknown>,
    auth: core('auth'),
    shell: core('shell'),
    common: core('common'),
    layout: core('layout'),
    pages: core('pages'),
  };
}

const STRINGS: Readonly<Record<Language, ReturnType<typeof namespaces>>> = { en: namespaces('en'), ru: namespaces('ru') };

/**
 * The text of `namespace:a.b` in `language`, with `{{name}}` placeholders filled from `values`.
 * Throws on a key the files lack, so a spec cannot look for text nobody ships.
 */
export function text(language: Language, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  const found = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], STRINGS[language][namespace]);
  if (typeof found !== 'string') throw new Error(`no ${language} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key} needs a value for ${name}`);
    return String(value);
  });
}

/** English text of a key (see `text`). */
export const english = (key: string, values?: Readonly<Record<string, string | number>>): string => text('en', key, values);
