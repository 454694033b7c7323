import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useInjection } from '../react/container-context';
import { SessionStore } from '../services/session-store';

/** `/`: sign-in when signed out, the dashboard otherwise. */
export const HomeRedirect = observer(function HomeRedirect() {
  const session = useInjection(SessionStore);
  return <Navigate to={session.user ? '/dashboard/main' : '/login'} replace />;
});

/** Signed-out only: a stored user goes Home. */
export const SignedOutOnly = observer(function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useInjection(SessionStore);
  return session.user ? <Navigate to="/" replace /> : <>{children}</>;
});

/** Any guarded route: without a stored user, remember where they were going and sign in first. */
export const RequireSession = observer(function RequireSession({ children }: { children: ReactNode }) {
  const session = useInjection(SessionStore);
  const location = useLocation();
  if (!session.user) {
    session.rememberRoute(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
});
