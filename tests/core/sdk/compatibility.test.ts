import { describe, expect, it } from 'vitest';
import { defineServerPlugin } from '@core/server/plugin';
import { SERVED_SDK_RANGE, sdkRangeProblem, servesSdkRange, type SdkHost } from '@core/sdk/compatibility';
import { checkSharedVersions } from '@core/web/plugins/federation-manifest';
import { SDK_VERSION } from '@core/sdk/shared';
import { enabledPlugins } from '@core/web/kernel/create-kernel';
import { ConfigError } from '@host/server/config';
import { selectPlugins } from '@host/server/plugin-selection';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { testManifest, testPlugin } from '../../support/web/test-plugin';

describe('sdkRangeProblem', () => {
  const host = (version: string, served = `^${version.split('.')[0]}.0.0`): SdkHost => ({ version, served });
  const v2 = host('2.0.0', '^1.5.0 || ^2.0.0');

  it('admits a plugin whose range starts at a version the host serves', () => {
    expect(sdkRangeProblem({ id: 'notes', sdk: '^1.0.0' }, host('1.3.0'))).toBeNull();
    expect(sdkRangeProblem({ id: 'notes', sdk: '^1.5.0' }, v2)).toBeNull();
    expect(sdkRangeProblem({ id: 'notes', sdk: '^2.0.0' }, v2)).toBeNull();
    expect(sdkRangeProblem({ id: 'notes', sdk: '>=1.6.0' }, v2)).toBeNull();
  });

  it('refuses with one line naming the plugin, its range and the host’s version', () => {
    expect(sdkRangeProblem({ id: 'notes', sdk: '^2.0.0' }, host('1.3.0'))).toBe(
      'plugin "notes" was written for SDK ^2.0.0; this host has SDK 1.3.0',
    );
    expect(sdkRangeProblem({ id: 'notes', sdk: '^1.4.0' }, host('1.3.0'))).toMatch(
      /^plugin "notes" was written for SDK \^1\.4\.0/,
    );
    expect(sdkRangeProblem({ id: 'notes', sdk: '^2.1.0' }, v2)).toBe(
      'plugin "notes" was written for SDK ^2.1.0; this host has SDK 2.0.0',
    );
  });

  it('refuses a range starting below what the host serves, saying what it serves', () => {
    expect(sdkRangeProblem({ id: 'notes', sdk: '^1.0.0' }, v2)).toBe(
      'plugin "notes" was written for SDK ^1.0.0, from 1.0.0; this host serves SDK ^1.5.0 || ^2.0.0 (it has 2.0.0)',
    );
    expect(sdkRangeProblem({ id: 'notes', sdk: '>=1.2.0' }, v2)).toMatch(/from 1\.2\.0; this host serves SDK/);
  });

  it('refuses a manifest without a range or with one it cannot read', () => {
    expect(sdkRangeProblem({ id: 'notes', sdk: '' }, host('1.0.0'))).toBe(
      'plugin "notes" does not say which SDK it was written for (manifest "sdk", e.g. "^1.0.0")',
    );
    // A manifest from outside the type system (an external plugin's JSON) may lack the field.
    expect(sdkRangeProblem({ id: 'notes' } as { id: string; sdk: string }, host('1.0.0'))).toMatch(
      /does not say which SDK/,
    );
    expect(sdkRangeProblem({ id: 'notes', sdk: '~1.0' }, host('1.0.0'))).toMatch(
      /^plugin "notes" has an SDK range "~1.0" that cannot be read/,
    );
    expect(sdkRangeProblem({ id: 'notes', sdk: '^1.0.0 ^2.0.0' }, host('1.0.0'))).toMatch(/admits no version/);
  });

  it('serves the SDK entry points a remote shares at its manifest’s range, where a package must satisfy its own', () => {
    expect(servesSdkRange('^1.5.0', v2)).toBe(true);
    expect(servesSdkRange('^1.0.0', v2)).toBe(false);
    const lowest = SERVED_SDK_RANGE.split('||').map((part) => part.trim().replace(/^\^/, ''))[0] ?? '';
    const check = checkSharedVersions(
      [
        { name: '@core/sdk/web', requiredVersion: `^${lowest}` },
        { name: 'react', requiredVersion: '^18.0.0' },
      ],
      (request) => (request === 'react' ? '19.2.0' : SDK_VERSION),
    );
    expect(check.mismatches).toEqual([{ request: 'react', wanted: '^18.0.0', host: '19.2.0' }]);
  });

  it('serves, on this host, plugins written for 1.5 and later 1.x and for 2.x, and refuses 1.0 to 1.4', () => {
    expect(sdkRangeProblem({ id: 'vacations', sdk: '^1.5.0' })).toBeNull();
    expect(sdkRangeProblem({ id: 'notes', sdk: '^2.0.0' })).toBeNull();
    expect(sdkRangeProblem({ id: 'old', sdk: '^1.0.0' })).toBe(
      `plugin "old" was written for SDK ^1.0.0, from 1.0.0; this host serves SDK ${SERVED_SDK_RANGE} (it has ${SDK_VERSION})`,
    );
  });

  it('admits every plugin this build holds', () => {
    for (const plugin of AVAILABLE_SERVER_PLUGINS)
      expect(sdkRangeProblem(plugin.manifest), plugin.manifest.id).toBeNull();
  });
});

describe('a plugin written for another SDK', () => {
  const future = `^${Number(SDK_VERSION.split('.')[0]) + 1}.0.0`;

  it('stops the server at start-up with a ConfigError naming it', () => {
    const plugin = defineServerPlugin({
      manifest: testManifest('notes', { sdk: future }),
      migrations: [],
      register: () => undefined,
    });
    expect(() => selectPlugins([plugin], ['notes'])).toThrow(ConfigError);
    expect(() => selectPlugins([plugin], ['notes'])).toThrow(
      `plugin "notes" was written for SDK ${future}; this host has SDK ${SDK_VERSION}`,
    );
    expect(selectPlugins([plugin], [])).toEqual([]);
  });

  it('is skipped by the browser’s plugin host, which says which and why', () => {
    const current = testPlugin({ id: 'wallets' });
    const outdated = testPlugin({ id: 'notes', sdk: future });
    const { enabled, refused } = enabledPlugins([outdated.manifest, current.manifest], {
      notes: outdated,
      wallets: current,
    });
    expect(enabled.map((plugin) => plugin.manifest.id)).toEqual(['wallets']);
    expect(refused).toEqual([`plugin "notes" was written for SDK ${future}; this host has SDK ${SDK_VERSION}`]);
  });
});
