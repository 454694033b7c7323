import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInstance } from '@module-federation/runtime';
import * as inversify from 'inversify';
import * as mobx from 'mobx';
import * as React from 'react';
import * as router from 'react-router-dom';
import * as sdkWeb from '@core/sdk/web';
import { SDK_VERSION } from '@core/sdk/version';
import { SHARED_PACKAGES, SHARED_SDK_ENTRIES } from '@core/shared/shared-packages';
import { checkSharedVersions, readManifestShared } from '@core/web/plugins/federation-manifest';
import { PluginHost } from '@core/web/plugins/plugin-host';
import { HOST_SHARED_REQUESTS, hostSharedModules } from '@core/web/plugins/shared-modules';
import { HOST_PACKAGE_VERSIONS, hostShareVersion, type SharedPackageName } from '@core/web/plugins/shared-versions';
import { federationManifest } from './remote-support';

afterEach(() => {
  vi.restoreAllMocks();
});

const REPO_ROOT = join(import.meta.dirname, '../../../..');

function installedVersion(name: string): string {
  const file = join(REPO_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

describe('the versions the host shares at', () => {
  it('are the installed packages’ versions', () => {
    const table = Object.entries(HOST_PACKAGE_VERSIONS) as [SharedPackageName, string][];
    expect(Object.fromEntries(table.map(([name]) => [name, installedVersion(name)]))).toEqual(HOST_PACKAGE_VERSIONS);
  });

  it('cover every package and SDK entry point a remote may consume, the SDK at SDK_VERSION', () => {
    const provided = [...SHARED_PACKAGES];
    for (const request of provided) expect(hostShareVersion(request), request).not.toBeNull();
    expect(hostShareVersion('react/jsx-runtime')).toBe(HOST_PACKAGE_VERSIONS.react);
    for (const entry of SHARED_SDK_ENTRIES) expect(hostShareVersion(entry)).toBe(SDK_VERSION);
    expect(hostShareVersion('left-pad')).toBeNull();
    // Icons are bundled by each remote, never shared (core/shared/shared-packages.ts).
    expect(hostShareVersion('@fluentui/react-icons')).toBeNull();
    expect([...HOST_SHARED_REQUESTS].sort()).toEqual([...provided, ...SHARED_SDK_ENTRIES].sort());
  });
});

describe('the shared modules the host provides', () => {
  /** What a remote consuming `request` receives from the provider. */
  async function provided(request: string): Promise<unknown> {
    const share = hostSharedModules()[request];
    if (!share || !('get' in share) || !share.get) throw new Error(`no provider for ${request}`);
    return (await share.get())();
  }

  it('are singletons at the host’s versions', () => {
    const shared = hostSharedModules();
    expect(shared.react).toMatchObject({ version: HOST_PACKAGE_VERSIONS.react, shareConfig: { singleton: true } });
    expect(shared['@core/sdk/web']).toMatchObject({ version: SDK_VERSION, shareConfig: { singleton: true } });
  });

  it('are the very modules the host runs, so a remote shares its React, MobX, container and kernel', async () => {
    expect(((await provided('react')) as typeof React).useState).toBe(React.useState);
    expect(((await provided('mobx')) as typeof mobx).observable).toBe(mobx.observable);
    expect(((await provided('inversify')) as typeof inversify).ContainerModule).toBe(inversify.ContainerModule);
    expect(((await provided('@core/sdk/web')) as typeof sdkWeb).PluginHost).toBe(PluginHost);
    expect(sdkWeb.PluginHost).toBe(PluginHost);
  });

  it('give a remote the host’s own router API, every name a plugin of ours or the example outside plugin imports', async () => {
    const api = (await provided('react-router-dom')) as Record<string, unknown>;
    expect(api.useNavigate).toBe(router.useNavigate);
    expect(api.Link).toBe(router.Link);
    const sources = [join(REPO_ROOT, 'plugins'), join(REPO_ROOT, 'examples')].flatMap((folder) =>
      (
        readdirSync(folder, { recursive: true, withFileTypes: true }) as {
          name: string;
          parentPath: string;
          isFile(): boolean;
        }[]
      )
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8')),
    );
    const imported = new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router-dom'/g)].flatMap((match) =>
          (match[1] ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name !== '' && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0] ?? name),
        ),
      ),
    );
    expect(imported.size).toBeGreaterThan(3);
    expect([...imported].filter((name) => !(name in api))).toEqual([]);
    // The data-router half of the package stays out of the host's build.
    expect(api.createBrowserRouter).toBeUndefined();
  });

  it('serve a real federation runtime: a remote asking for React gets the host’s, even at a range it does not hold', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const federation = createInstance({ name: 'erp_host_test', remotes: [], shared: hostSharedModules() });
    const matching = await federation.loadShare<typeof React>('react', {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^19.0.0' } },
    });
    expect(matching && matching()?.useState).toBe(React.useState);
    const wantingAnother = await federation.loadShare<typeof React>('react', {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^20.0.0' } },
    });
    expect(wantingAnother && wantingAnother()?.useState).toBe(React.useState);
  });
});

describe('checking a remote’s shared versions', () => {
  it('reads the shared list of an mf-manifest.json', () => {
    expect(
      readManifestShared(federationManifest('notes', { react: '^19.3.1', '@core/sdk/web': '^1.0.0' }), '/m.json'),
    ).toEqual([
      { name: 'react', requiredVersion: '^19.3.1' },
      { name: '@core/sdk/web', requiredVersion: '^1.0.0' },
    ]);
    expect(() => readManifestShared('<!doctype html>', '/m.json')).toThrow(
      '/m.json is not a Module Federation manifest',
    );
    expect(() => readManifestShared({ shared: [] }, '/m.json')).toThrow('is not a Module Federation manifest');
  });

  it('reports a range the host’s version misses, and a package the host does not provide', () => {
    const future = `^${Number(SDK_VERSION.split('.')[0]) + 1}.0.0`;
    const check = checkSharedVersions([
      { name: 'react', requiredVersion: '^19.0.0' },
      { name: 'mobx', requiredVersion: '^8.0.0' },
      { name: '@core/sdk/web', requiredVersion: future },
      { name: 'lodash', requiredVersion: '^4.0.0' },
      { name: 'inversify', requiredVersion: null },
    ]);
    expect(check.mismatches).toEqual([
      { request: 'mobx', wanted: '^8.0.0', host: HOST_PACKAGE_VERSIONS.mobx },
      { request: '@core/sdk/web', wanted: future, host: SDK_VERSION },
      { request: 'lodash', wanted: '^4.0.0', host: null },
    ]);
    expect(check.unchecked).toEqual([]);
  });

  it('leaves a range it cannot read unchecked rather than calling it a mismatch', () => {
    const check = checkSharedVersions([{ name: 'react', requiredVersion: '~19.3.0' }]);
    expect(check).toEqual({ mismatches: [], unchecked: [{ name: 'react', requiredVersion: '~19.3.0' }] });
  });
});
