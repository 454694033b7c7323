import { PERMISSION_CATALOGUE } from '@core/shared/permission-catalogue';
import { AREA_FLAG_GROUPS, MESSENGER_CODE, type PermissionCode } from '@core/shared/permissions';
import type { PermissionItem } from '../auth-types';

/**
 * The areas the permission checklist groups codes by: the spec §6 flag groups, messenger's MB, and
 * the codes only sidebar items use (FL, FJ under finance; MC, FO under the social-ad platform).
 * A code in none of them (one added since) goes by its service, else under "other".
 */
export const PERMISSION_AREAS = ['admin', 'finance', 'tracker', 'shop', 'system', 'messenger', 'social', 'other'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const SIDEBAR_ONLY: Readonly<Partial<Record<PermissionArea, readonly PermissionCode[]>>> = {
  finance: ['FL', 'FJ'],
  social: ['MC', 'FO'],
};

const CODES_BY_AREA: Readonly<Record<Exclude<PermissionArea, 'other'>, readonly PermissionCode[]>> = {
  admin: AREA_FLAG_GROUPS.admin,
  finance: [...AREA_FLAG_GROUPS.finance, ...(SIDEBAR_ONLY.finance ?? [])],
  tracker: AREA_FLAG_GROUPS.tracker,
  shop: AREA_FLAG_GROUPS.shop,
  system: AREA_FLAG_GROUPS.system,
  messenger: [MESSENGER_CODE],
  social: [...AREA_FLAG_GROUPS.facebook, ...(SIDEBAR_ONLY.social ?? [])],
};

const AREA_OF_CODE = new Map<PermissionCode, PermissionArea>(
  Object.entries(CODES_BY_AREA).flatMap(([area, codes]) => codes.map((code): [PermissionCode, PermissionArea] => [code, area as PermissionArea])),
);

const AREA_OF_SERVICE: Readonly<Record<string, PermissionArea>> = {
  auth: 'admin',
  finance: 'finance',
  tracker: 'tracker',
  shop: 'shop',
  system: 'system',
  messenger: 'messenger',
  social: 'social',
};

/** Codes that ship with the product (spec §6): the server refuses to rename or delete them. */
export const BUILT_IN_CODES: ReadonlySet<PermissionCode> = new Set(PERMISSION_CATALOGUE.map((entry) => entry.code));

export function areaOf(permission: Pick<PermissionItem, 'name' | 'service'>): PermissionArea {
  return AREA_OF_CODE.get(permission.name) ?? AREA_OF_SERVICE[permission.service] ?? 'other';
}

export interface PermissionGroup {
  readonly area: PermissionArea;
  readonly permissions: readonly PermissionItem[];
}

/** Whether a permission matches the search text (its code or description, any letter case). */
export function matchesSearch(permission: PermissionItem, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return permission.name.toLowerCase().includes(needle) || (permission.description ?? '').toLowerCase().includes(needle);
}

/** The permissions matching `text`, by area in the order above, by code within an area; empty areas left out. */
export function groupPermissions(permissions: readonly PermissionItem[], text = ''): PermissionGroup[] {
  const byArea = new Map<PermissionArea, PermissionItem[]>();
  for (const permission of permissions) {
    if (!matchesSearch(permission, text)) continue;
    const area = areaOf(permission);
    const list = byArea.get(area) ?? [];
    list.push(permission);
    byArea.set(area, list);
  }
  return PERMISSION_AREAS.flatMap((area) => {
    const list = byArea.get(area);
    return list ? [{ area, permissions: [...list].sort((a, b) => a.name.localeCompare(b.name)) }] : [];
  });
}
