import { Container } from 'inversify';
import type { PluginManifest } from '@core/shared/manifest';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import { sdkRangeProblem } from '@core/sdk/compatibility';
import { HttpClients } from '../http/http-clients';
import { webPlugin, type PluginCode, type WebPlugin } from '../plugins/define-plugin';
import { EnabledPlugins, PluginHost } from '../plugins/plugin-host';
import { AuthService } from '../services/auth-service';
import { I18nService } from '../services/i18n-service';
import { PermissionService } from '../services/permission-service';
import { SessionStore } from '../services/session-store';
import { ThemeService } from '../services/theme-service';
import { ToastService } from '../services/toast-service';
import { ColorSchemeQueryToken } from '../theme/color-scheme-query';
import { TranslationContributionToken } from './contributions';
import {
  BrowserStorage,
  CookieReaderToken,
  PageNavigatorToken,
  RuntimeConfigToken,
  type CookieReader,
  type PageNavigator,
} from './environment';
import { KernelContainer } from './kernel-container';

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
export function createKernel(config: RuntimeConfig, enabled: readonly WebPlugin[], environment: KernelEnvironment): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(KernelContainer).toConstantValue(container);
  container.bind(RuntimeConfigToken).toConstantValue(config);
  container.bind(BrowserStorage).toConstantValue(environment.storage);
  container.bind(PageNavigatorToken).toConstantValue(environment.navigator);
  container.bind(CookieReaderToken).toConstantValue(environment.cookies);
  container.bind(ColorSchemeQueryToken).toConstantValue(environment.colorSchemeQuery);
  container.bind(EnabledPlugins).toConstantValue(enabled);
  container.bind(SessionStore).toSelf();
  container.bind(PermissionService).toSelf();
  container.bind(I18nService).toSelf();
  container.bind(ToastService).toSelf();
  container.bind(ThemeService).toSelf();
  container.bind(HttpClients).toSelf();
  container.bind(AuthService).toSelf();
  container.bind(PluginHost).toSelf();
  for (const plugin of enabled) {
    const namespace = plugin.manifest.namespaces[0] ?? plugin.manifest.id;
    container.bind(TranslationContributionToken).toConstantValue({
      namespace,
      load: async (language) => (await plugin.translations[language]()).default,
    });
  }
  return container;
}

/**
 * The enabled plugins: each manifest the server published (in its order) joined with this build's
 * code for it. A manifest this build has no code for is reported in `unknown` and left out; one
 * written for another SDK is left out with the line saying why in `refused`.
 */
export function enabledPlugins(
  manifests: readonly PluginManifest[],
  code: Readonly<Record<string, PluginCode>>,
): { enabled: WebPlugin[]; unknown: string[]; refused: string[] } {
  const enabled: WebPlugin[] = [];
  const unknown: string[] = [];
  const refused: string[] = [];
  for (const manifest of manifests) {
    const loaders = Object.hasOwn(code, manifest.id) ? code[manifest.id] : undefined;
    const sdkProblem = sdkRangeProblem(manifest);
    if (!loaders) unknown.push(manifest.id);
    else if (sdkProblem) refused.push(sdkProblem);
    else enabled.push(webPlugin(manifest, loaders));
  }
  return { enabled, unknown, refused };
}
