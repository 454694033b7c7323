import type { Layout } from '../../services/theme-service';

/** The sidebar closes below this window width and opens above it. */
export const SIDEBAR_BREAKPOINT_PX = 1400;

/** Sidebar widths; the horizontal layout has no side column. */
export const SIDEBAR_WIDTHS: Readonly<Record<Exclude<Layout, 'horizontal'>, number>> = {
  vertical: 280,
  'two-column': 360,
  hovered: 80,
};

/** The hovered rail, opened by hover or focus, shows labels at the vertical layout's width. */
export const HOVERED_EXPANDED_WIDTH = SIDEBAR_WIDTHS.vertical;

/** The two-column layout's icon column; the selected group's items get the rest of its width. */
export const TWO_COLUMN_RAIL_WIDTH = 72;

/** Fixed so the docked sidebar and the narrow-window overlay can start right under it. */
export const TOP_BAR_HEIGHT = 56;
