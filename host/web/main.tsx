import { createRoot, type Root } from 'react-dom/client';
import './global.css';
import type { PublishedConfig } from '@core/shared/runtime-config';
import { SignInScreen } from '@core/web/auth/SignInScreen';
import type { SignInActions, SignInHost } from '@core/web/auth/sign-in-host';
import { storedLanguage } from '@core/web/i18n/language';
import { loadLoginStrings } from '@core/web/i18n/login-strings';
import { readStoredUser, rememberRoute } from '@core/web/services/stored-session';
import { LOGIN_PATH } from '@core/web/shell/paths';
import { DARK_SCHEME_MEDIA } from '@core/web/theme/color-scheme-query';
import { storedThemeChoices } from '@core/web/theme/theme-choices';
import type { StartedApp } from './app';

/**
 * The first download: enough to show Login to a signed-out visitor. The app (kernel, shell, router,
 * i18next, both languages, the plugins' loaders) is the `app` chunk, fetched at once for a stored
 * user, and otherwise while the browser is idle on the sign-in screen, which never waits for it.
 */

const loadAppModule = (() => {
  let loading: Promise<typeof import('./app')> | null = null;
  return () => (loading ??= import(/* webpackChunkName: "app" */ './app'));
})();

async function readPublishedConfig(): Promise<PublishedConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as PublishedConfig;
}

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 200);
}

/** Sign-in on the bare screen: the kernel is started on first use and then serves every call. */
function bareSignInHost(config: PublishedConfig, root: Root, showFailure: (error: unknown) => void): SignInHost {
  let starting: Promise<StartedApp> | null = null;
  const app = () => (starting ??= loadAppModule().then((module) => module.startApp(config)));
  const actions = async (): Promise<SignInActions> => (await app()).signInActions;
  return {
    signIn: async (email, password) => (await actions()).signIn(email, password),
    signInWithTelegram: async (data) => (await actions()).signInWithTelegram(data),
    botLink: async () => (await actions()).botLink(),
    loginCode: async () => (await actions()).loginCode(),
    signInWithCode: async (code) => (await actions()).signInWithCode(code),
    proceed: () => void app().then((started) => started.renderAfterSignIn(root), showFailure),
    forgetFragment: () => window.history.replaceState(null, '', window.location.pathname + window.location.search),
  };
}

async function bootstrap(root: Root, showFailure: (error: unknown) => void): Promise<void> {
  const storage = window.localStorage;
  const configReading = readPublishedConfig();
  if (readStoredUser(storage) !== null) {
    const [module, config] = await Promise.all([loadAppModule(), configReading]);
    (await module.startApp(config)).render(root);
    return;
  }
  // A signed-out visitor of any page signs in first and comes back to it, as the guards would send them.
  const known = storedLanguage(storage);
  const earlyStrings = known === null ? null : loadLoginStrings(known);
  if (window.location.pathname !== LOGIN_PATH) {
    rememberRoute(storage, window.location.pathname + window.location.search);
    window.history.replaceState(null, '', LOGIN_PATH);
  }
  const config = await configReading;
  const language = known ?? config.defaultLanguage;
  const strings = await (earlyStrings ?? loadLoginStrings(language));
  document.documentElement.lang = language;
  root.render(
    <SignInScreen
      host={bareSignInHost(config, root, showFailure)}
      strings={strings}
      productName={config.productName}
      theme={storedThemeChoices(storage)}
      colorSchemeQuery={window.matchMedia(DARK_SCHEME_MEDIA)}
      fragment={window.location.hash}
    />,
  );
  whenIdle(
    () =>
      void loadAppModule().then(
        (module) => module.prefetchSignedIn(),
        () => undefined,
      ),
  );
}

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);
const showFailure = (error: unknown): void => {
  console.error(error);
  root.render('The application could not start. Please reload the page.');
};
bootstrap(root, showFailure).catch(showFailure);
