import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createJiti } from 'jiti';
import { EXPOSED_PLUGIN_MODULE, remoteContainerName, type ExternalPluginFile } from '../../shared/external-plugin';
import { manifestProblems, type PluginManifest } from '../../shared/manifest';
import { LANGUAGES } from '../../shared/runtime-config';

/** Where the SDK package's `core/` folder lies: the `@core/*` imports of a plugin resolve under it. */
export const SDK_CORE_DIR = resolve(import.meta.dirname, '../..');

/** The folders of an external plugin, fixed by convention so every team's plugin reads the same. */
export interface PluginProject {
  readonly root: string;
  readonly manifest: PluginManifest;
  /** `server/index.ts`, when the plugin has a server part. */
  readonly serverEntry: string | null;
  /** `web/index.ts`, when the plugin has a browser part. */
  readonly webEntry: string | null;
  /** `web/i18n/<language>.json` for every language. */
  readonly translations: Readonly<Record<string, string>>;
  readonly dist: string;
}

export class PluginProjectError extends Error {}

/** A manifest is `manifest.ts`'s default export, or its one exported object that has an id and pages. */
function pickManifest(exports: Record<string, unknown>): PluginManifest {
  const looksLikeManifest = (value: unknown): value is PluginManifest =>
    typeof value === 'object' && value !== null && 'id' in value && 'pages' in value;
  if (looksLikeManifest(exports.default)) return exports.default;
  const candidates = Object.values(exports).filter(looksLikeManifest);
  if (candidates.length !== 1) {
    throw new PluginProjectError(
      'manifest.ts must export one PluginManifest (as its default export or its only exported manifest)',
    );
  }
  return candidates[0] as PluginManifest;
}

/**
 * The folder of package `name` as Node would find it from the plugin's folder. Looked up in
 * node_modules directly: some packages export neither their package.json nor their scripts.
 */
export function installedPackage(root: string, name: string): string {
  for (let folder = root; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(folder) === folder)
      throw new PluginProjectError(`${name} is not installed beside the plugin: run npm install`);
  }
}

/** The nearest folder at or above `start` holding both package.json and manifest.ts. */
export function findPluginRoot(start: string): string {
  let folder = resolve(start);
  for (;;) {
    if (existsSync(join(folder, 'manifest.ts')) && existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder)
      throw new PluginProjectError(`no plugin here: no folder at or above ${start} holds manifest.ts and package.json`);
    folder = parent;
  }
}

export async function readPluginProject(start: string): Promise<PluginProject> {
  const root = findPluginRoot(start);
  // The manifest is plain data, but may take constants from shared/: evaluate it rather than parse it.
  const jiti = createJiti(join(root, 'manifest.ts'), { alias: { '@core/': `${SDK_CORE_DIR}/` }, moduleCache: false });
  const manifest = pickManifest(await jiti.import<Record<string, unknown>>(join(root, 'manifest.ts')));
  const problems = manifestProblems(manifest);
  if (problems.length > 0) throw new PluginProjectError(`manifest.ts: ${problems.join('; ')}`);
  const optional = (path: string): string | null => (existsSync(join(root, path)) ? join(root, path) : null);
  const webEntry = optional('web/index.ts');
  const translations: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const file = join(root, 'web/i18n', `${language}.json`);
    if (!existsSync(file))
      throw new PluginProjectError(`web/i18n/${language}.json is missing: every language needs the plugin's strings`);
    JSON.parse(readFileSync(file, 'utf8'));
    translations[language] = file;
  }
  return { root, manifest, serverEntry: optional('server/index.ts'), webEntry, translations, dist: join(root, 'dist') };
}

/** What `dist/plugin.json` says: the manifest and where the built parts lie, relative to dist/. */
export function pluginFile(project: PluginProject): ExternalPluginFile {
  const translations = Object.fromEntries(LANGUAGES.map((language) => [language, `web/i18n/${language}.json`]));
  return {
    ...project.manifest,
    files: {
      server: project.serverEntry ? 'server/index.js' : null,
      web: project.webEntry
        ? {
            root: 'web',
            manifest: 'mf-manifest.json',
            container: remoteContainerName(project.manifest.id),
            expose: EXPOSED_PLUGIN_MODULE,
          }
        : null,
      translations: translations as ExternalPluginFile['files']['translations'],
    },
  };
}
