import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lowestAdmitted } from '@core/sdk/semver';
import { main } from '@core/sdk/plugin-kit/main';
import { readExportReport, sdkNamesIn, sdkNeedsProblem, sdkUsage } from '@core/sdk/plugin-kit/sdk-usage';
import type { ExportReport } from '@core/sdk/tooling/export-report';
import { SDK_VERSION, type PluginManifest } from '@core/sdk/shared';

const root = resolve(import.meta.dirname, '../../..');
const report = readExportReport();

describe('sdkNamesIn', () => {
  it('reads the SDK names a source imports or re-exports, types too, by their exported names', () => {
    const source = [
      "import { BarChart, type ChartSeries as Series } from '@core/sdk/web';",
      "import type { PluginManifest } from '@core/sdk/shared';",
      "// import { PeopleCsv } from '@core/sdk/server';",
      "export { defineServerPlugin } from '@core/sdk/server';",
      "import { helper } from './helper';",
    ].join('\n');
    expect(sdkNamesIn(source)).toEqual([
      ['@core/sdk/web', 'BarChart'],
      ['@core/sdk/web', 'ChartSeries'],
      ['@core/sdk/shared', 'PluginManifest'],
      ['@core/sdk/server', 'defineServerPlugin'],
    ]);
  });
});

describe('the lowest SDK a plugin needs', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  /** A copy of the kernel-import fixture's manifest and strings, with `sdk` and web/index.ts as given. */
  function plugin(sdk: string, webIndex: string): string {
    const folder = mkdtempSync(join(tmpdir(), 'sdk-usage-'));
    folders.push(folder);
    cpSync(join(root, 'tests/fixtures/plugin-kit/kernel-import'), folder, { recursive: true });
    writeFileSync(
      join(folder, 'manifest.ts'),
      [
        "import type { PluginManifest } from '@core/sdk/shared';",
        `export default { id: 'charts', version: '0.1.0', sdk: '${sdk}', titleKey: 'charts:title', service: 'charts', dependencies: [], namespaces: ['charts'], pages: [] } satisfies PluginManifest;`,
      ].join('\n'),
    );
    writeFileSync(join(folder, 'web/index.ts'), webIndex);
    rmSync(join(folder, 'web/module.ts'));
    mkdirSync(join(folder, 'tests'));
    // The plugin's tests run against the SDK it is built with; they do not raise what the host must have.
    writeFileSync(join(folder, 'tests/late.test.ts'), "import { PeopleCsv } from '@core/sdk/server';\n");
    return folder;
  }

  it('is the newest `since` among the names the plugin imports, tests left out', () => {
    const usage = sdkUsage(
      plugin(
        '^1.5.0',
        "import { BarChart } from '@core/sdk/web';\nimport { defineResource } from '@core/sdk/shared';\n",
      ),
    );
    expect(usage.needs).toBe('1.5.0');
    expect(usage.newest).toMatchObject({
      name: 'BarChart',
      entry: '@core/sdk/web',
      since: '1.5.0',
      file: 'web/index.ts',
    });
  });

  it('refuses a manifest `^1.0.0` for a plugin that uses BarChart: erp-plugin build exits 1 with one line', async () => {
    const folder = plugin('^1.0.0', "import { BarChart } from '@core/sdk/web';\nexport default BarChart;\n");
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await main(['build'], folder)).toBe(1);
    expect(errors.mock.calls).toEqual([
      [
        'manifest.ts: manifest "sdk" is "^1.0.0", which admits SDK 1.0.0, but BarChart (@core/sdk/web, in web/index.ts) was added in SDK 1.5.0: make it "^1.5.0"',
      ],
    ]);
    expect(readdirSync(folder)).not.toContain('dist');
  });

  it('warns of each deprecated name, saying what replaces it', () => {
    const marked: ExportReport = {
      ...report,
      entries: {
        ...report.entries,
        '@core/sdk/web': {
          ...report.entries['@core/sdk/web'],
          BarChart: { kind: 'function', since: '1.5.0', deprecated: 'use LineChart' },
        },
      },
    };
    const usage = sdkUsage(plugin('^1.5.0', "import { BarChart } from '@core/sdk/web';\n"), marked);
    expect(usage.deprecated.map((use) => [use.name, use.deprecated])).toEqual([['BarChart', 'use LineChart']]);
  });
});

describe('the deprecated SDK a plugin uses', () => {
  it('names each deprecated import and 1.x context field, not a same-named field of something else', () => {
    const folder = mkdtempSync(join(tmpdir(), 'sdk-usage-members-'));
    try {
      mkdirSync(join(folder, 'server'));
      writeFileSync(
        join(folder, 'server/index.ts'),
        [
          "import { defineServerPlugin, usersService } from '@core/sdk/server';",
          'export default defineServerPlugin({',
          '  resourceHooks: {},',
          '  register(app, { db, messaging }) {',
          "    const id = 'tracker.performance';",
          '    return [usersService, db, messaging, id];',
          '  },',
          '});',
        ].join('\n'),
      );
      writeFileSync(
        join(folder, 'server/totals.ts'),
        'export const totals = (source: { performance: number }) => source.performance;\n',
      );
      const usage = sdkUsage(folder, report);
      expect(usage.deprecated.map((use) => `${use.name} ${use.file}`)).toEqual([
        'usersService server/index.ts',
        'ServerPlugin.resourceHooks server/index.ts',
        'ServerPluginContext.messaging server/index.ts',
      ]);
      expect(usage.deprecated.every((use) => use.deprecated?.startsWith('Since SDK 2.0'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the built-in plugins’ SDK ranges', () => {
  const builtIn = readdirSync(join(root, 'plugins')).filter((id) =>
    existsSync(join(root, 'plugins', id, 'manifest.ts')),
  );

  it('start at the lowest SDK that has every name each plugin imports', async () => {
    expect(builtIn.length).toBeGreaterThanOrEqual(7);
    for (const id of builtIn) {
      const exports = (await import(`../../../plugins/${id}/manifest.ts`)) as Record<string, unknown>;
      const manifest = Object.values(exports).find(
        (value): value is PluginManifest =>
          typeof value === 'object' && value !== null && 'sdk' in value && (value as PluginManifest).id === id,
      );
      if (!manifest) throw new Error(`plugins/${id}/manifest.ts exports no manifest with id "${id}"`);
      const usage = sdkUsage(join(root, 'plugins', id), report);
      expect(sdkNeedsProblem(manifest.sdk, usage), manifest.id).toBeNull();
      // Built with the host, a built-in plugin uses its major version's ways (hooks registered in
      // `register`, services it declares) that no imported name shows, so it may start at that major.
      expect([usage.needs, `${SDK_VERSION.split('.')[0]}.0.0`], `${manifest.id} claims more than it uses`).toContain(
        lowestAdmitted(manifest.sdk),
      );
    }
  });
});
