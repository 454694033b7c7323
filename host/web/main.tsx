// The lite build: modern browsers already have the Map and WeakMap the full build would polyfill.
import 'reflect-metadata/lite';
import { createRoot } from 'react-dom/client';
import './global.css';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import { createKernel, enabledPlugins } from '@core/web/kernel/create-kernel';
import { readDocumentCookie, WindowNavigator } from '@core/web/kernel/environment';
import { PluginHost } from '@core/web/plugins/plugin-host';
import { AuthService } from '@core/web/services/auth-service';
import { I18nService } from '@core/web/services/i18n-service';
import { SessionStore } from '@core/web/services/session-store';
import { AppRoot } from '@core/web/shell/AppRoot';
import { appRoutes } from '@core/web/shell/create-app-router';
import { DARK_SCHEME_MEDIA } from '@core/web/theme/color-scheme-query';
import { AVAILABLE_PLUGINS } from './plugins';

async function readRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

async function bootstrap(): Promise<void> {
  const config = await readRuntimeConfig();
  const { enabled, unknown } = enabledPlugins(AVAILABLE_PLUGINS, config.plugins);
  if (unknown.length > 0) console.error(`configuration enables plugins this build does not have: ${unknown.join(', ')}`);
  const navigator = new WindowNavigator();
  const container = createKernel(config, enabled, {
    storage: window.localStorage,
    navigator,
    cookies: readDocumentCookie,
    colorSchemeQuery: window.matchMedia(DARK_SCHEME_MEDIA),
  });
  await container.get(I18nService).ready;
  const routes = appRoutes(container.get(PluginHost));
  // The stored codes may be stale: read them again (spec §6, "loaded from the current-user call").
  if (container.get(SessionStore).isSignedIn) void container.get(AuthService).refreshUser().catch(() => undefined);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  createRoot(element).render(<AppRoot container={container} routes={routes} onNavigate={(navigate) => navigator.useRouter(navigate)} />);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  const element = document.getElementById('root');
  if (element) element.textContent = 'The application could not start. Please reload the page.';
});
