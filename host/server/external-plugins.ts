import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExternalPluginServing } from '@core/server/api-server';
import type { ServerPlugin } from '@core/server/plugin';
import { graphPluginOf, resolveServiceGraph, ServiceGraphError } from '@core/server/services';
import { sdkRangeProblem } from '@core/sdk/compatibility';
import { pluginFilesPath, type ExternalPluginFile } from '@core/shared/external-plugin';
import { enabledManifestsProblems } from '@core/shared/manifest';
import { LANGUAGES, type Language } from '@core/shared/runtime-config';
import { ConfigError, type PluginFailurePolicy } from './config';
import {
  readExternalPluginFolder,
  relativeUnder,
  type ExternalPluginFolder,
  type ReadableFolder,
} from './external-plugin-file';
import { installHostedSdk, loadServerPart, ServerPartError } from './external-server-part';
import { selectPlugins } from './plugin-selection';
import { factsOf, oneLine, PluginInventoryBook } from './plugin-inventory';

/*
 * Which plugins start: the enabled built-in ones (any problem with them is a ConfigError, as it
 * always was) and the enabled external ones that pass every check. An external plugin that does
 * not is left out with one log line and its state in the inventory, or stops start-up under
 * onPluginFailure "stop". Nothing here touches the database: migrations come after.
 */

/** An enabled external plugin whose folder, plugin.json and server module passed, on its way to running. */
export interface ExternalPlugin {
  /** The configured folder (absolute). */
  readonly path: string;
  readonly file: ExternalPluginFile;
  readonly plugin: ServerPlugin;
}

export interface PluginPlan {
  /** Every plugin the host could run and how loading went so far. */
  readonly inventory: PluginInventoryBook;
  /** The enabled built-in plugins, in dependency order. */
  readonly builtins: readonly ServerPlugin[];
  /** The enabled external plugins that may start, in dependency order (after the built-in ones). */
  readonly externals: readonly ExternalPlugin[];
}

export interface PlanOptions {
  /** The built-in plugins (host/server/plugins.ts). */
  readonly available: readonly ServerPlugin[];
  /** The configured external folders (absolute), in configuration order. */
  readonly folders: readonly string[];
  /** The enabled plugin ids, in configuration order. */
  readonly enabled: readonly string[];
  readonly policy: PluginFailurePolicy;
  /** Told each external plugin left out, as one line. */
  readonly warn: (line: string) => void;
}

/** The id a folder goes by: plugin.json's, or a guess from the folder's name when it could not be read. */
function idOf(folder: ExternalPluginFolder): string {
  return folder.ok ? folder.file.id : folder.id;
}

/** Why an enabled plugin's web files cannot be served, or null: the web root, the remote's manifest and the strings must exist. */
async function webFilesProblem(folder: ReadableFolder): Promise<string | null> {
  const web = folder.file.files.web;
  if (!web) return null;
  const expected: [string, 'directory' | 'file'][] = [
    [web.root, 'directory'],
    [join(web.root, web.manifest), 'file'],
    ...LANGUAGES.map((language): [string, 'file'] => [folder.file.files.translations[language], 'file']),
  ];
  for (const [path, kind] of expected) {
    const found = await stat(join(folder.path, path)).catch(() => null);
    if (!found || (kind === 'directory' ? !found.isDirectory() : !found.isFile()))
      return `its web files are incomplete: ${kind} ${path} is missing`;
  }
  return null;
}

/** Records every built-in plugin and configured folder; sets back the folders that could not be read and the ids that collide. */
function bookPlugins(book: PluginInventoryBook, options: PlanOptions, folders: readonly ExternalPluginFolder[]): void {
  const builtinIds = new Set(options.available.map((plugin) => plugin.manifest.id));
  for (const plugin of options.available)
    book.addBuiltin(plugin.manifest, options.enabled.includes(plugin.manifest.id));
  for (const folder of folders) {
    const facts = folder.ok
      ? factsOf(folder.file)
      : { id: folder.id, version: folder.version, sdk: folder.sdk, titleKey: folder.titleKey };
    book.addExternal(folder.path, facts, options.enabled.includes(facts.id));
  }
  for (const folder of folders) {
    if (!folder.ok) {
      book.setBack(folder.path, 'failed', folder.problem);
      continue;
    }
    const { id } = folder.file;
    // Both of two folders with one id are refused: which one configuration meant cannot be told.
    const twin = folders.find((other) => other !== folder && other.ok && other.file.id === id);
    if (builtinIds.has(id)) book.setBack(folder.path, 'refused', `its id "${id}" is a built-in plugin's`);
    else if (twin) book.setBack(folder.path, 'refused', `the external plugin in ${twin.path} has the same id "${id}"`);
  }
}

/** Checks an enabled external plugin's SDK range and files, then imports its server part; null when it was set back. */
async function loadExternal(book: PluginInventoryBook, folder: ReadableFolder): Promise<ExternalPlugin | null> {
  const sdkProblem = sdkRangeProblem(folder.file);
  if (sdkProblem) {
    book.setBack(folder.path, 'refused', sdkProblem);
    return null;
  }
  const filesProblem = await webFilesProblem(folder);
  if (filesProblem) {
    book.setBack(folder.path, 'failed', filesProblem);
    return null;
  }
  try {
    installHostedSdk();
    return { path: folder.path, file: folder.file, plugin: await loadServerPart(folder.path, folder.file) };
  } catch (error) {
    if (!(error instanceof ServerPartError)) throw error;
    book.setBack(folder.path, 'failed', error.message);
    return null;
  }
}

