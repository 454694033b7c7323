import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useContainer, useInjection } from '../react/container-context';
import { SessionStore } from '../services/session-store';
import { kernelSignInActions } from './kernel-sign-in';
import { LoginPage } from './LoginPage';
import { SignInStringsContext, type SignInHost } from './sign-in-host';

/** Login inside the running app (after a sign-out, or a session that expired): the kernel and router are at hand. */
export function LoginRoute() {
  const { t } = useTranslation();
  const container = useContainer();
  const session = useInjection(SessionStore);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const host = useMemo<SignInHost>(
    () => ({
      ...kernelSignInActions(container),
      proceed: () => navigate(session.takeLastRoute() ?? '/', { replace: true }),
      forgetFragment: () => navigate({ pathname, search }, { replace: true }),
    }),
    [container, session, navigate, pathname, search],
  );
  return (
    <SignInStringsContext.Provider value={t}>
      <LoginPage host={host} fragment={hash} />
    </SignInStringsContext.Provider>
  );
}
