import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useInjection } from '../react/container-context';
import { SessionStore, type SessionUser } from '../services/session-store';
import { ENTER_EMAIL_PATH, HOME_PATH, LOGIN_PATH, MAIN_PATH } from './paths';

export { ENTER_EMAIL_PATH, HOME_PATH, LOGIN_PATH, MAIN_PATH };

/** The pages EnterEmail may be reached from: it is a step of signing in. */
const ENTER_EMAIL_ORIGINS: ReadonlySet<string> = new Set([LOGIN_PATH, ENTER_EMAIL_PATH]);

/**
 * Whether the stored user has an e-mail. The stored user is only known to be an object,
 * so the field is checked rather than trusted.
 */
export function hasEmail(user: SessionUser | null): boolean {
  const email: unknown = user?.email;
  return typeof email === 'string' && email.trim() !== '';
}

/**
 * Which page the user was last shown, as opposed to the locations guards only passed through on
 * the way. "Arriving from a page" means the former: a redirect hop is not a page.
 */
export class NavigationTrail {
  private shown: string | null = null;
  /** Keys of the locations a guard redirected away from; kept, so a repeated effect still sees them. */
  private readonly hops = new Set<string>();

  markHop(location: Location): void {
    this.hops.add(location.key);
  }

  /** Called once a location has been rendered. */
  settle(location: Location): void {
    if (!this.hops.has(location.key)) this.shown = location.pathname;
  }

  /** Null until the first page of this app start has been shown. */
  get lastPage(): string | null {
    return this.shown;
  }
}

const TrailContext = createContext<NavigationTrail | null>(null);

/** Records the pages shown under it for the guards; the app's root route renders it once. */
export function NavigationTrailProvider({ trail, children }: { trail: NavigationTrail; children: ReactNode }) {
  const location = useLocation();
  // Effects run children first, so a guard below has marked its hop before this settles the location.
  useEffect(() => trail.settle(location), [trail, location]);
  return <TrailContext.Provider value={trail}>{children}</TrailContext.Provider>;
}

interface HopState {
  /** The page the chain of redirects counts as coming from. */
  readonly from: string;
}

function hopOrigin(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return typeof state.from === 'string' ? state.from : null;
}

/** A guard's redirect: replaces the history entry, and is not counted as a page the user saw. */
function Redirect({ to, from }: { to: string; from?: string | null }) {
  const trail = useContext(TrailContext);
  const location = useLocation();
  trail?.markHop(location);
  const state: HopState | undefined = from ? { from } : undefined;
  return <Navigate to={to} replace state={state} />;
}

/** `/`: sign-in when signed out, Main with an e-mail, EnterEmail without one. */
export const HomeRedirect = observer(function HomeRedirect() {
  const session = useInjection(SessionStore);
  const location = useLocation();
  if (!session.user) return <Redirect to={LOGIN_PATH} />;
  // A hop through Home keeps the origin it was given, so Login → Home → EnterEmail still counts as from Login.
  return <Redirect to={hasEmail(session.user) ? MAIN_PATH : ENTER_EMAIL_PATH} from={hopOrigin(location.state)} />;
});

/** Signed-out only (Login): a stored user goes Home. */
export const SignedOutOnly = observer(function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useInjection(SessionStore);
  // Whoever Login sends on has arrived from Login; without that, EnterEmail's rule would loop back here.
  return session.user ? <Redirect to={HOME_PATH} from={LOGIN_PATH} /> : <>{children}</>;
});

/**
 * Any guarded route: without a stored user, remember where they were going and sign in first;
 * a user without an e-mail is held on EnterEmail until they give one.
 */
export const RequireSession = observer(function RequireSession({ children }: { children: ReactNode }) {
  const session = useInjection(SessionStore);
  const location = useLocation();
  if (!session.user) {
    session.rememberRoute(location.pathname + location.search);
    return <Redirect to={LOGIN_PATH} />;
  }
  if (!hasEmail(session.user)) return <Redirect to={ENTER_EMAIL_PATH} from={hopOrigin(location.state)} />;
  return <>{children}</>;
});

/**
 * EnterEmail: signed in without an e-mail, and arrived from Login or EnterEmail. A fresh
 * start of the app has no earlier page, so reloading EnterEmail keeps the user there.
 */
export const RequireMissingEmail = observer(function RequireMissingEmail({ children }: { children: ReactNode }) {
  const session = useInjection(SessionStore);
  const trail = useContext(TrailContext);
  const location = useLocation();
  if (!session.user) {
    session.rememberRoute(location.pathname + location.search);
    return <Redirect to={LOGIN_PATH} />;
  }
  if (hasEmail(session.user)) return <Redirect to={MAIN_PATH} />;
  const origin = hopOrigin(location.state) ?? trail?.lastPage ?? null;
  if (origin !== null && !ENTER_EMAIL_ORIGINS.has(origin)) return <Redirect to={LOGIN_PATH} />;
  return <>{children}</>;
});
