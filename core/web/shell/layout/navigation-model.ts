import type { MenuGroup } from '@core/shared/manifest';
import type { SidebarGroup } from '../../plugins/navigation';

/** Whether `pathname` is the entry's page or one below it (`/user` covers `/user/7/info-tab`). */
export function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/** The group holding the page at `pathname`, if the sidebar shows it. */
export function groupOfPath(groups: readonly SidebarGroup[], pathname: string): MenuGroup | undefined {
  return groups.find(({ entries }) => entries.some((entry) => isUnder(pathname, entry.path)))?.group;
}
