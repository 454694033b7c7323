import { StrictMode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import type { Translate } from '../i18n/login-strings';
import { applyToDocument, fluentThemeFor, schemeInEffect, type ThemeChoices } from '../theme/theme-choices';
import { LoginPage } from './LoginPage';
import { SignInStringsContext, type SignInHost } from './sign-in-host';

export interface SignInScreenProps {
  readonly host: SignInHost;
  readonly strings: Translate;
  readonly productName: string;
  /** The user's stored look: the screen wears it, as the app will once signed in. */
  readonly theme: ThemeChoices;
  readonly colorSchemeQuery: MediaQueryList;
  readonly fragment: string;
}

/**
 * The sign-in screen the first download shows to a signed-out visitor, without the kernel, the
 * router or i18next: Login in the user's theme and language, titled as the app titles it.
 */
export function SignInScreen({ host, strings, productName, theme, colorSchemeQuery, fragment }: SignInScreenProps) {
  const scheme = useSyncExternalStore(
    (changed) => {
      colorSchemeQuery.addEventListener('change', changed);
      return () => colorSchemeQuery.removeEventListener('change', changed);
    },
    () => schemeInEffect(theme.preference, colorSchemeQuery),
  );
  const fluentTheme = useMemo(() => fluentThemeFor(scheme, theme.primaryColor), [scheme, theme.primaryColor]);
  const title = strings('login.welcome');

  useEffect(() => applyToDocument(scheme, theme.dir), [scheme, theme.dir]);
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title, productName]);

  return (
    <StrictMode>
      <FluentProvider theme={fluentTheme} dir={theme.dir}>
        <SignInStringsContext.Provider value={strings}>
          <LoginPage host={host} fragment={fragment} />
        </SignInStringsContext.Provider>
      </FluentProvider>
    </StrictMode>
  );
}
