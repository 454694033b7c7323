import { requirementCodes, type PermissionCode, type PermissionRequirement } from './permissions';
import type { Language } from './runtime-config';
import { isServiceId, type ServiceName } from './services';

/**
 * The known menu groups, in the order the sidebar shows them.
 * A plugin may declare a group of its own (`menuGroups`); such groups follow the known ones.
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

/** A text the manifest carries itself, in every language: read before the plugin's strings are loaded (server, catalogue). */
export type LocalizedText = Readonly<Record<Language, string>>;

/** Where a page shows in the sidebar (and so in the Ctrl+K palette). */
export interface PageNavEntry {
  readonly group: MenuGroup;
  /** Name of an icon in the kernel's icon set. */
  readonly icon?: string;
  readonly order?: number;
  /** i18n key of the link's text when it differs from the page's title. */
  readonly labelKey?: string;
}

/**
 * One page of the plugin. The host builds its route, page title, access check, sidebar link and
 * palette entry from this alone: a user without `requires` sees the "no access" page on its URL
 * and the plugin's code is not even fetched.
 */
export interface PluginPage {
  /** A react-router path, e.g. `/users` or `/user/:id/*`. */
  readonly path: string;
  /** i18n key, `namespace:key`. */
  readonly titleKey: string;
  readonly requires: PermissionRequirement;
  /** Left out for a page reached only through another (a detail, a tab). */
  readonly nav?: PageNavEntry;
  /**
   * The resource this page lists (`<plugin>.<name>`). When the resource is the plugin's own, the
   * host derives its record page at `<path>/:id` with the page's title and `requires`, before any
   * plugin code loads, and every link to one of its records leads there.
   */
  readonly record?: string;
}

/**
 * A permission code the plugin uses. The host seeds it into the catalogue at start-up (so the
 * superadmin holds it), and the profile and roles screens show it under `area` with its description.
 */
export interface PermissionDeclaration {
  readonly code: PermissionCode;
  /** The menu group the code is shown under: a known one or one the plugin declares in `menuGroups`. */
  readonly area: MenuGroup;
  readonly description: LocalizedText;
}

/** Declares a manifest's codes of one area: `const code = permissionsOf('shop'); code('SC', 'Shop categories', 'Категории магазина')`. */
export function permissionsOf(
  area: MenuGroup,
): (code: PermissionCode, en: string, ru: string) => PermissionDeclaration {
  return (code, en, ru) => ({ code, area, description: { en, ru } });
}

/** A menu group of the plugin's own, with its name in every language. */
export interface MenuGroupDeclaration {
  readonly id: string;
  readonly label: LocalizedText;
}

/** Layout slots the core offers (core/web/kernel/contributions.ts). */
export type LayoutSlot = 'dashboard' | 'userDetail' | 'topBar' | 'profileMenu';
export const CORE_SLOTS: readonly LayoutSlot[] = ['dashboard', 'userDetail', 'topBar', 'profileMenu'];

/** A core slot, or one a plugin offers: `<plugin id>.<name>` (see `offersSlots`). */
export type SlotId = LayoutSlot | (string & {});

/**
 * A slot the plugin's own screens offer other plugins. The offering plugin draws
 * `useSlotItems(slotToken<Props>(id), id)` where the slot is; a plugin filling it names `id` in its
 * manifest's `slots` and binds a `SlotContribution<Props>` to `slotToken(id)`.
 */
export interface OfferedSlot {
  /** `<plugin id>.<name>`, e.g. `finance.employeeDetail`. */
  readonly id: string;
  /** What the slot is for and where it shows, for the authors of the plugins that fill it. */
  readonly description: LocalizedText;
  /** The codes a user needs to see anything that fills the slot, on top of each filler's own `slots` codes. */
  readonly requires: PermissionRequirement;
  /** The name of the type an item's component receives, exported from the offering plugin's `shared/`. */
  readonly props: string;
}

/** An offered slot as the host reads it: a 1.x manifest named its slots alone (`offersSlots: string[]`). */
export type OfferedSlotEntry = OfferedSlot | string;

