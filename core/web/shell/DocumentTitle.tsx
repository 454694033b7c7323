import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../react/container-context';
import { RuntimeConfigToken } from '../kernel/environment';
import { isRouteHandle } from './route-handle';

/** Sets the page title from the deepest route's title (else the product name) and scrolls to the top on navigation. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const config = useInjection(RuntimeConfigToken);
  const matches = useMatches();
  const { pathname } = useLocation();
  const titleKey = [...matches].reverse().map((match) => match.handle).find(isRouteHandle)?.titleKey;
  const title = titleKey ? t(titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${config.productName}` : config.productName;
  }, [title, config.productName]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