/** Why the plugins' services cannot start together (one line), or null. */
function serviceGraphProblem(plugins: readonly ServerPlugin[]): string | null {
  try {
    resolveServiceGraph(plugins.map(graphPluginOf));
    return null;
  } catch (error) {
    if (error instanceof ServiceGraphError) return error.message;
    throw error;
  }
}

/**
 * The loaded external plugins that may run beside `builtins`, in dependency order: each needs its
 * dependencies running, and must fit with those already in (no page or code declared twice, no
 * slot filled that nobody offers, its required services provided and none provided twice). Those
 * left over are refused.
 */
export function fitExternals(
  book: PluginInventoryBook,
  builtins: readonly ServerPlugin[],
  loaded: readonly ExternalPlugin[],
  enabled: readonly string[],
): ExternalPlugin[] {
  const accepted: ExternalPlugin[] = [];
  const manifests = builtins.map((plugin) => plugin.manifest);
  let pending = [...loaded];
  const runningIds = (): Set<string> => new Set(manifests.map((manifest) => manifest.id));
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (const candidate of pending) {
      const { manifest } = candidate.plugin;
      const running = runningIds();
      const waitingFor = manifest.dependencies.filter((dependency) => !running.has(dependency));
      const missing = waitingFor.find(
        (dependency) => !pending.some((other) => other.plugin.manifest.id === dependency),
      );
      if (waitingFor.length > 0 && missing === undefined) continue;
      pending = pending.filter((other) => other !== candidate);
      progress = true;
      if (missing !== undefined) {
        book.setBack(
          candidate.path,
          'refused',
          `it needs plugin "${missing}", which is ${enabled.includes(missing) ? 'not running' : 'not enabled'}`,
        );
        continue;
      }
      const problems = enabledManifestsProblems([...manifests, manifest]);
      if (problems.length > 0) {
        book.setBack(candidate.path, 'refused', `it does not fit with the other plugins: ${problems.join('; ')}`);
        continue;
      }
      const servicesProblem = serviceGraphProblem([
        ...builtins,
        ...accepted.map((other) => other.plugin),
        candidate.plugin,
      ]);
      if (servicesProblem !== null) {
        book.setBack(candidate.path, 'refused', `its services do not resolve: ${servicesProblem}`);
        continue;
      }
      manifests.push(manifest);
      accepted.push(candidate);
    }
  }
  for (const candidate of pending) book.setBack(candidate.path, 'refused', 'it is part of a dependency cycle');
  return accepted;
}

/**
 * Reads every configured folder, books every plugin, selects the enabled built-in ones (strictly)
 * and loads the enabled external ones (leniently). An enabled id no built-in plugin and no
 * configured folder has is the ConfigError it always was.
 */
export async function planPlugins(options: PlanOptions): Promise<PluginPlan> {
  const folders = await Promise.all(options.folders.map((folder) => readExternalPluginFolder(folder)));
  const known = [...options.available.map((plugin) => plugin.manifest.id), ...folders.map(idOf)];
  for (const id of options.enabled) {
    if (known.includes(id)) continue;
    // A folder whose plugin.json could not be read goes by a guessed id: say which, it may be the one meant.
    const unread = folders.flatMap((folder) => (folder.ok ? [] : [`${folder.path} (${oneLine(folder.problem)})`]));
    const hint = unread.length > 0 ? `; external folders not read: ${unread.join(', ')}` : '';
    throw new ConfigError(
      `unknown plugin "${id}" in configuration (available: ${[...new Set(known)].join(', ') || 'none'})${hint}`,
    );
  }
  const builtinIds = new Set(options.available.map((plugin) => plugin.manifest.id));
  const builtins = selectPlugins(
    options.available,
    options.enabled.filter((id) => builtinIds.has(id)),
  );
  const inventory = new PluginInventoryBook(options.policy, options.warn);
  bookPlugins(inventory, options, folders);
  const loaded: ExternalPlugin[] = [];
  for (const id of options.enabled) {
    for (const folder of folders) {
      if (!folder.ok || folder.file.id !== id || !inventory.isRunning(folder.path)) continue;
      const external = await loadExternal(inventory, folder);
      if (external) loaded.push(external);
    }
  }
  return { inventory, builtins, externals: fitExternals(inventory, builtins, loaded, options.enabled) };
}

/**
 * After a plugin stopped (its migrations failed, so the inventory no longer counts it as running), the
 * plugins still running: those that needed it, directly or not, are refused too.
 */
export function withoutFailed(
  inventory: PluginInventoryBook,
  externals: readonly ExternalPlugin[],
  builtins: readonly ServerPlugin[],
): ExternalPlugin[] {
  let kept = externals.filter((external) => inventory.isRunning(external.path));
  for (let changed = true; changed; ) {
    changed = false;
    const running = new Set(
      [...builtins, ...kept.map((external) => external.plugin)].map((plugin) => plugin.manifest.id),
    );
    for (const external of kept) {
      const missing = external.plugin.manifest.dependencies.find((dependency) => !running.has(dependency));
      if (missing === undefined) continue;
      inventory.setBack(external.path, 'refused', `it needs plugin "${missing}", which is not running`);
      kept = kept.filter((other) => other !== external);
      changed = true;
      break;
    }
  }
  return kept;
}

/** How the API server hosts an external plugin: its id and, with a browser part, its folder and /config.json entry. */
export function servingOf(external: ExternalPlugin): ExternalPluginServing {
  const { id, files } = external.file;
  const web = files.web;
  if (!web) return { id, web: null };
  const base = pluginFilesPath(id);
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [language, `${base}${relativeUnder(files.translations[language], web.root)}`]),
  ) as Record<Language, string>;
  return {
    id,
    web: {
      root: join(external.path, web.root),
      remote: { entry: `${base}${web.manifest}`, container: web.container, expose: web.expose, translations },
    },
  };
}