/** The slots a manifest offers, the 1.x names as slots with no code and no description. */
export function offeredSlots(manifest: PluginManifest): readonly (Pick<OfferedSlot, 'id'> & Partial<OfferedSlot>)[] {
  return (manifest.offersSlots ?? []).map((entry) => (typeof entry === 'string' ? { id: entry } : entry));
}

/** The codes the offering plugin sets for `slot` (none for a core slot, a record section or a 1.x one). */
export function offeredSlotRequirement(
  manifests: readonly PluginManifest[],
  slot: SlotId,
): PermissionRequirement | undefined {
  for (const manifest of manifests) {
    const offered = offeredSlots(manifest).find((entry) => entry.id === slot);
    if (offered) return offered.requires;
  }
  return undefined;
}

/**
 * Static description of a plugin: read by the host without loading any of the plugin's code,
 * by the browser (route table, sidebar, access checks) and by the server (service prefix,
 * permission catalogue, dependencies). Plain data: /config.json carries it as JSON.
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
  /** The API service whose prefix the plugin's server routes are mounted under: a spec service or its own id. */
  readonly service: ServiceName;
  readonly dependencies: readonly string[];
  /**
   * Plugins this one works with but does not need: when enabled they start before it and it may
   * import their shared/ code; when not, its reference fields into their tables are left out
   * (core/shared/resource/absent-plugins.ts), so no picker points at records that are not there.
   */
  readonly optionalDependencies?: readonly string[];
  /** i18n namespaces the plugin owns; the first is its default. */
  readonly namespaces: readonly string[];
  readonly pages: readonly PluginPage[];
  /** The permission codes the plugin's pages and routes require. */
  readonly permissions?: readonly PermissionDeclaration[];
  /**
   * The area flags the plugin defines: a flag is true when the user holds any of its codes.
   * Its codes need not be among `permissions` (the spec's groups name codes no screen uses).
   */
  readonly areaFlags?: Readonly<Record<string, readonly PermissionCode[]>>;
  /** Menu groups of the plugin's own, named in every language; known groups need none. */
  readonly menuGroups?: readonly MenuGroupDeclaration[];
  /**
   * The layout slots the plugin's code fills, each with the codes a user needs to see any of it.
   * A shown slot loads such plugins' code, so a widget appears before any of the plugin's pages
   * was opened, and a user who could see none of it never downloads it.
   */
  readonly slots?: Readonly<Partial<Record<SlotId, PermissionRequirement>>>;
  /**
   * Slots the plugin's own screens offer other plugins, each with its description, the codes a user
   * needs to see what fills it, and its items' props type. A bare `<plugin id>.<name>` (SDK 1.x) is
   * still read: a slot with no code of its own.
   */
  readonly offersSlots?: readonly OfferedSlotEntry[];
}

const PLUGIN_ID = /^[a-z][a-z0-9-]{1,31}$/;
const SLOT_NAME = /^[a-z][A-Za-z0-9-]{0,31}$/;
/** A record page's custom sections, `record:<resource id>`: the core offers one per resource. */
const RECORD_SLOT = /^record:[a-z][a-z0-9-]*\.[a-z][a-z0-9_.-]*$/;

function pageProblems(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  const paths = new Set<string>();
  for (const page of manifest.pages) {
    if (!page.path.startsWith('/')) problems.push(`page "${page.path}" must start with /`);
    if (paths.has(page.path)) problems.push(`page "${page.path}" is declared twice`);
    paths.add(page.path);
  }
  return problems;
}

function codeProblems(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  const groups = new Set((manifest.menuGroups ?? []).map((group) => group.id));
  for (const permission of manifest.permissions ?? []) {
    if (codes.has(permission.code)) problems.push(`permission "${permission.code}" is declared twice`);
    codes.add(permission.code);
    const known = (MENU_GROUPS as readonly string[]).includes(permission.area) || groups.has(permission.area);
    if (!known)
      problems.push(
        `permission "${permission.code}" names area "${permission.area}", neither a known menu group nor one of menuGroups`,
      );
  }
  for (const group of manifest.menuGroups ?? []) {
    if ((MENU_GROUPS as readonly string[]).includes(group.id))
      problems.push(`menu group "${group.id}" is a known group: it needs no declaration`);
  }
  return problems;
}

