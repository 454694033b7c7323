import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { MenuGroup } from '@core/shared/manifest';
import type { SidebarGroup } from '../../plugins/navigation';
import { groupIcon } from './icons';
import { TWO_COLUMN_RAIL_WIDTH } from './metrics';
import { useGroupLabel } from './use-group-label';

const useStyles = makeStyles({
  rail: {
    boxSizing: 'border-box',
    flexShrink: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} 0`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  tab: {
    position: 'relative',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '48px',
    height: '48px',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontSize: '24px',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2Hover },
    // The same start-edge bar as a current link, so selection is marked by shape too.
    '::before': {
      content: '""',
      position: 'absolute',
      left: '-12px',
      top: '12px',
      bottom: '12px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandStroke1,
    },
  },
});

export interface GroupTabsProps {
  readonly groups: readonly SidebarGroup[];
  readonly selected: MenuGroup | undefined;
  readonly onSelect: (group: MenuGroup) => void;
  /** The id each tab gets, so the panel can name its tab. */
  readonly tabId: (group: MenuGroup) => string;
  readonly panelId: string;
}

const NEXT_KEYS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The two-column layout's icon column: a vertical tablist (ARIA tabs pattern, roving tabindex,
 * arrows select). Written out rather than Fluent's TabList, which is built for labelled tabs and
 * puts tabster's hidden focus guards inside the list (flagged by scanners, microsoft/tabster#288).
 */
export function GroupTabs({ groups, selected, onSelect, tabId, panelId }: GroupTabsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const groupLabel = useGroupLabel();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT_KEYS[event.key];
    const index = groups.findIndex(({ group }) => group === selected);
    if (!move || groups.length === 0) return;
    event.preventDefault();
    const next = groups[move(Math.max(index, 0), groups.length)];
    if (!next) return;
    onSelect(next.group);
    list.current?.ownerDocument.getElementById(tabId(next.group))?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="vertical"
      aria-label={t('shell.menuGroups')}
      className={styles.rail}
      style={{ width: TWO_COLUMN_RAIL_WIDTH }}
      onKeyDown={onKeyDown}
    >
      {groups.map(({ group }) => {
        const Icon = groupIcon(group);
        const isSelected = group === selected;
        return (
          <Tooltip key={group} content={groupLabel(group)} relationship="label" positioning="after">
            <button
              type="button"
              role="tab"
              id={tabId(group)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={mergeClasses(styles.tab, isSelected && styles.selected)}
              onClick={() => onSelect(group)}
            >
              <Icon />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
