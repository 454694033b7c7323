import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { MenuGroup } from '@core/shared/manifest';
import type { SidebarGroup } from '../../plugins/navigation';
import { GroupTabs } from './GroupTabs';
import { SIDEBAR_WIDTHS } from './metrics';
import { groupOfPath } from './navigation-model';
import { useOnNavigation } from './on-navigation';
import { SidebarLink } from './SidebarLink';
import { useGroupLabel } from './use-group-label';

const useStyles = makeStyles({
  nav: { boxSizing: 'border-box', height: '100%', display: 'flex' },
  panel: {
    boxSizing: 'border-box',
    flexGrow: 1,
    minWidth: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
  },
  title: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});

/** The group the user picked, following the open page into its group whenever the page changes. */
function useSelectedGroup(groups: readonly SidebarGroup[]): [MenuGroup | undefined, (group: MenuGroup) => void] {
  const { pathname } = useLocation();
  const [picked, setPicked] = useState<MenuGroup | undefined>(() => groupOfPath(groups, pathname));
  // Only a navigation moves the selection; a new groups array on each render must not.
  useOnNavigation(pathname, () => {
    const current = groupOfPath(groups, pathname);
    if (current) setPicked(current);
  });
  // A group the user may no longer open (codes changed) falls back to the first one.
  const selected = groups.some(({ group }) => group === picked) ? picked : groups[0]?.group;
  return [selected, setPicked];
}

/** The "Two Column" layout, 360 px: the groups as an icon column (tabs) and the selected group's links beside it. */
export function TwoColumnNav({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const groupLabel = useGroupLabel();
  const baseId = useId();
  const [selected, select] = useSelectedGroup(groups);
  const current = groups.find(({ group }) => group === selected);
  const tabId = (group: MenuGroup) => `${baseId}-tab-${group}`;
  const panelId = `${baseId}-panel`;
  const width = SIDEBAR_WIDTHS['two-column'];

  return (
    <nav
      aria-label={t('shell.navigation')}
      className={styles.nav}
      data-layout="two-column"
      data-width={width}
      style={{ width }}
    >
      <GroupTabs groups={groups} selected={selected} onSelect={select} tabId={tabId} panelId={panelId} />
      {current && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(current.group)} className={styles.panel}>
          <div className={styles.title} aria-hidden="true">
            {groupLabel(current.group)}
          </div>
          {current.entries.map((entry) => (
            <SidebarLink key={`${entry.pluginId}.${entry.id}`} entry={entry} />
          ))}
        </div>
      )}
    </nav>
  );
}