/** The plugin a slot belongs to: a plugin's own slot starts with its id; core slots and record sections have none. */
function slotOwner(slot: SlotId): string | null {
  if ((CORE_SLOTS as readonly string[]).includes(slot) || RECORD_SLOT.test(slot)) return null;
  return slot.split('.')[0] ?? '';
}

function slotProblems(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const { id } of offeredSlots(manifest)) {
    const [owner, name, ...rest] = id.split('.');
    if (owner !== manifest.id || name === undefined || !SLOT_NAME.test(name) || rest.length > 0) {
      problems.push(`offered slot "${id}" must be "${manifest.id}.<name>"`);
    }
    if (ids.has(id)) problems.push(`offered slot "${id}" is declared twice`);
    ids.add(id);
  }
  const related = [manifest.id, ...manifest.dependencies, ...(manifest.optionalDependencies ?? [])];
  for (const slot of Object.keys(manifest.slots ?? {})) {
    const owner = slotOwner(slot);
    if (owner !== null && !related.includes(owner)) {
      problems.push(`slot "${slot}" is neither a core slot nor offered by a dependency`);
    }
  }
  return problems;
}

/**
 * A filled slot that no enabled plugin offers (a slot of an optional dependency that is not enabled
 * is no problem: it is simply never drawn), and an offered slot's code that no enabled plugin declares.
 */
function enabledSlotProblems(manifests: readonly PluginManifest[], codes: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const enabled = new Set(manifests.map((manifest) => manifest.id));
  const offered = new Set(manifests.flatMap((manifest) => offeredSlots(manifest).map((entry) => entry.id)));
  for (const manifest of manifests) {
    for (const slot of Object.keys(manifest.slots ?? {})) {
      const owner = slotOwner(slot);
      if (owner === null || offered.has(slot)) continue;
      if (!enabled.has(owner) && (manifest.optionalDependencies ?? []).includes(owner)) continue;
      problems.push(`plugin "${manifest.id}" fills slot "${slot}", which no enabled plugin offers`);
    }
    for (const entry of offeredSlots(manifest)) {
      for (const code of entry.requires ? requirementCodes(entry.requires) : []) {
        if (!codes.has(code))
          problems.push(`offered slot "${entry.id}" requires code "${code}", which no enabled plugin declares`);
      }
    }
  }
  return problems;
}

/**
 * What no single manifest shows: a page path or a permission code two enabled plugins both declare,
 * a slot filled that its plugin does not offer, an offered slot's code nobody declares.
 */
export function enabledManifestsProblems(manifests: readonly PluginManifest[]): string[] {
  const problems: string[] = [];
  const pageOwner = new Map<string, string>();
  const codeOwner = new Map<string, string>();
  for (const manifest of manifests) {
    for (const page of manifest.pages) {
      const owner = pageOwner.get(page.path);
      if (owner) problems.push(`page "${page.path}" is declared by both "${owner}" and "${manifest.id}"`);
      else pageOwner.set(page.path, manifest.id);
    }
    for (const permission of manifest.permissions ?? []) {
      const owner = codeOwner.get(permission.code);
      if (owner) problems.push(`permission "${permission.code}" is declared by both "${owner}" and "${manifest.id}"`);
      else codeOwner.set(permission.code, manifest.id);
    }
  }
  return [...problems, ...enabledSlotProblems(manifests, new Set(codeOwner.keys()))];
}

/** Checks what a type cannot: id and service shape, unique pages and codes, known areas, slot names. */
export function manifestProblems(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  if (!PLUGIN_ID.test(manifest.id)) problems.push(`plugin id "${manifest.id}" must match ${PLUGIN_ID}`);
  if (!isServiceId(manifest.service)) problems.push(`service "${manifest.service}" is not a valid service id`);
  problems.push(...pageProblems(manifest), ...codeProblems(manifest), ...slotProblems(manifest));
  const optional = manifest.optionalDependencies ?? [];
  if (manifest.dependencies.includes(manifest.id) || optional.includes(manifest.id))
    problems.push('a plugin cannot depend on itself');
  for (const id of optional.filter((candidate) => manifest.dependencies.includes(candidate)))
    problems.push(`plugin "${id}" is both a dependency and an optional one`);
  return problems;
}
