import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { SidebarGroup } from '../../plugins/navigation';
import { useInjection } from '../../react/container-context';
import { PageTitle } from '../../services/page-title';
import { isUnder } from './navigation-model';
import { useScreenNames } from './use-screen-names';

const useStyles = makeStyles({
  trail: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    margin: `0 0 ${tokens.spacingVerticalS}`,
    padding: 0,
    listStyleType: 'none',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  current: { color: tokens.colorNeutralForeground2 },
  link: { color: tokens.colorBrandForegroundLink, ':hover': { color: tokens.colorBrandForegroundLinkHover } },
});

/**
 * "Area › Screen" above a screen whose name another area's screen has too (finance's and the shop's
 * Positions), so the page says which one it is; the document title says it too. Other screens
 * have no trail: their heading is unambiguous.
 */
export function AreaBreadcrumb({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pageTitle = useInjection(PageTitle);
  const { pathname } = useLocation();
  const nameOf = useScreenNames(groups);
  const entry = groups.flatMap(({ entries }) => entries).find((candidate) => isUnder(pathname, candidate.path));
  const name = entry ? nameOf(entry) : null;
  const area = name?.area ?? null;
  // Only the screen itself: a record page below it names itself from its data.
  const withArea = area && entry?.path === pathname ? (name?.full ?? null) : null;

  useEffect(() => {
    pageTitle.setWithArea(withArea);
    return () => pageTitle.setWithArea(null);
  }, [pageTitle, withArea]);

  if (!entry || !name || !area) return null;
  return (
    <nav aria-label={t('shell.breadcrumb')}>
      <ol className={styles.trail}>
        <li>{area}</li>
        <li aria-hidden="true">›</li>
        {entry.path === pathname ? (
          <li className={styles.current} aria-current="page">
            {name.label}
          </li>
        ) : (
          <li>
            <Link className={styles.link} to={entry.path}>
              {name.label}
            </Link>
          </li>
        )}
      </ol>
    </nav>
  );
}
