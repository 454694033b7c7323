import { useTranslation } from 'react-i18next';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { SidebarGroup } from '../../plugins/navigation';
import { HOVERED_EXPANDED_WIDTH, SIDEBAR_WIDTHS } from './metrics';
import { NavGroup } from './NavGroup';
import { SidebarLink } from './SidebarLink';
import { useGroupLabel } from './use-group-label';

const RAIL = SIDEBAR_WIDTHS.hovered;
const PANEL_PADDING = 8;
const ICON_SIZE = 20;
/** Link padding chosen so each icon sits in the middle of the closed rail and stays put when it opens. */
const ICON_INSET = (RAIL - 2 * PANEL_PADDING - ICON_SIZE) / 2;

/** A plain class name the panel's hover and focus rules can reach from outside each text. */
const FADE = 'erp-rail-fade';

const useStyles = makeStyles({
  // Keeps the 80 px in the page flow while the panel inside widens over the page.
  rail: { position: 'relative', height: '100%', flexShrink: 0 },
  panel: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    left: 0,
    boxSizing: 'border-box',
    width: `${RAIL}px`,
    overflowX: 'hidden',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${PANEL_PADDING}px`,
    backgroundColor: tokens.colorNeutralBackground1,
    transitionProperty: 'width, box-shadow',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    // Hover for the mouse, focus-within for the keyboard: either one opens the labels.
    ':hover': { width: `${HOVERED_EXPANDED_WIDTH}px`, boxShadow: tokens.shadow16 },
    ':focus-within': { width: `${HOVERED_EXPANDED_WIDTH}px`, boxShadow: tokens.shadow16 },
    [`:hover .${FADE}`]: { opacity: 1 },
    [`:focus-within .${FADE}`]: { opacity: 1 },
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  link: { paddingLeft: `${ICON_INSET}px` },
  // Hidden while closed but kept in the DOM, so each link's accessible name stays its label.
  fade: { opacity: 0, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
  group: {
    ':not(:first-child)': {
      borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
      paddingTop: tokens.spacingVerticalXS,
    },
  },
  // Keeps its height while closed, so opening the rail never moves a link from under the pointer.
  heading: { paddingLeft: `${ICON_INSET}px`, paddingTop: tokens.spacingVerticalXS },
});

/**
 * The "Hovered" layout: an 80 px icon rail that widens over the page, showing the group names and
 * link labels, while the pointer is on it or focus is in it.
 */
export function HoveredNav({ groups }: { groups: readonly SidebarGroup[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const groupLabel = useGroupLabel();
  return (
    <div className={styles.rail} data-layout="hovered" data-width={RAIL} style={{ width: RAIL }}>
      <nav aria-label={t('shell.navigation')} className={styles.panel}>
        {groups.map(({ group, entries }) => (
          <NavGroup
            key={group}
            label={groupLabel(group)}
            className={styles.group}
            headingClassName={mergeClasses(styles.heading, styles.fade, FADE)}
          >
            {entries.map((entry) => (
              <SidebarLink
                key={`${entry.pluginId}.${entry.id}`}
                entry={entry}
                className={styles.link}
                labelClassName={mergeClasses(styles.fade, FADE)}
              />
            ))}
          </NavGroup>
        ))}
      </nav>
    </div>
  );
}
