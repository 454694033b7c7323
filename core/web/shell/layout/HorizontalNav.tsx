import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  Menu,
  MenuButton,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { PluginSidebarEntry, SidebarGroup } from '../../plugins/navigation';
import { entryIcon, groupIcon } from './icons';
import { isUnder } from './navigation-model';
import { useGroupLabel } from './use-group-label';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  button: { fontWeight: tokens.fontWeightRegular },
  current: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground1 },
  },
  item: { textDecorationLine: 'none' },
  currentItem: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** A plain click moves inside the app; a modified one (new tab, new window) is left to the browser. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function EntryItem({ entry, current }: { entry: PluginSidebarEntry; current: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const Icon = entryIcon(entry.icon, entry.group);
  return (
    <MenuItemLink
      href={entry.path}
      icon={<Icon />}
      aria-current={current ? 'page' : undefined}
      className={mergeClasses(styles.item, current && styles.currentItem)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(entry.path);
      }}
    >
      {t(entry.labelKey)}
    </MenuItemLink>
  );
}

/** The "Horizontal" layout: a menu bar under the top bar, each group a menu button listing its links. */
export function HorizontalNav({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const groupLabel = useGroupLabel();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('shell.navigation')} className={styles.bar} data-layout="horizontal">
      {groups.map(({ group, entries }) => {
        const Icon = groupIcon(group);
        const holdsCurrent = entries.some((entry) => isUnder(pathname, entry.path));
        return (
          <Menu key={group} positioning="below-start">
            <MenuTrigger>
              <MenuButton
                appearance="subtle"
                icon={<Icon />}
                className={mergeClasses(styles.button, holdsCurrent && styles.current)}
              >
                {groupLabel(group)}
              </MenuButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {entries.map((entry) => (
                  <EntryItem
                    key={`${entry.pluginId}.${entry.id}`}
                    entry={entry}
                    current={isUnder(pathname, entry.path)}
                  />
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        );
      })}
    </nav>
  );
}
