import { useId, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  heading: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  toggle: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    width: '100%',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    fontFamily: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { color: tokens.colorNeutralForeground2Hover, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  chevron: { flexShrink: 0, fontSize: '12px' },
  // The `hidden` attribute alone loses to the group's `display: flex`.
  folded: { display: 'none' },
});

/** A group the user can fold: whether it is open, and what a press on its heading does. */
export interface NavGroupFolding {
  readonly open: boolean;
  readonly onToggle: () => void;
}

export interface NavGroupProps {
  readonly label: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly headingClassName?: string;
  /** Without it the group is always open and its heading is plain text. */
  readonly folding?: NavGroupFolding;
}

/**
 * A menu group's links under its name, announced as one group to screen readers. A foldable group's
 * heading is a disclosure button; folded, its links leave the page (and the tab order).
 */
export function NavGroup({ label, children, className, headingClassName, folding }: NavGroupProps) {
  const styles = useStyles();
  const headingId = useId();
  const linksId = useId();
  const open = folding?.open ?? true;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={mergeClasses(styles.group, className)}
      data-folded={open ? undefined : ''}
    >
      {folding ? (
        <button
          type="button"
          id={headingId}
          className={mergeClasses(styles.heading, styles.toggle, headingClassName)}
          aria-expanded={open}
          aria-controls={linksId}
          onClick={folding.onToggle}
        >
          <span className={styles.name}>{label}</span>
          {open ? (
            <ChevronDownRegular className={styles.chevron} />
          ) : (
            <ChevronRightRegular className={styles.chevron} />
          )}
        </button>
      ) : (
        <div id={headingId} className={mergeClasses(styles.heading, headingClassName)}>
          {label}
        </div>
      )}
      <div id={linksId} className={mergeClasses(styles.group, !open && styles.folded)} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
