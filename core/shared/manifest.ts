import type { PermissionRequirement } from './permissions';
import type { ServiceName } from './services';

/**
 * Menu groups of spec §2, in the order the sidebar shows them.
 * A third-party plugin may name a group of its own; unknown groups follow the known ones.
 */
export const MENU_GROUPS = [
  'dashboard',
  'main',
  'authentication',
  'lists',
  'finance',
  'tracker',
  'shop',
  'system',
  'messenger',
  'social',
  'admin',
] as const;

export type KnownMenuGroup = (typeof MENU_GROUPS)[number];
export type MenuGroup = KnownMenuGroup | (string & {});

export interface SidebarEntry {
  /** Unique within the plugin. */
  readonly id: string;
  /** i18n key, `namespace:key`. */
  readonly labelKey: string;
  readonly path: string;
  readonly group: MenuGroup;
  readonly requires: PermissionRequirement;
  /** Name of an icon in the kernel's icon set. */
  readonly icon?: string;
  readonly order?: number;
}

export interface PluginRoute {
  /** A react-router path, e.g. `/users` or `/user/:id/info-tab`. */
  readonly path: string;
  readonly titleKey: string;
}

/** Layout slots a plugin's code can fill (core/web/kernel/contributions.ts). */
export type LayoutSlot = 'dashboard' | 'userDetail' | 'topBar' | 'profileMenu';

/**
 * Static description of a plugin: read by the host without loading any of the plugin's code,
 * by the browser (sidebar, route table) and by the server (service prefix, dependencies).
 */
export interface PluginManifest {
  /** Also the folder name under plugins/ and the name in configuration. */
  readonly id: string;
  readonly version: string;
  /**
   * The SDK versions the plugin was written for, as a semver range (`'^1.0.0'`); the host refuses a
   * plugin whose range does not admit its SDK_VERSION (core/sdk/compatibility.ts).
   */
  readonly sdk: string;
  readonly titleKey: string;
  /** The API service whose prefix the plugin's server routes are mounted under. */
  readonly service: ServiceName;
  readonly dependencies: readonly string[];
  /** i18n namespaces the plugin owns; the first is its default. */
  readonly namespaces: readonly string[];
  readonly routes: readonly PluginRoute[];
  readonly sidebar: readonly SidebarEntry[];
  /**
   * The layout slots the plugin's code fills, each with the codes a user needs to see any of it.
   * A shown slot loads such plugins' code, so a widget appears before any of the plugin's pages
   * was opened, and a user who could see none of it never downloads it.
   */
  readonly slots?: Readonly<Partial<Record<LayoutSlot, PermissionRequirement>>>;
}

const PLUGIN_ID = /^[a-z][a-z0-9-]{1,31}$/;

/** Checks what a type cannot: id shape, unique paths, sidebar paths that are routes. */
export function manifestProblems(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  if (!PLUGIN_ID.test(manifest.id)) problems.push(`plugin id "${manifest.id}" must match ${PLUGIN_ID}`);
  const paths = new Set<string>();
  for (const route of manifest.routes) {
    if (!route.path.startsWith('/')) problems.push(`route "${route.path}" must start with /`);
    if (paths.has(route.path)) problems.push(`route "${route.path}" is declared twice`);
    paths.add(route.path);
  }
  for (const entry of manifest.sidebar) {
    if (!paths.has(entry.path)) problems.push(`sidebar entry "${entry.id}" points to undeclared route "${entry.path}"`);
  }
  if (manifest.dependencies.includes(manifest.id)) problems.push('a plugin cannot depend on itself');
  return problems;
}
