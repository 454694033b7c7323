import { PERMISSION_CATALOGUE } from '@core/shared/permission-catalogue';
import type { PermissionCode } from '@core/shared/permissions';
import type { ServiceName } from '@core/shared/services';

/** The sidebar group (and its translated title, `groups.<id>`) each service's codes belong to. */
const AREA_OF_SERVICE: Readonly<Record<ServiceName, string>> = {
  auth: 'admin',
  finance: 'finance',
  tracker: 'tracker',
  shop: 'shop',
  system: 'system',
  messenger: 'messenger',
  social: 'social',
};

/** Codes the catalogue does not know (added on the server since) still show, under this area. */
export const OTHER_AREA = 'other';

export interface PermissionEntry {
  readonly code: PermissionCode;
  /** The catalogue's description; null for a code it does not know. */
  readonly description: string | null;
}

export interface PermissionArea {
  readonly area: string;
  readonly entries: readonly PermissionEntry[];
}

const CATALOGUE = new Map(PERMISSION_CATALOGUE.map((entry) => [entry.code, entry]));
const AREA_ORDER = [...new Set([...Object.values(AREA_OF_SERVICE), OTHER_AREA])];

/** The codes by area, in the sidebar's order of areas and the catalogue's order within each. */
export function permissionAreas(codes: readonly PermissionCode[]): PermissionArea[] {
  const order = new Map(PERMISSION_CATALOGUE.map((entry, index) => [entry.code, index]));
  const byArea = new Map<string, PermissionEntry[]>();
  for (const code of new Set(codes)) {
    const known = CATALOGUE.get(code);
    const area = known ? AREA_OF_SERVICE[known.service] : OTHER_AREA;
    const entries = byArea.get(area) ?? [];
    entries.push({ code, description: known?.description ?? null });
    byArea.set(area, entries);
  }
  const rank = (code: PermissionCode): number => order.get(code) ?? Number.MAX_SAFE_INTEGER;
  return AREA_ORDER.flatMap((area) => {
    const entries = byArea.get(area);
    if (!entries) return [];
    return [{ area, entries: [...entries].sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code)) }];
  });
}
