import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../react/container-context';
import { RuntimeConfigToken } from '../kernel/environment';
import { PageTitle } from '../services/page-title';
import { PermissionService } from '../services/permission-service';
import { SessionStore } from '../services/session-store';
import { isRouteHandle } from './route-handle';

/**
 * Sets the page title from the page's own title (PageTitle: a record's label), else the screen's name
 * with its area where that name is ambiguous, else the deepest matched route's title, else the product name ("No access" on a page the user may not open), and scrolls to
 * the top on navigation.
 */
export const DocumentTitle = observer(function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const { t } = useTranslation();
  const config = useInjection(RuntimeConfigToken);
  const permissions = useInjection(PermissionService);
  const session = useInjection(SessionStore);
  const pageTitle = useInjection(PageTitle);
  const own = pageTitle.current;
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const handle = [...matches]
    .reverse()
    .map((match) => match.route.handle as unknown)
    .find(isRouteHandle);
  // Signed out, the guard is about to send the user to sign in: the page's own title stays meanwhile.
  const refused = session.user !== null && handle?.requires !== undefined && !permissions.allows(handle.requires);
  const titleKey = refused ? 'noAccess.title' : handle?.titleKey;
  // A page that names itself from its data (a record's label) wins, unless the user may not see it;
  // then a screen whose name another area shares, titled with its area ("Finance › Positions").
  const ownTitle = refused ? null : (own ?? pageTitle.withArea);
  const title = ownTitle ? ownTitle : titleKey ? t(titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${config.productName}` : config.productName;
  }, [title, config.productName]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: each new page opens at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return null;
});
