// The lite build: modern browsers already have the Map and WeakMap the full build would polyfill.
import 'reflect-metadata/lite';
import type { Root } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
import type { PublishedConfig } from '@core/shared/runtime-config';
import { kernelSignInActions } from '@core/web/auth/kernel-sign-in';
import type { SignInActions } from '@core/web/auth/sign-in-host';
import { createKernel, enabledPlugins } from '@core/web/kernel/create-kernel';
import { readDocumentCookie, WindowNavigator } from '@core/web/kernel/environment';
import { pluginRouteTable } from '@core/web/plugins/navigation';
import { PluginHost } from '@core/web/plugins/plugin-host';
import { PluginNotices, showPluginNotices } from '@core/web/plugins/plugin-notices';
import { remotePluginCodes } from '@core/web/plugins/remote-plugins';
import { AuthService } from '@core/web/services/auth-service';
import { I18nService } from '@core/web/services/i18n-service';
import { SessionStore } from '@core/web/services/session-store';
import { AppRoot } from '@core/web/shell/AppRoot';
import { appRoutes, loadShell } from '@core/web/shell/create-app-router';
import { HOME_PATH } from '@core/web/shell/paths';
import { DARK_SCHEME_MEDIA } from '@core/web/theme/color-scheme-query';
import { PLUGIN_CODE } from './plugins';

/**
 * The app behind the sign-in screen: the kernel, i18next, the router, the plugins' code loaders.
 * A chunk of its own (main.tsx imports it lazily), so a signed-out visitor sees Login first.
 */
export interface StartedApp {
  /** Sign-in through the kernel's services, for the sign-in screen shown before the app. */
  readonly signInActions: SignInActions;
  /** Shows the app in `root` at the current address, replacing whatever it showed. */
  render(root: Root): void;
  /** After a sign-in on the bare sign-in screen: the app at the page the user was going to. */
  renderAfterSignIn(root: Root): void;
}

export async function startApp(config: PublishedConfig): Promise<StartedApp> {
  // External plugins' code: their remotes, loaded through Module Federation when first needed
  // (`?? {}`: a server from before external plugins publishes no `remotes`).
  const notices = new PluginNotices();
  const remotes = remotePluginCodes(config.remotes ?? {}, { notices });
  const { enabled, unknown, refused } = enabledPlugins(config.manifests, PLUGIN_CODE, remotes);
  if (unknown.length > 0)
    console.error(`configuration enables plugins neither this build nor a remote provides: ${unknown.join(', ')}`);
  for (const line of refused) console.error(line);
  const navigator = new WindowNavigator();
  const container = createKernel(config, enabled, {
    storage: window.localStorage,
    navigator,
    cookies: readDocumentCookie,
    colorSchemeQuery: window.matchMedia(DARK_SCHEME_MEDIA),
  });
  showPluginNotices(notices, container);
  const session = container.get(SessionStore);
  if (session.isSignedIn) void loadShell();
  await container.get(I18nService).ready;
  const host = container.get(PluginHost);
  if (session.isSignedIn) {
    preloadPluginOf(host, window.location.pathname);
    // The shell's sidebar waits for every plugin's strings: asked for now, beside the page's code, not
    // once the shell draws. A failure is the plugin host's to report and retry when the plugin loads.
    void container
      .get(I18nService)
      .loadNamespaces(host.namespaces)
      .catch(() => undefined);
  }
  const routes = appRoutes(host);
  // The stored codes may be stale: read them again from the current-user call, which is where they come from.
  if (session.isSignedIn)
    void container
      .get(AuthService)
      .refreshUser()
      .catch(() => undefined);
  const render = (root: Root): void =>
    root.render(
      <AppRoot container={container} routes={routes} onNavigate={(navigate) => navigator.useRouter(navigate)} />,
    );
  return {
    signInActions: kernelSignInActions(container),
    render,
    renderAfterSignIn: (root) => {
      window.history.replaceState(null, '', session.takeLastRoute() ?? HOME_PATH);
      render(root);
    },
  };
}

/**
 * A signed-in start fetches the code of the page it opens on (the shell, then the plugin that owns
 * the page) now, beside the strings, rather than one after the other as rendering reaches each.
 */
function preloadPluginOf(host: PluginHost, pathname: string): void {
  const owner = pluginRouteTable(host.manifests).find((entry) => matchPath(entry.path, pathname) !== null);
  if (owner) void host.ensureLoaded(owner.pluginId);
}

/** What the first signed-in page needs beyond this chunk, fetched while the user is still signing in. */
export function prefetchSignedIn(): Promise<unknown> {
  return loadShell();
}
