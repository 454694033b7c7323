import { useId, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

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
});

export interface NavGroupProps {
  readonly label: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly headingClassName?: string;
}

/** A menu group's links under its name, announced as one group to screen readers. */
export function NavGroup({ label, children, className, headingClassName }: NavGroupProps) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className={mergeClasses(styles.group, className)}>
      <div id={headingId} className={mergeClasses(styles.heading, headingClassName)}>
        {label}
      </div>
      {children}
    </div>
  );
}
