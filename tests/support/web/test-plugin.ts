/**
 * Plugins made up for tests: a valid manifest in one line, and a `WebPlugin` whose `load` and
 * translation loaders are spies, so a test can tell when (and how often) the host fetched them.
 *
 * ```ts
 * const wallets = testPlugin({ id: 'wallets', pages: [{ path: '/wallets', titleKey: 'wallets:title', requires: 'FW' }] });
 * const kernel = await createTestKernel({ plugins: [wallets] });
 * expect(wallets.load).not.toHaveBeenCalled();
 * ```
 */
import { vi, type Mock } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { ContainerModule } from 'inversify';
import type { PageNavEntry, PluginManifest, PluginPage } from '@core/shared/manifest';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { Language } from '@core/shared/runtime-config';
import { RouteContributionToken, type TranslationBundle } from '@core/web/kernel/contributions';
import type { TranslationLoader, WebPlugin } from '@core/web/plugins/define-plugin';

/** A manifest that passes `manifestProblems`: namespace and title named after the id. */
export function testManifest(id: string, overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id,
    version: '1.0.0',
    sdk: '^2.0.0',
    titleKey: `${id}:title`,
    service: 'system',
    dependencies: [],
    namespaces: [id],
    pages: [],
    ...overrides,
  };
}

/** A page with a sidebar entry: titled `test:nav.<id>`, in the main group, requiring JA unless overridden. */
export function testNavPage(
  id: string,
  path: string,
  overrides: Partial<PageNavEntry> & { readonly requires?: PermissionRequirement; readonly titleKey?: string } = {},
): PluginPage {
  const { requires = 'JA', titleKey = `test:nav.${id}`, ...nav } = overrides;
  return { path, titleKey, requires, nav: { group: 'main', ...nav } };
}

/** The page a test plugin contributes for `path`: a paragraph saying which plugin and path it is. */
export function testPage(pluginId: string, path: string): ComponentType {
  function TestPage() {
    return createElement('p', { 'data-testid': 'plugin-page' }, `${pluginId} page at ${path}`);
  }
  return TestPage;
}

/** Binds a route contribution (a `testPage`) for every page of the manifest. */
export function routesModule(manifest: PluginManifest): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const route of manifest.pages) {
      bind(RouteContributionToken).toConstantValue({ path: route.path, component: testPage(manifest.id, route.path) });
    }
  });
}

export interface TestPluginOptions extends Partial<Omit<PluginManifest, 'id'>> {
  readonly id: string;
  /** What loading the plugin binds; by default `routesModule(manifest)`. */
  readonly module?: ContainerModule;
  /** The plugin's default namespace per language; by default `{ title: <Id> }` in both. */
  readonly bundles?: Partial<Record<Language, TranslationBundle>>;
  /** The title the default bundles give, e.g. 'Wallets'. */
  readonly title?: string;
}

export interface TestPlugin extends WebPlugin {
  readonly load: Mock<WebPlugin['load']>;
  readonly translations: Readonly<Record<Language, Mock<TranslationLoader>>>;
}

/**
 * A plugin whose `load` resolves to `module` and whose translation loaders resolve to `bundles`.
 * Make loading fail with e.g. `plugin.load.mockRejectedValueOnce(new Error('offline'))`.
 */
export function testPlugin(options: TestPluginOptions): TestPlugin {
  const { module, bundles, title, ...fields } = options;
  const manifest = testManifest(options.id, fields);
  const defaultTitle = title ?? options.id.charAt(0).toUpperCase() + options.id.slice(1);
  const bundleFor = (language: Language): TranslationBundle => bundles?.[language] ?? { title: defaultTitle };
  const containerModule = module ?? routesModule(manifest);
  return {
    manifest,
    translations: {
      en: vi.fn<TranslationLoader>(async () => ({ default: bundleFor('en') })),
      ru: vi.fn<TranslationLoader>(async () => ({ default: bundleFor('ru') })),
    },
    load: vi.fn<WebPlugin['load']>(async () => ({ default: containerModule })),
  };
}
