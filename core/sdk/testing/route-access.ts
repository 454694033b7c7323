/**
 * Access checks in tests: every code a server's catalogue holds (to call as a user holding all
 * but one), and what a route's requirement names and accepts.
 */
import type { ServerPlugin } from '@core/server/plugin';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import type { PermissionCode } from '@core/shared/permissions';

export { requirementCodes, satisfies } from '@core/shared/permissions';

/** The codes of `plugins`' catalogue, which the seeded superadmin of their database holds. */
export function catalogueCodes(plugins: readonly ServerPlugin[]): readonly PermissionCode[] {
  return new PermissionCatalogue(plugins.map((plugin) => plugin.manifest)).codes;
}
