/**
 * External plugins for tests: a remote described as /config.json describes it, the files the
 * server would serve for it (answered by a stubbed `fetch`), and a fake federation runtime giving
 * the exposed module, so the loader runs without loading any script.
 */
import { vi, type Mock } from 'vitest';
import { ContainerModule } from 'inversify';
import type { PluginManifest } from '@core/shared/manifest';
import type { RemotePlugin } from '@core/shared/runtime-config';
import { RouteContributionToken, type TranslationBundle } from '@core/web/kernel/contributions';
import { enabledPlugins } from '@core/web/kernel/create-kernel';
import { definePluginCode, type PluginCode, type WebPlugin } from '@core/web/plugins/define-plugin';
import type { ExposedModuleRequest, FederationSeam } from '@core/web/plugins/federation';
import { PluginNotices } from '@core/web/plugins/plugin-notices';
import { remotePluginCodes } from '@core/web/plugins/remote-plugins';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../support/web/fetch';
import { testManifest, testPage } from '../../../support/web/test-plugin';

/** How /config.json describes the remote of plugin `id`, under /plugins/<id>/. */
export function remoteOf(id: string): RemotePlugin {
  return {
    entry: `/plugins/${id}/mf-manifest.json`,
    container: `erp_plugin_${id}`,
    expose: './plugin',
    translations: { en: `/plugins/${id}/i18n/en.json`, ru: `/plugins/${id}/i18n/ru.json` },
  };
}

/** The manifest of an external plugin with one page, `/<id>`, requiring `FW`. */
export function remoteManifest(id: string, overrides: Partial<PluginManifest> = {}): PluginManifest {
  return testManifest(id, { pages: [{ path: `/${id}`, titleKey: `${id}:title`, requires: 'FW' }], ...overrides });
}

/** An mf-manifest.json as rspack writes it for a remote sharing `shared` (name → wanted range) with `import: false`. */
export function federationManifest(id: string, shared: Readonly<Record<string, string>> = {}): unknown {
  const container = `erp_plugin_${id}`;
  const assets = { js: { sync: [], async: [] }, css: { sync: [], async: [] } };
  return {
    id: container,
    name: container,
    metaData: {
      name: container,
      globalName: container,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: Object.entries(shared).map(([name, requiredVersion]) => ({
      id: `${container}:${name}`,
      name,
      version: '',
      requiredVersion,
      singleton: true,
      assets,
    })),
    remotes: [],
    exposes: [{ id: `${container}:plugin`, name: 'plugin', path: './plugin', assets }],
  };
}

/** What the server answers for a path: a response, or a status for an empty answer. */
export type Served = Readonly<Record<string, (() => Response) | number>>;

/** The files of a working remote for `id`: its federation manifest and its strings titled `title`. */
export function remoteFiles(id: string, title: string, shared: Readonly<Record<string, string>> = {}): Served {
  const bundle = (text: string): TranslationBundle => ({ title: text });
  return {
    [`/plugins/${id}/mf-manifest.json`]: () => jsonResponse(200, federationManifest(id, shared)),
    [`/plugins/${id}/i18n/en.json`]: () => jsonResponse(200, bundle(title)),
    [`/plugins/${id}/i18n/ru.json`]: () => jsonResponse(200, bundle(`${title} (ru)`)),
  };
}

/** Answers `fetch` from `files` by path (404 for anything else) and returns the requests seen. */
export function serve(files: Served): SeenRequest[] {
  return stubFetch((request) => {
    const answer = files[new URL(request.url).pathname] ?? 404;
    return typeof answer === 'number' ? new Response(null, { status: answer }) : answer();
  });
}

/** The exposed module of a remote: its default export is the plugin's code, whose `load` gives `module`. */
export function exposedPlugin(module: ContainerModule | (() => Promise<{ readonly default: ContainerModule }>)): {
  readonly default: PluginCode;
} {
  const fail = () =>
    Promise.reject(new Error('the host reads strings from the URLs of /config.json, not from the remote'));
  const load = typeof module === 'function' ? module : async () => ({ default: module });
  return { default: definePluginCode({ translations: { en: fail, ru: fail }, load }) };
}

/** The module a remote plugin loads by default: its page. */
export function pageModule(id: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(RouteContributionToken).toConstantValue({ path: `/${id}`, component: testPage(id, `/${id}`) });
  });
}

export interface FakeFederation extends FederationSeam {
  readonly loadExposed: Mock<FederationSeam['loadExposed']>;
}

/** A federation runtime answering each remote's container from `modules` (rejecting for any other). */
export function fakeFederation(modules: Readonly<Record<string, () => Promise<unknown>>>): FakeFederation {
  return {
    loadExposed: vi.fn(async (request: ExposedModuleRequest) => {
      const load = modules[request.container];
      if (!load)
        throw new Error(`Failed to load script resources of ${request.container}: remoteEntry.js answered 404`);
      return load();
    }),
  };
}

export interface RemoteSetup {
  readonly enabled: WebPlugin[];
  readonly refused: string[];
  readonly unknown: string[];
  readonly notices: PluginNotices;
}

/** The enabled plugins as the app joins them: built-in `code`, and a remote for each manifest in `remotes`. */
export function joinRemotes(
  manifests: readonly PluginManifest[],
  remotes: readonly string[],
  federation: FederationSeam,
  code: Readonly<Record<string, PluginCode>> = {},
): RemoteSetup {
  const notices = new PluginNotices();
  const descriptions = Object.fromEntries(remotes.map((id) => [id, remoteOf(id)]));
  const joined = enabledPlugins(
    manifests,
    code,
    remotePluginCodes(descriptions, { notices, federation: async () => federation }),
  );
  return { ...joined, notices };
}
