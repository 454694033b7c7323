/**
 * A plugin's tests are written as an outside author writes them: against the SDK's test kits, never
 * the kernel's internals. They import the SDK's entry points, their own plugin (any file), another
 * plugin's published parts (manifest, server, web, shared/, the refs in server/services), packages, and their own test folder,
 * or the test folder of a plugin theirs depends on (its test support). The outside plugins' tests
 * (the example the scaffold copies, the Vacations fixture) keep the same rule within their folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PluginManifest } from '@core/sdk/shared';
import {
  importedSpecifiers,
  readSource,
  REPO_ROOT,
  resolveSpecifier,
  sourceFilesUnder,
} from '@core/sdk/tooling/source-files';

/** The SDK's entry points a test may import. */
const SDK_ENTRIES = [
  '@core/sdk/shared',
  '@core/sdk/server',
  '@core/sdk/web',
  '@core/sdk/testing',
  '@core/sdk/testing-web',
];
/** What one plugin publishes to others: its manifest, its server and web entries, its shared/ folder and its service refs. */
const PUBLISHED = /^@plugins\/[a-z][a-z0-9-]*\/(manifest|server|server\/services|web|shared(\/.+)?)$/;

const PLUGIN_TESTS = join(REPO_ROOT, 'tests/plugins');
/** Outside plugins, each a folder with manifest.ts, its code and its tests/. */
const OUTSIDE_PLUGINS = [
  join(REPO_ROOT, 'examples/notes-plugin'),
  join(REPO_ROOT, '../shared/fixtures/vacations-plugin'),
];

/** Where a test file stands: the folders its relative imports may reach. */
interface TestPlace {
  /** The plugin whose tests these are. */
  readonly id: string;
  /** Its own code, its own tests, and the test folders of the plugins it depends on. */
  readonly folders: readonly string[];
  /** Whether it is a product plugin, which may import other plugins by `@plugins/…`. */
  readonly inProduct: boolean;
}

/** Why `file` may not import `specifier`, or null when it may. */
function violation(place: TestPlace, file: string, specifier: string): string | null {
  if (specifier.startsWith('@core/'))
    return SDK_ENTRIES.includes(specifier)
      ? null
      : `${specifier} (the kernel is reached through ${SDK_ENTRIES.join(', ')})`;
  if (specifier.startsWith('@host/')) return `${specifier} (the host is not for plugins)`;
  if (specifier.startsWith('@plugins/')) {
    if (!place.inProduct) return `${specifier} (an outside plugin imports its own files by relative paths)`;
    if (specifier.startsWith(`@plugins/${place.id}/`) || PUBLISHED.test(specifier)) return null;
    return `${specifier} (another plugin is imported by its manifest, server, server/services, web or shared/)`;
  }
  if (specifier.startsWith('.')) {
    const target = resolveSpecifier(specifier.replace(/\?raw$/, ''), file);
    if (!target) return `${specifier} (not found)`;
    const inside = place.folders.some((folder) => target.startsWith(folder + sep));
    return inside
      ? null
      : `${specifier} (outside ${place.folders.map((folder) => relative(REPO_ROOT, folder)).join(', ')})`;
  }
  return null;
}

async function manifestOf(id: string): Promise<PluginManifest> {
  const exported = Object.values(
    (await import(pathToFileURL(join(REPO_ROOT, 'plugins', id, 'manifest.ts')).href)) as Record<string, unknown>,
  );
  const manifest = exported.find(
    (value): value is PluginManifest =>
      typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id,
  );
  if (!manifest) throw new Error(`plugins/${id}/manifest.ts exports no manifest with id "${id}"`);
  return manifest;
}

/** The product plugin `id`'s tests: its code, its tests and its dependencies' tests. */
async function productPlace(id: string): Promise<TestPlace> {
  const manifest = await manifestOf(id);
  const dependencies = [...manifest.dependencies, ...(manifest.optionalDependencies ?? [])];
  const folders = [
    join(REPO_ROOT, 'plugins', id),
    join(PLUGIN_TESTS, id),
    ...dependencies.map((dependency) => join(PLUGIN_TESTS, dependency)),
  ];
  return { id, folders, inProduct: true };
}

function problemsIn(place: TestPlace, files: readonly string[]): string[] {
  return files.flatMap((file) =>
    importedSpecifiers(readSource(file)).flatMap((specifier) => {
      const problem = violation(place, file, specifier);
      return problem ? [`${relative(REPO_ROOT, file)}: ${problem}`] : [];
    }),
  );
}

describe("plugins' tests", () => {
  const ids = readdirSync(PLUGIN_TESTS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  let places: TestPlace[] = [];
  beforeAll(async () => {
    places = await Promise.all(ids.map(productPlace));
  });

  it('import the SDK, their plugin, other plugins’ published parts and their own test support, not the kernel', () => {
    expect(ids).toEqual(expect.arrayContaining(['admin', 'finance', 'shop']));
    expect(places.flatMap((place) => problemsIn(place, sourceFilesUnder(join(PLUGIN_TESTS, place.id))))).toEqual([]);
  });

  it('of outside plugins keep to the SDK and their own folder', () => {
    for (const folder of OUTSIDE_PLUGINS)
      expect(existsSync(join(folder, 'tests')), `${folder}/tests (CI runs with ../shared beside the clone)`).toBe(true);
    const problems = OUTSIDE_PLUGINS.flatMap((folder) =>
      problemsIn({ id: 'outside', folders: [folder], inProduct: false }, sourceFilesUnder(join(folder, 'tests'))),
    );
    expect(problems).toEqual([]);
  });

  it('tells each kind of stray import apart', async () => {
    const shop = await productPlace('shop');
    const file = join(PLUGIN_TESTS, 'shop/server/shop-support.ts');
    expect(violation(shop, file, '@core/sdk/testing')).toBeNull();
    expect(violation(shop, file, '@core/sdk/testing/test-app')).toMatch(
      /the kernel is reached through @core\/sdk\/shared/,
    );
    expect(violation(shop, file, '@core/server/demo-context')).toMatch(/^@core\/server\/demo-context \(the kernel/);
    expect(violation(shop, file, '@host/server/plugins')).toMatch(/host/);
    expect(violation(shop, file, '@plugins/shop/server/orders')).toBeNull();
    expect(violation(shop, file, '@plugins/finance/server')).toBeNull();
    expect(violation(shop, file, '@plugins/finance/shared/pay')).toBeNull();
    expect(violation(shop, file, '@plugins/finance/server/services')).toBeNull();
    expect(violation(shop, file, '@plugins/finance/server/money/usd')).toMatch(
      /by its manifest, server, server\/services, web or shared/,
    );
    expect(violation(shop, file, '../../messenger/server/messenger-support')).toBeNull();
    expect(violation(shop, file, '../../tracker/server/tracker-support')).toMatch(/outside plugins\/shop/);
    expect(violation(shop, file, '../../../support/server/test-database')).toMatch(/outside/);
    expect(violation(shop, file, 'fastify')).toBeNull();
    const outside = { id: 'outside', folders: [OUTSIDE_PLUGINS[0]!], inProduct: false };
    const test = join(OUTSIDE_PLUGINS[0]!, 'tests/server/notes.test.ts');
    expect(violation(outside, test, '../../server/index')).toBeNull();
    expect(violation(outside, test, '@plugins/finance/server')).toMatch(/relative paths/);
    expect(violation(outside, test, '@core/server/plugin')).toMatch(/the kernel/);
  });
});
