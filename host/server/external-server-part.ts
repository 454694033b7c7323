import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerPlugin } from '@core/server/plugin';
import * as server from '@core/sdk/server';
import * as shared from '@core/sdk/shared';
import { HOSTED_SDK_GLOBAL, type HostedSdk } from '@core/sdk/hosted-sdk';
import { SDK_VERSION } from '@core/sdk/version';
import type { ExternalPluginFile } from '@core/shared/external-plugin';
import type { TranslationBundle } from '@core/server/i18n/translations';
import { LANGUAGES, type Language } from '@core/shared/runtime-config';
import { manifestOf } from './external-plugin-file';

/** An external plugin's server part could not be taken: the message says why, as one line. */
export class ServerPartError extends Error {}

/**
 * Puts this host's own SDK modules where external server bundles read `@core/sdk/server` and
 * `@core/sdk/shared` from, so every plugin runs on the one kernel of this process. Done before the
 * first such bundle is imported; doing it again changes nothing.
 */
export function installHostedSdk(): void {
  const hosted: HostedSdk = { version: SDK_VERSION, shared, server };
  (globalThis as unknown as Record<string, unknown>)[HOSTED_SDK_GLOBAL] = hosted;
}

/** The module at `file`, by URL: left a real `import()` by the server build (rspack), since the path is only known at run time. */
function importFile(file: string): Promise<Record<string, unknown>> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ pathToFileURL(file).href) as Promise<
    Record<string, unknown>
  >;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON's view of a manifest: what plugin.json can say (no functions, no `undefined` keys). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Why `value` (a module's default export) is not a ServerPlugin for plugin.json's manifest, or null. */
function exportProblem(value: unknown, file: ExternalPluginFile): string | null {
  if (!isRecord(value)) return 'its server module has no default export object (expected defineServerPlugin({ ... }))';
  if (!isRecord(value.manifest)) return "its server module's default export has no manifest";
  if (value.manifest.id !== file.id)
    return `its server module is plugin "${String(value.manifest.id)}", not "${file.id}"`;
  if (!isDeepStrictEqual(asJson(value.manifest), asJson(manifestOf(file))))
    return "its server module's manifest differs from plugin.json (rebuild the plugin)";
  const migrations = value.migrations;
  if (
    !Array.isArray(migrations) ||
    !migrations.every(
      (migration) => isRecord(migration) && typeof migration.name === 'string' && typeof migration.sql === 'string',
    )
  ) {
    return "its server module's migrations are not a list of { name, sql }";
  }
  if (typeof value.register !== 'function') return 'its server module has no register function';
  for (const key of ['resources', 'systemSettings'] as const) {
    if (value[key] !== undefined && !Array.isArray(value[key])) return `its server module's ${key} is not a list`;
  }
  if (value.seedDemo !== undefined && typeof value.seedDemo !== 'function')
    return "its server module's seedDemo is not a function";
  return null;
}

/**
 * Imports the server part plugin.json names (installHostedSdk first) and checks its default
 * export: a ServerPlugin with plugin.json's manifest, a list of migrations and a register function.
 * A plugin without a server part gets one that registers nothing, so its manifest and codes still
 * reach the browser and the catalogue like any other plugin's.
 */
export async function loadServerPart(folder: string, file: ExternalPluginFile): Promise<ServerPlugin> {
  const translations = await readTranslations(folder, file);
  if (file.files.server === null)
    return { manifest: manifestOf(file), migrations: [], register: () => undefined, translations };
  let module: Record<string, unknown>;
  try {
    module = await importFile(join(folder, file.files.server));
  } catch (error) {
    throw new ServerPartError(
      `its server module ${file.files.server} failed to load: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const plugin: unknown = module.default;
  const problem = exportProblem(plugin, file);
  if (problem) throw new ServerPartError(problem);
  const part = plugin as ServerPlugin;
  return part.translations ? part : { ...part, translations };
}

/**
 * The strings plugin.json names (the browser reads the same files), so the server titles the
 * plugin's exports as its screens do; a file that cannot be read leaves them out (fields are then
 * titled by their names), as the browser would show keys.
 */
async function readTranslations(
  folder: string,
  file: ExternalPluginFile,
): Promise<Record<Language, TranslationBundle> | undefined> {
  try {
    const entries = await Promise.all(
      LANGUAGES.map(async (language): Promise<[Language, TranslationBundle]> => {
        const parsed: unknown = JSON.parse(await readFile(join(folder, file.files.translations[language]), 'utf8'));
        if (!isRecord(parsed)) throw new Error('not an object');
        return [language, parsed];
      }),
    );
    return Object.fromEntries(entries) as Record<Language, TranslationBundle>;
  } catch {
    return undefined;
  }
}
