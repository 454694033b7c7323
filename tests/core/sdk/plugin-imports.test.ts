/**
 * The SDK boundary: plugins (ours and outside ones) import only the SDK, their own folder, the
 * `shared/` of a plugin they declare as a dependency, and the packages the host shares; browser
 * code never reaches server code and back. Also checks the SDK's entry points keep to their side.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importedSpecifiers,
  readSource,
  REPO_ROOT,
  resolveSpecifier,
  sourceFilesUnder,
} from '@core/sdk/tooling/source-files';
import type { PluginManifest } from '@core/shared/manifest';

/** Packages the host shares with plugins, as singletons (React, Fluent, MobX, inversify, i18next, the router). */
const SHARED_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@fluentui/react-components',
  '@fluentui/react-icons',
  'mobx',
  'mobx-react-lite',
  'react-router-dom',
  'i18next',
  'react-i18next',
  'inversify',
];
/**
 * Packages a built-in plugin may import though the host does not share them as singletons (they are
 * not in core/shared/shared-packages.ts): the host's build bundles them into the plugin's own chunks.
 * @fluentui/react-icons: each plugin takes the few icons it uses. @fluentui/react-charts: the
 * tracker's report chart, loaded lazily in its own chunk; sharing it would put the
 * library and d3 in the host's build for every user. d3-geo, topojson-client and world-atlas: the
 * system plugin's country-language map, likewise in a lazy chunk of its own.
 */
const BUILT_IN_PACKAGES = ['@fluentui/react-charts', 'd3-geo', 'topojson-client', 'world-atlas/countries-110m.json'];
/** Server-side only: the HTTP framework's types and Node's own modules. */
const SERVER_PACKAGES = ['fastify'];

type Side = 'web' | 'server' | 'shared';

/** Where plugins live: the product's, and the fixture plugin tests build in (written against the SDK alone). */
const PLUGIN_ROOTS = [join(REPO_ROOT, 'plugins'), join(REPO_ROOT, 'tests/fixtures/plugins')];
const PLUGINS_DIR = PLUGIN_ROOTS[0]!;

interface PluginFolder {
  readonly dir: string;
  readonly manifest: PluginManifest;
}

const folderPaths = PLUGIN_ROOTS.flatMap((root) =>
  existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'manifest.ts')))
        .map((entry) => join(root, entry.name))
    : [],
);

/** The folder's manifest: the export of its manifest.ts whose id is the folder's name. */
async function manifestIn(dir: string): Promise<PluginManifest> {
  const id = basename(dir);
  const exported = Object.values(
    (await import(pathToFileURL(join(dir, 'manifest.ts')).href)) as Record<string, unknown>,
  );
  const manifest = exported.find(
    (value): value is PluginManifest =>
      typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id,
  );
  if (!manifest) throw new Error(`${relative(REPO_ROOT, dir)}/manifest.ts exports no manifest with id "${id}"`);
  return manifest;
}

/** web/ is browser code, server/ server code; manifest.ts and shared/ are read by both. */
function sideOf(pluginDir: string, file: string): Side {
  const [top] = relative(pluginDir, file).split(sep);
  return top === 'web' || top === 'server' ? top : 'shared';
}

const SDK_FOR: Readonly<Record<Side, readonly string[]>> = {
  shared: ['@core/sdk/shared'],
  web: ['@core/sdk/shared', '@core/sdk/web'],
  server: ['@core/sdk/shared', '@core/sdk/server'],
};

/** Why `specifier` may not be imported by `file` of plugin `manifest`, or null when it may. */
function violation(
  manifest: PluginManifest,
  file: string,
  specifier: string,
  pluginDir: string = join(PLUGINS_DIR, manifest.id),
): string | null {
  const side = sideOf(pluginDir, file);
  if (specifier.startsWith('@core/')) {
    return SDK_FOR[side].includes(specifier)
      ? null
      : `${specifier} (a ${side} file may import ${SDK_FOR[side].join(' and ')} from core)`;
  }
  if (specifier.startsWith('@host/')) return `${specifier} (the host is not for plugins)`;
  const dependency = /^@plugins\/([^/]+)\/(.*)$/.exec(specifier);
  if (dependency && dependency[1] !== manifest.id) {
    const [, other = '', rest = ''] = dependency;
    const known = manifest.dependencies.includes(other) || (manifest.optionalDependencies ?? []).includes(other);
    if (!known) return `${specifier} (plugin "${other}" is not among the manifest's dependencies)`;
    if (rest === 'shared' || rest.startsWith('shared/')) return null;
    // The services a dependency provides are server contracts: its server/services.ts, for server code.
    if (rest === 'server/services')
      return side === 'server' ? null : `${specifier} (a dependency's services are for server code)`;
    return `${specifier} (only the shared/ folder of a dependency, and its server/services for server code)`;
  }
  if (dependency || specifier.startsWith('.')) {
    const target = resolveSpecifier(specifier.replace(/\?raw$/, ''), file);
    if (!target) return `${specifier} (not found)`;
    if (!target.startsWith(pluginDir + sep)) return `${specifier} (outside ${relative(REPO_ROOT, pluginDir)}/)`;
    const targetSide = sideOf(pluginDir, target);
    if (targetSide !== 'shared' && targetSide !== side)
      return `${specifier} (${side} code importing ${targetSide} code)`;
    return null;
  }
  if (SHARED_PACKAGES.includes(specifier)) return null;
  if (side === 'web' && BUILT_IN_PACKAGES.includes(specifier)) return null;
  if (side === 'server' && (SERVER_PACKAGES.includes(specifier) || specifier.startsWith('node:'))) return null;
  return `${specifier} (not a package the host shares with ${side} code)`;
}

