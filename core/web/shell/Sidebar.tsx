import type { Layout } from '../services/theme-service';
import type { SidebarGroup } from '../plugins/navigation';
import { HoveredNav } from './layout/HoveredNav';
import { HorizontalNav } from './layout/HorizontalNav';
import { TwoColumnNav } from './layout/TwoColumnNav';
import { VerticalNav } from './layout/VerticalNav';

export interface SidebarProps {
  readonly layout: Layout;
  /** The groups the user may open (`useNavigation`). */
  readonly groups: readonly SidebarGroup[];
}

/**
 * The main navigation in one of the four layouts; where it sits (docked, overlay, under
 * the top bar) is the shell's business.
 */
export function Sidebar({ layout, groups }: SidebarProps) {
  switch (layout) {
    case 'vertical':
      return <VerticalNav groups={groups} />;
    case 'two-column':
      return <TwoColumnNav groups={groups} />;
    case 'hovered':
      return <HoveredNav groups={groups} />;
    case 'horizontal':
      return <HorizontalNav groups={groups} />;
  }
}
