import { MENU_GROUPS, type LocalizedText, type MenuGroup, type PluginManifest } from './manifest';
import type { PermissionCode } from './permissions';
import { LANGUAGES, type Language } from './runtime-config';
import { serviceIds, type ServiceName } from './services';

export interface CatalogueEntry {
  readonly code: PermissionCode;
  /** The plugin whose manifest declares it. */
  readonly plugin: string;
  readonly service: ServiceName;
  /** The menu group the code is shown under on the profile and roles screens. */
  readonly area: MenuGroup;
  readonly description: LocalizedText;
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Codes no manifest declares (created on the roles screen since) whose service says nothing either. */
export const OTHER_AREA = 'other';

/**
 * The area flags: the enabled plugins' `areaFlags` (a later plugin declaring a flag replaces an earlier
 * one's group).
 */
export function areaFlagGroups(
  manifests: readonly Pick<PluginManifest, 'areaFlags'>[],
): Record<string, readonly PermissionCode[]> {
  const groups: Record<string, readonly PermissionCode[]> = {};
  for (const manifest of manifests) Object.assign(groups, manifest.areaFlags ?? {});
  return groups;
}

/**
 * Every permission code the running product knows, assembled from the enabled plugins' manifests:
 * seeded into core.permissions at start-up (so the superadmin holds them), refused renaming on the
 * roles screen, and described on the profile and roles screens in the reader's language. A code
 * of a plugin not among them is offered nowhere; grants of it are kept for when it runs again.
 */
export class PermissionCatalogue {
  readonly entries: readonly CatalogueEntry[];
  /** The ids of the plugins whose codes these are: the enabled ones. */
  readonly plugins: readonly string[];
  /** Area ids in the sidebar's order: the known menu groups, the plugins' own, then `OTHER_AREA`. */
  readonly areas: readonly string[];
  /** The spec's services and every enabled plugin's own. */
  readonly services: readonly ServiceName[];
  private readonly byCode: ReadonlyMap<PermissionCode, CatalogueEntry>;

  /** Throws when two plugins declare one code: the host must not start with two meanings of it. */
  constructor(manifests: readonly PluginManifest[]) {
    const entries = new Map<PermissionCode, CatalogueEntry>();
    const owners = new Map<PermissionCode, string>();
    for (const manifest of manifests) {
      for (const permission of manifest.permissions ?? []) {
        const other = owners.get(permission.code);
        if (other)
          throw new Error(`permission "${permission.code}" is declared by both "${other}" and "${manifest.id}"`);
        owners.set(permission.code, manifest.id);
        entries.set(permission.code, {
          code: permission.code,
          plugin: manifest.id,
          service: manifest.service,
          area: permission.area,
          description: permission.description,
        });
      }
    }
    this.entries = [...entries.values()];
    this.plugins = manifests.map((manifest) => manifest.id);
    this.byCode = entries;
    const declaredGroups = manifests.flatMap((manifest) => (manifest.menuGroups ?? []).map((group) => group.id));
    this.areas = [
      ...new Set<string>([...MENU_GROUPS, ...declaredGroups, ...this.entries.map((entry) => entry.area), OTHER_AREA]),
    ];
    this.services = serviceIds(manifests.map((manifest) => manifest.service));
  }

  entry(code: PermissionCode): CatalogueEntry | undefined {
    return this.byCode.get(code);
  }

  has(code: PermissionCode): boolean {
    return this.byCode.has(code);
  }

  get codes(): PermissionCode[] {
    return this.entries.map((entry) => entry.code);
  }

  /**
   * A declared code's area. Another (created on the roles screen) goes where the catalogue files its
   * service's codes, else under the menu group named like its service (the spec's finance, tracker,
   * …), else under `OTHER_AREA`.
   */
  areaOf(code: PermissionCode, service?: ServiceName | null): string {
    const known = this.byCode.get(code);
    if (known) return known.area;
    const byService = this.entries.find((entry) => entry.service === service)?.area;
    if (byService) return byService;
    return service && service !== OTHER_AREA && this.areas.includes(service) ? service : OTHER_AREA;
  }

  /**
   * The description to show in `language`: the declared one unless an administrator has stored a
   * different text (`stored`, the English description core.permissions holds), which then wins.
   */
  describe(code: PermissionCode, language: string, stored?: string | null): string | null {
    const known = this.byCode.get(code);
    const edited = stored !== undefined && stored !== null && stored !== '' && stored !== known?.description.en;
    if (!known || edited) return stored ?? null;
    return isLanguage(language) ? known.description[language] : known.description.en;
  }

  /** `items` by area, in the areas' order and the catalogue's order within each (unknown codes by name, last); empty areas left out. */
  group<Item>(
    items: readonly Item[],
    describe: (item: Item) => { code: PermissionCode; service?: ServiceName | null },
  ): { area: string; items: Item[] }[] {
    const order = new Map(this.entries.map((entry, index) => [entry.code, index]));
    const byArea = new Map<string, Item[]>();
    for (const item of items) {
      const { code, service } = describe(item);
      const area = this.areaOf(code, service);
      byArea.set(area, [...(byArea.get(area) ?? []), item]);
    }
    const rank = (item: Item): number => order.get(describe(item).code) ?? Number.MAX_SAFE_INTEGER;
    return this.areas.flatMap((area) => {
      const list = byArea.get(area);
      if (!list) return [];
      return [
        { area, items: list.sort((a, b) => rank(a) - rank(b) || describe(a).code.localeCompare(describe(b).code)) },
      ];
    });
  }
}