describe('plugin imports', () => {
  let folders: PluginFolder[] = [];
  beforeAll(async () => {
    folders = await Promise.all(folderPaths.map(async (dir) => ({ dir, manifest: await manifestIn(dir) })));
  });

  it('finds the plugins and their sources', () => {
    expect(folders.map((folder) => relative(REPO_ROOT, folder.dir))).toEqual(
      expect.arrayContaining(['plugins/admin', 'plugins/finance', 'tests/fixtures/plugins/notes']),
    );
    expect(sourceFilesUnder(join(PLUGINS_DIR, 'admin', 'web')).length).toBeGreaterThan(10);
  });

  it('import only the SDK, their own folder, a dependency’s shared/ and the host’s shared packages', () => {
    const found: string[] = [];
    for (const { dir, manifest } of folders) {
      for (const file of sourceFilesUnder(dir)) {
        for (const specifier of importedSpecifiers(readSource(file))) {
          const problem = violation(manifest, file, specifier, dir);
          if (problem) found.push(`${relative(REPO_ROOT, file)}: ${problem}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('tells each kind of stray import apart', () => {
    const notes: PluginManifest = { ...folders[0]!.manifest, id: 'admin', dependencies: ['finance'] };
    const web = join(PLUGINS_DIR, 'admin/web/module.ts');
    const server = join(PLUGINS_DIR, 'admin/server/index.ts');
    expect(violation(notes, web, '@core/sdk/web')).toBeNull();
    expect(violation(notes, web, '@core/sdk/server')).toMatch(
      /a web file may import @core\/sdk\/shared and @core\/sdk\/web/,
    );
    expect(violation(notes, server, '@core/sdk/web')).toMatch(/a server file/);
    expect(violation(notes, web, '@core/web/resource')).toMatch(/^@core\/web\/resource/);
    expect(violation(notes, web, '@host/web/plugins')).toMatch(/host/);
    expect(violation(notes, web, '@plugins/finance/shared/resources')).toBeNull();
    expect(violation(notes, web, '@plugins/finance/web')).toMatch(/only the shared\/ folder/);
    expect(violation({ ...notes, dependencies: [] }, web, '@plugins/finance/shared/resources')).toMatch(
      /not among the manifest's dependencies/,
    );
    expect(
      violation(
        { ...notes, dependencies: [], optionalDependencies: ['finance'] },
        web,
        '@plugins/finance/shared/resources',
      ),
    ).toBeNull();
    expect(violation(notes, web, '../server')).toMatch(/web code importing server code/);
    expect(violation(notes, web, '../../finance/manifest')).toMatch(/outside plugins\/admin/);
    expect(violation(notes, web, '../manifest')).toBeNull();
    expect(violation(notes, web, 'react')).toBeNull();
    expect(violation(notes, web, 'fastify')).toMatch(/not a package the host shares/);
    expect(violation(notes, server, 'fastify')).toBeNull();
    expect(violation(notes, server, 'node:crypto')).toBeNull();
    expect(violation(notes, web, 'node:crypto')).toMatch(/not a package/);
    expect(violation(notes, web, 'lodash')).toMatch(/not a package/);
  });
});

/** Every repository file `entry` reaches through imports (packages left out). */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of importedSpecifiers(readSource(file))) {
      const target = resolveSpecifier(specifier.replace(/\?raw$/, ''), file);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((file) => relative(REPO_ROOT, file));
}

describe('SDK entry points', () => {
  const reach = (entry: string): string[] => reachable(join(REPO_ROOT, entry));

  it('keep the browser entry free of server code and the server entry free of browser code', () => {
    expect(reach('core/sdk/web.ts').filter((file) => file.startsWith('core/server/'))).toEqual([]);
    expect(reach('core/sdk/server.ts').filter((file) => file.startsWith('core/web/'))).toEqual([]);
  });

  it('keep the shared entry to code both sides may load', () => {
    expect(
      reach('core/sdk/shared.ts').filter((file) => !file.startsWith('core/shared/') && !file.startsWith('core/sdk/')),
    ).toEqual([]);
  });

  it('reach the core itself, so the checks above can fail', () => {
    expect(reach('core/sdk/web.ts')).toContain('core/web/resource/index.ts');
    expect(reach('core/sdk/server.ts')).toContain('core/server/plugin.ts');
  });
});
