import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../react/container-context';
import { RuntimeConfigToken } from '../kernel/environment';
import { isRouteHandle } from './route-handle';

/** Sets the page title from the deepest matched route's title (else the product name) and scrolls to the top on navigation. */
export function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const { t } = useTranslation();
  const config = useInjection(RuntimeConfigToken);
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const titleKey = [...matches].reverse().map((match) => match.route.handle as unknown).find(isRouteHandle)?.titleKey;
  const title = titleKey ? t(titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${config.productName}` : config.productName;
  }, [title, config.productName]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return null;
}
