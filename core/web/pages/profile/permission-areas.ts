import { OTHER_AREA, type PermissionCatalogue } from '@core/shared/permission-catalogue';
import type { PermissionCode } from '@core/shared/permissions';

export { OTHER_AREA };

export interface PermissionArea {
  readonly area: string;
  readonly codes: readonly PermissionCode[];
}

/** The user's codes by area, in the sidebar's order of areas and the catalogue's order within each; unknown codes under `OTHER_AREA`. */
export function permissionAreas(codes: readonly PermissionCode[], catalogue: PermissionCatalogue): PermissionArea[] {
  return catalogue.group([...new Set(codes)], (code) => ({ code })).map(({ area, items }) => ({ area, codes: items }));
}
