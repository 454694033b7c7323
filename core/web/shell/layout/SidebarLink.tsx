import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { PluginSidebarEntry } from '../../plugins/navigation';
import { entryIcon } from './icons';

const useStyles = makeStyles({
  link: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '36px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    // Inset, so an overflow-clipped column (the hovered rail) never cuts the ring off.
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2Hover },
    // A bar at the start edge, so the current page is marked by shape as well as by colour.
    '::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandStroke1,
    },
  },
  icon: { flexShrink: 0, fontSize: '20px' },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface SidebarLinkProps {
  readonly entry: PluginSidebarEntry;
  readonly className?: string;
  readonly labelClassName?: string;
}

/** One sidebar entry: its icon and label, marked while its page (or one below it) is open. */
export function SidebarLink({ entry, className, labelClassName }: SidebarLinkProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const Icon = entryIcon(entry.icon, entry.group);
  const link = useRef<HTMLAnchorElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: each navigation may mark this entry.
  useEffect(() => {
    // The open screen's entry is brought into the sidebar's view: in a long sidebar it sat below the fold.
    if (link.current?.getAttribute('aria-current') === 'page') link.current.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);
  return (
    <NavLink
      ref={link}
      to={entry.path}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active, className)}
    >
      <Icon className={styles.icon} />
      <span className={mergeClasses(styles.label, labelClassName)}>{t(entry.labelKey)}</span>
    </NavLink>
  );
}
