import type { ReactNode } from 'react';
import { Badge, Tooltip, makeStyles, type BadgeProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  tooltip: { maxWidth: '360px' },
});

export interface StatusBadgeProps {
  /** The badge's words: the state's label in the reader's language. */
  readonly children: ReactNode;
  readonly color: NonNullable<BadgeProps['color']>;
  /**
   * What the state means and the facts behind it, shown on hover and on keyboard focus. Without it
   * the badge is its words alone (a declared tone the engine draws), and takes no focus.
   */
  readonly details?: ReactNode;
  /** Data attributes for tests and styles (`{ 'data-sync-state': 'failed' }`). */
  readonly data?: Readonly<Record<`data-${string}`, string>>;
}

/**
 * A state as a coloured badge whose details open in a tooltip on hover and on keyboard focus (the
 * badge is focusable) and are read out as its description by screen readers: a status column's cell.
 */
export function StatusBadge({ children, color, details, data }: StatusBadgeProps) {
  const styles = useStyles();
  if (details === undefined) {
    return (
      <Badge appearance="tint" color={color} {...data}>
        {children}
      </Badge>
    );
  }
  return (
    <Tooltip
      relationship="description"
      withArrow
      positioning="above-start"
      content={{ className: styles.tooltip, children: details }}
    >
      <Badge appearance="tint" color={color} tabIndex={0} {...data}>
        {children}
      </Badge>
    </Tooltip>
  );
}
