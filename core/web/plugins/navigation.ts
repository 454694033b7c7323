import { MENU_GROUPS, type MenuGroup, type PluginManifest } from '@core/shared/manifest';
import type { PermissionRequirement } from '@core/shared/permissions';
import { resourceOwner } from '@core/shared/resource/record-page';

/** The owner part of the core's own resources' ids (`core.users`). */
const CORE_OWNER = 'core';

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
  /** A record page the host derived (`<list path>/:id`): the resource it shows and its list's path. */
  readonly record?: RecordPageEntry;
}

/** Where a resource's records have their pages: under the list page of the plugin that owns it. */
export interface RecordPageEntry {
  readonly resource: string;
  readonly listPath: string;
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
    return [
      {
        pluginId: manifest.id,
        id: page.path,
        path: page.path,
        labelKey: labelKey ?? page.titleKey,
        group,
        requires: page.requires,
        icon,
        order,
      },
    ];
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

/**
 * Resource id → the list page its records live under: a page naming the resource in `record`, of
 * the plugin owning the resource (its id's first part). A resource listed by two plugins (finance's
 * `/verticals` and the tracker's `/vertical`) gets its record pages under its owner's list only;
 * the first such page of the owner wins. The core's own resources (`core.roles`) have no screens of
 * the core's: theirs are under the first plugin page naming them (admin's `/roles-permissions`).
 */
export function recordPages(manifests: readonly PluginManifest[]): ReadonlyMap<string, RecordPageEntry> {
  const pages = new Map<string, RecordPageEntry>();
  for (const manifest of manifests) {
    for (const page of manifest.pages) {
      if (!page.record || pages.has(page.record)) continue;
      const owner = resourceOwner(page.record);
      if (owner !== manifest.id && owner !== CORE_OWNER) continue;
      pages.set(page.record, { resource: page.record, listPath: page.path });
    }
  }
  return pages;
}

/**
 * Every page of every enabled plugin, and the record page derived from each list page that names
 * its plugin's resource (`<path>/:id`, with the list's title and codes) unless a page already
 * declares that path. A path declared by two plugins is a host error.
 */
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
  const lists = new Map(
    manifests.flatMap((manifest) => manifest.pages.map((page) => [page.path, { manifest, page }] as const)),
  );
  for (const record of recordPages(manifests).values()) {
    const path = `${record.listPath}/:id`;
    const list = lists.get(record.listPath);
    if (seen.has(path) || !list) continue;
    seen.set(path, list.manifest.id);
    table.push({
      pluginId: list.manifest.id,
      path,
      titleKey: list.page.titleKey,
      requires: list.page.requires,
      record,
    });
  }
  return table;
}

/** An entry's key among every plugin's entries (a page path is unique, the plugin id keeps it readable). */
export function entryKey(entry: Pick<PluginSidebarEntry, 'pluginId' | 'id'>): string {
  return `${entry.pluginId}.${entry.id}`;
}

/**
 * The entries whose label, as shown (`label`: in the current language), an entry of another group
 * has too, such as finance's and the shop's "Positions": they are told apart by naming their area
 * wherever screens of several areas meet. Case and surrounding spaces do not tell labels apart.
 */
export function entriesSharingName(
  groups: readonly SidebarGroup[],
  label: (entry: PluginSidebarEntry) => string,
): ReadonlySet<string> {
  const groupsByName = new Map<string, Set<MenuGroup>>();
  const nameOf = (entry: PluginSidebarEntry) => label(entry).trim().toLocaleLowerCase();
  for (const { group, entries } of groups) {
    for (const entry of entries) {
      const name = nameOf(entry);
      groupsByName.set(name, (groupsByName.get(name) ?? new Set()).add(group));
    }
  }
  return new Set(
    groups.flatMap(({ entries }) =>
      entries.filter((entry) => (groupsByName.get(nameOf(entry))?.size ?? 0) > 1).map(entryKey),
    ),
  );
}
