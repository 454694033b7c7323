import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { DashboardWidgetContribution } from '../../kernel/contributions';

/** Narrowest a card gets: a figure, its label and a change line fit without wrapping. */
const MIN_CARD_WIDTH = 280;

const useStyles = makeStyles({
  // Dense packing lets a narrow card fill the hole a wide one leaves at the end of a row.
  grid: {
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(min(${MIN_CARD_WIDTH}px, 100%), 1fr))`,
    gridAutoFlow: 'row dense',
    gap: tokens.spacingHorizontalL,
    alignItems: 'stretch',
  },
  cell: { minWidth: 0 },
  // Only where two columns surely fit (the page is wider than two cards and the sidebar), or the span would add a column.
  wide: { '@media (min-width: 960px)': { gridColumn: 'span 2' } },
});

export interface DashboardGridProps {
  /** Each drawn inside its plugin's boundary (`useSlotItems`), so one that throws leaves a notice in its cell. */
  readonly widgets: readonly DashboardWidgetContribution[];
}

/** The shown widgets in the user's order, each a card of the grid that fails on its own. */
export function DashboardGrid({ widgets }: DashboardGridProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid} data-testid="dashboard-grid">
      {widgets.map(({ id, component: Widget, span }) => (
        <div key={id} className={mergeClasses(styles.cell, span === 2 && styles.wide)} data-widget-id={id}>
          <Widget />
        </div>
      ))}
    </div>
  );
}
