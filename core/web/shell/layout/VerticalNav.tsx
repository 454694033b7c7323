import { useTranslation } from 'react-i18next';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { SidebarGroup } from '../../plugins/navigation';
import { SIDEBAR_WIDTHS } from './metrics';
import { NavGroup } from './NavGroup';
import { useGroupFolding } from './sidebar-folding';
import { SidebarLink } from './SidebarLink';
import { useGroupLabel } from './use-group-label';

const useStyles = makeStyles({
  nav: {
    boxSizing: 'border-box',
    height: '100%',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
  },
});

/** The "Vertical" layout: every group's name with its links under it, 280 px wide; a group folds at its name. */
export function VerticalNav({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const groupLabel = useGroupLabel();
  const folding = useGroupFolding(groups);
  const width = SIDEBAR_WIDTHS.vertical;
  return (
    <nav
      aria-label={t('shell.navigation')}
      className={styles.nav}
      data-layout="vertical"
      data-width={width}
      style={{ width }}
    >
      {groups.map(({ group, entries }) => (
        <NavGroup
          key={group}
          label={groupLabel(group)}
          folding={{ open: folding.isOpen(group), onToggle: () => folding.toggle(group) }}
        >
          {entries.map((entry) => (
            <SidebarLink key={`${entry.pluginId}.${entry.id}`} entry={entry} />
          ))}
        </NavGroup>
      ))}
    </nav>
  );
}
