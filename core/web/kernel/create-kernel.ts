import { Container } from 'inversify';
import type { PluginManifest } from '@core/shared/manifest';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';
import { sdkRangeProblem } from '@core/sdk/compatibility';
import { HttpClients } from '../http/http-clients';
import { webPlugin, type PluginCode, type WebPlugin } from '../plugins/define-plugin';
import { PluginFailures, refusedPluginCode } from '../plugins/plugin-failures';
import { EnabledPlugins, PluginHost } from '../plugins/plugin-host';
import { AuthService } from '../services/auth-service';
import { I18nService } from '../services/i18n-service';
import { PermissionService } from '../services/permission-service';
import { SessionStore } from '../services/session-store';
import { ThemeService } from '../services/theme-service';
import { ToastService } from '../services/toast-service';
import { ColorSchemeQueryToken } from '../theme/color-scheme-query';
import { RecordLinks } from '../resource/record/record-links';
import { PageTitle } from '../services/page-title';
import { PreferencesService } from '../services/preferences-service';
import { ResourceCatalogueService } from '../resource/record/resource-catalogue';
import { ReferenceLabels } from '../resource/reference-labels';
import { ReferenceApi } from '../resource/resource-api';
import { NotificationsStore } from '../notifications/notifications-store';
import { StoreContributionToken, TranslationContributionToken } from './contributions';
import {
  BrowserStorage,
  CookieReaderToken,
  PageNavigatorToken,
  RuntimeConfigToken,
  type CookieReader,
  type PageNavigator,
} from './environment';
import { bindContributionProvider } from './contribution-provider';
import { ModuleLoader } from './module-loader';

export interface KernelEnvironment {
  readonly storage: Storage;
  readonly navigator: PageNavigator;
  readonly cookies: CookieReader;
  readonly colorSchemeQuery: MediaQueryList;
}

/**
 * One container per app start: the core services as singletons, and the enabled plugins'
 * translations as contributions. Plugin code itself is bound later, by the plugin host, on demand.
 */
export function createKernel(
  config: RuntimeConfig,
  enabled: readonly WebPlugin[],
  environment: KernelEnvironment,
): Container {
  // Definitions leave out references into an optional dependency that is not enabled, as the server's do.
  declareRunningPlugins(enabled.map((plugin) => plugin.manifest));
  const container = new Container({ defaultScope: 'Singleton' });
  // Plugin code is bound on demand; the plugin host gets only the means to do that.
  container.bind(ModuleLoader).toConstantValue({
    load: (module) => container.loadAsync(module),
    unload: (module) => container.unloadAsync(module),
  });
  container.bind(RuntimeConfigToken).toConstantValue(config);
  container.bind(BrowserStorage).toConstantValue(environment.storage);
  container.bind(PageNavigatorToken).toConstantValue(environment.navigator);
  container.bind(CookieReaderToken).toConstantValue(environment.cookies);
  container.bind(ColorSchemeQueryToken).toConstantValue(environment.colorSchemeQuery);
  container.bind(EnabledPlugins).toConstantValue(enabled);
  // The points core services consume: each service takes its point's provider, not the container.
  bindContributionProvider(container, TranslationContributionToken);
  bindContributionProvider(container, StoreContributionToken);
  container.bind(SessionStore).toSelf();
  container.bind(PermissionService).toSelf();
  container.bind(I18nService).toSelf();
  container.bind(ToastService).toSelf();
  container.bind(PageTitle).toSelf();
  container.bind(ThemeService).toSelf();
  container.bind(HttpClients).toSelf();
  container.bind(AuthService).toSelf();
  container.bind(PreferencesService).toSelf();
  container.bind(PluginFailures).toSelf();
  container.bind(PluginHost).toSelf();
  // Record pages: the readable resources (one request per session, forgotten on sign-out) and their addresses.
  container.bind(ResourceCatalogueService).toSelf();
  container.bind(StoreContributionToken).toService(ResourceCatalogueService);
  container.bind(RecordLinks).toSelf();
  // Reference labels: one cache for every screen, so a label fetched once is reused; forgotten on sign-out.
  container
    .bind(ReferenceLabels)
    .toDynamicValue((context) => new ReferenceLabels(new ReferenceApi(context.get(HttpClients))));
  container.bind(StoreContributionToken).toService(ReferenceLabels);
  // The bell's count and newest notifications, with the live stream: forgotten (and closed) on sign-out.
  container.bind(NotificationsStore).toSelf();
  container.bind(StoreContributionToken).toService(NotificationsStore);
  for (const plugin of enabled) {
    const namespace = plugin.manifest.namespaces[0] ?? plugin.manifest.id;
    container.bind(TranslationContributionToken).toConstantValue({
      namespace,
      load: async (language) => (await plugin.translations[language]()).default,
    });
  }
  return container;
}

/** `record[key]` when it is the record's own (not an inherited name such as `constructor`). */
function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The enabled plugins: each manifest the server published (in its order) joined with its code:
 * this build's for a built-in plugin, else the external plugin's remote (`remotes`, from
 * /config.json). A manifest with neither is reported in `unknown` and left out. One written for
 * another SDK gets the line saying why in `refused`: a built-in one is left out, an external one
 * stays enabled with code that refuses to load (refusedPluginCode), so its pages and the error
 * toast say why instead of the page being missing. An external manifest the browser cannot serve
 * strings for is refused too, where a built-in one (a bug of this build) stops the start.
 */
export function enabledPlugins(
  manifests: readonly PluginManifest[],
  code: Readonly<Record<string, PluginCode>>,
  remotes: Readonly<Record<string, PluginCode>> = {},
): { enabled: WebPlugin[]; unknown: string[]; refused: string[] } {
  const enabled: WebPlugin[] = [];
  const unknown: string[] = [];
  const refused: string[] = [];
  for (const manifest of manifests) {
    const builtIn = ownEntry(code, manifest.id);
    const remote = builtIn ? undefined : ownEntry(remotes, manifest.id);
    const sdkProblem = sdkRangeProblem(manifest);
    if (builtIn && sdkProblem) refused.push(sdkProblem);
    else if (builtIn) enabled.push(webPlugin(manifest, builtIn));
    else if (!remote) unknown.push(manifest.id);
    // An external manifest is JSON from outside this build: a broken one costs that plugin, not the start.
    else if (!manifest.namespaces?.length) refused.push(`plugin "${manifest.id}" declares no i18n namespace`);
    else if (sdkProblem) {
      refused.push(sdkProblem);
      enabled.push(webPlugin(manifest, refusedPluginCode(remote, manifest, sdkProblem)));
    } else enabled.push(webPlugin(manifest, remote));
  }
  return { enabled, unknown, refused };
}
