import { readFileSync } from 'node:fs';
import type { PluginManifest } from '@core/shared/manifest';
import type { Language } from '@core/shared/runtime-config';

/*
 * The product's own translations, read from the files the app ships, so a spec names a control by
 * its key in either language and a changed wording never breaks a test that means the same thing.
 * A plugin's default namespace (`manifest.namespaces[0]`) is its plugins/<id>/web/i18n/<language>.json.
 */

export type { Language };

type Bundle = Record<string, unknown>;

const json = (path: string): Bundle => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Bundle;

function namespaces(
  language: Language,
  plugins: readonly Pick<PluginManifest, 'id' | 'namespaces'>[],
): Readonly<Record<string, Bundle>> {
  const core = (file: string) => json(`../../web/i18n/${language}/${file}.json`);
  // The engine's resource strings are read by the server's exports too, so they live in core/shared.
  const shared = (file: string) => json(`../../shared/i18n/${language}/${file}.json`);
  const pluginBundles = plugins.map((plugin) => [
    plugin.namespaces[0] ?? plugin.id,
    json(`../../../plugins/${plugin.id}/web/i18n/${language}.json`),
  ]);
  return {
    ...Object.fromEntries(pluginBundles),
    // The core's namespaces are one file each; resource.json nests its keys under `resource`.
    resource: shared('resource').resource as Bundle,
    // record.json nests its keys under `record` too.
    record: core('record').record as Bundle,
    auth: core('auth'),
    shell: core('shell'),
    common: core('common'),
    layout: core('layout'),
    pages: core('pages'),
    notifications: core('notifications'),
    // jobs.json nests the job panel's keys under `jobs` (`jobs:states.failed`).
    jobs: core('jobs').jobs as Bundle,
  };
}

export type Values = Readonly<Record<string, string | number>>;

export interface ProductStrings {
  /**
   * The text of `namespace:a.b` in `language`, with `{{name}}` placeholders filled from `values`.
   * Throws on a key the files lack, so a spec cannot look for text nobody ships.
   */
  text(language: Language, key: string, values?: Values): string;
  /** English text of a key (see `text`). */
  english(key: string, values?: Values): string;
  /**
   * Whether a token on screen could be one of these strings' keys shown raw: `namespace:…` of a
   * known namespace, or a dotted path starting with a namespace or a first-level key (`fields.…`).
   * Data shaped like a key (a `login:password` format, a user name `anna.petrova`) is not.
   */
  mayBeKey(token: string): boolean;
}

/** The strings of the core and of the given plugins (their manifests name their namespaces). */
export function productStrings(plugins: readonly Pick<PluginManifest, 'id' | 'namespaces'>[]): ProductStrings {
  const strings: Readonly<Record<Language, Readonly<Record<string, Bundle>>>> = {
    en: namespaces('en', plugins),
    ru: namespaces('ru', plugins),
  };
  const text = (language: Language, key: string, values: Values = {}): string => {
    const [namespace = '', path = ''] = key.split(':');
    const found = path
      .split('.')
      .reduce<unknown>((node, part) => (node as Bundle | undefined)?.[part], strings[language][namespace]);
    if (typeof found !== 'string') throw new Error(`no ${language} text for ${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`${key} needs a value for ${name}`);
      return String(value);
    });
  };
  const known = new Set(Object.keys(strings.en));
  const firstLevel = new Set(Object.values(strings.en).flatMap((bundle) => Object.keys(bundle)));
  const mayBeKey = (token: string): boolean => {
    const colon = token.indexOf(':');
    if (colon > 0) return known.has(token.slice(0, colon));
    const first = token.split('.')[0] ?? '';
    return known.has(first) || firstLevel.has(first);
  };
  return { text, english: (key, values) => text('en', key, values), mayBeKey };
}

/** The manifests of the given plugins, each read from plugins/<id>/manifest.ts (the export whose `id` is the plugin's). */
export async function pluginManifests(ids: readonly string[]): Promise<PluginManifest[]> {
  return Promise.all(
    ids.map(async (id) => {
      const exported = Object.values((await import(`../../../plugins/${id}/manifest.ts`)) as Record<string, unknown>);
      const manifest = exported.find(
        (value): value is PluginManifest =>
          typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id,
      );
      if (!manifest) throw new Error(`plugins/${id}/manifest.ts exports no manifest with id "${id}"`);
      return manifest;
    }),
  );
}
