import { useTranslation } from 'react-i18next';
import type { ServiceName } from '@core/sdk/shared';
import { usePermissionCatalogue } from '@core/sdk/web';
import type { PermissionItem } from '../auth-types';

/**
 * The roles screen's view of the permission catalogue, which the enabled plugins' manifests (and the
 * core's reserved spec codes) assemble: a code's area, its description in the reader's language,
 * whether it ships with the product. A code created here since goes by its service, else under "other".
 */

export interface PermissionGroup {
  readonly area: string;
  readonly permissions: readonly PermissionItem[];
}

export interface PermissionAreas {
  /** The permissions matching `text`, by area in the sidebar's order, by the catalogue's order within one; empty areas left out. */
  group(permissions: readonly PermissionItem[], text?: string): PermissionGroup[];
  /** The area's name in the reader's language. */
  label(area: string): string;
  /** The declared description in the reader's language, unless an administrator stored another. */
  describe(permission: Pick<PermissionItem, 'name' | 'description'>): string | null;
  /** Codes the enabled plugins declare: the server refuses to rename or delete them. */
  isBuiltIn(code: string): boolean;
  /** The services a code may be filed under: the spec's and the enabled plugins' own. */
  readonly services: readonly ServiceName[];
}

/** Whether a permission matches the search text (its code or description, any letter case). */
export function matchesSearch(permission: PermissionItem, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return (
    permission.name.toLowerCase().includes(needle) || (permission.description ?? '').toLowerCase().includes(needle)
  );
}

export function usePermissionAreas(): PermissionAreas {
  const { t, i18n } = useTranslation('admin');
  const catalogue = usePermissionCatalogue();
  const describe = (permission: Pick<PermissionItem, 'name' | 'description'>) =>
    catalogue.describe(permission.name, i18n.language, permission.description);
  return {
    group: (permissions, text = '') =>
      catalogue
        .group(
          permissions.filter(
            (permission) =>
              matchesSearch(permission, text) ||
              matchesSearch({ ...permission, description: describe(permission) }, text),
          ),
          (permission) => ({ code: permission.name, service: permission.service }),
        )
        .map(({ area, items }) => ({ area, permissions: items })),
    // A plugin's own area is named by its menu group (core `groups.<id>`).
    label: (area) => t(`areas.${area}`, { defaultValue: t(`core:groups.${area}`, { defaultValue: area }) }),
    describe,
    isBuiltIn: (code) => catalogue.has(code),
    services: catalogue.services,
  };
}
