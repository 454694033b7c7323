/**
 * External plugin folders for the host's tests: the hand-written fixtures under
 * tests/fixtures/external-plugins, and variants written into a temporary folder that differ from a
 * working plugin only in their plugin.json or a few lines of server code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A fixture folder under tests/fixtures/external-plugins. */
export function fixturePlugin(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/external-plugins/${name}`, import.meta.url));
}

/** A plugin.json with nothing but what every plugin needs: no server part, no web part. */
export function pluginJson(id: string, extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    id,
    version: '1.0.0',
    sdk: '^2.0.0',
    titleKey: `${id}:title`,
    service: id,
    dependencies: [],
    namespaces: [id],
    pages: [],
    files: { server: null, web: null, translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' } },
    ...extra,
  };
}

/** The manifest part of a plugin.json written by pluginJson, as a server module repeats it. */
export function manifestPart(json: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { files: _files, ...manifest } = json;
  return manifest;
}

/**
 * Writes `<root>/<name>/plugin.json` (an object as JSON, a string as it is) and any other files
 * given by relative path; returns the folder.
 */
export function writePlugin(
  root: string,
  name: string,
  json: Readonly<Record<string, unknown>> | string,
  files: Readonly<Record<string, string>> = {},
): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'plugin.json'), typeof json === 'string' ? json : JSON.stringify(json, null, 2));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

/** A server module (plain ESM on the hosted SDK) exporting `body`, which may use `manifest` and `defineServerPlugin`. */
export function serverModule(json: Readonly<Record<string, unknown>>, body: string): string {
  return [
    'const { defineServerPlugin } = globalThis.__erpHostedSdk.server;',
    `const manifest = ${JSON.stringify(manifestPart(json))};`,
    body,
    '',
  ].join('\n');
}
