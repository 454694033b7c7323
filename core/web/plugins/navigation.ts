import { MENU_GROUPS, type MenuGroup, type PluginManifest, type SidebarEntry } from '@core/shared/manifest';
import type { PermissionRequirement } from '@core/shared/permissions';

export interface PluginSidebarEntry extends SidebarEntry {
  readonly pluginId: string;
}

export interface SidebarGroup {
  readonly group: MenuGroup;
  readonly entries: readonly PluginSidebarEntry[];
}

export interface PluginRouteEntry {
  readonly pluginId: string;
  readonly path: string;
  readonly titleKey: string;
}

function groupRank(group: MenuGroup): number {
  const index = (MENU_GROUPS as readonly string[]).indexOf(group);
  return index === -1 ? MENU_GROUPS.length : index;
}

/**
 * The sidebar from manifests alone: entries the user may open, in the spec's group order; a group
 * with nothing left is dropped.
 */
export function sidebarGroups(
  manifests: readonly PluginManifest[],
  allows: (requirement: PermissionRequirement) => boolean,
): SidebarGroup[] {
  const groups = new Map<MenuGroup, PluginSidebarEntry[]>();
  for (const manifest of manifests) {
    for (const entry of manifest.sidebar) {
      if (!allows(entry.requires)) continue;
      const list = groups.get(entry.group) ?? [];
      list.push({ ...entry, pluginId: manifest.id });
      groups.set(entry.group, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b) || a.localeCompare(b))
    .map(([group, entries]) => ({ group, entries: entries.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) }));
}

/** Every route of every enabled plugin; a path declared by two plugins is a host error. */
export function pluginRouteTable(manifests: readonly PluginManifest[]): PluginRouteEntry[] {
  const seen = new Map<string, string>();
  const table: PluginRouteEntry[] = [];
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const owner = seen.get(route.path);
      if (owner) throw new Error(`route "${route.path}" is declared by both "${owner}" and "${manifest.id}"`);
      seen.set(route.path, manifest.id);
      table.push({ pluginId: manifest.id, path: route.path, titleKey: route.titleKey });
    }
  }
  return table;
}
