import { MENU_GROUPS, type MenuGroup, type PluginManifest } from '@core/shared/manifest';
import type { PermissionRequirement } from '@core/shared/permissions';

/** A sidebar link, made from a page that has a `nav` entry. */
export interface PluginSidebarEntry {
  readonly pluginId: string;
  /** The page's path: unique among the enabled plugins' pages. */
  readonly id: string;
  readonly path: string;
  readonly labelKey: string;
  readonly group: MenuGroup;
  readonly requires: PermissionRequirement;
  readonly icon?: string;
  readonly order?: number;
}

export interface SidebarGroup {
  readonly group: MenuGroup;
  readonly entries: readonly PluginSidebarEntry[];
}

export interface PluginRouteEntry {
  readonly pluginId: string;
  readonly path: string;
  readonly titleKey: string;
  readonly requires: PermissionRequirement;
}

function groupRank(group: MenuGroup): number {
  const index = (MENU_GROUPS as readonly string[]).indexOf(group);
  return index === -1 ? MENU_GROUPS.length : index;
}

/** The sidebar links of one manifest, in its pages' order. */
export function sidebarEntries(manifest: PluginManifest): PluginSidebarEntry[] {
  return manifest.pages.flatMap((page) => {
    if (!page.nav) return [];
    const { group, icon, order, labelKey } = page.nav;
    return [{ pluginId: manifest.id, id: page.path, path: page.path, labelKey: labelKey ?? page.titleKey, group, requires: page.requires, icon, order }];
  });
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
  for (const entry of manifests.flatMap(sidebarEntries)) {
    if (!allows(entry.requires)) continue;
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b) || a.localeCompare(b))
    .map(([group, entries]) => ({ group, entries: entries.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) }));
}

/** Every page of every enabled plugin; a path declared by two plugins is a host error. */
export function pluginRouteTable(manifests: readonly PluginManifest[]): PluginRouteEntry[] {
  const seen = new Map<string, string>();
  const table: PluginRouteEntry[] = [];
  for (const manifest of manifests) {
    for (const page of manifest.pages) {
      const owner = seen.get(page.path);
      if (owner) throw new Error(`page "${page.path}" is declared by both "${owner}" and "${manifest.id}"`);
      seen.set(page.path, manifest.id);
      table.push({ pluginId: manifest.id, path: page.path, titleKey: page.titleKey, requires: page.requires });
    }
  }
  return table;
}
