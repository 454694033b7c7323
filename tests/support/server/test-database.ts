/**
 * The product's server tests on the SDK's test kit (@core/sdk/testing): the template database holds
 * every plugin this build has (host/server/plugins.ts), so a test may enable any of them.
 */
import type { Database } from '@core/server/database/database';
import type { MigrationSet } from '@core/server/database/migrator';
import { freshDatabase as freshDatabaseOf, migrationSets } from '@core/sdk/testing';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';

export {
  addUser,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  buildServer,
  DB_TIMEOUT,
  errorBody,
  login,
  LOGIN_URL,
  mintToken,
  postWithXsrf,
  refreshCookieOf,
  signIn,
  TEST_RUNTIME_CONFIG,
  TEST_SECRET,
  unreachableDatabase,
  XSRF_VALUE,
} from '@core/sdk/testing';

/** The core's migrations and every available plugin's, as the template applies them. */
export const MIGRATION_SETS: readonly MigrationSet[] = migrationSets(AVAILABLE_SERVER_PLUGINS);

/** Every code the template's catalogue holds (the superadmin's): the available plugins' and the core's reserved spec codes. */
export const TEMPLATE_CODES: readonly string[] = new PermissionCatalogue(
  AVAILABLE_SERVER_PLUGINS.map((plugin) => plugin.manifest),
).codes;

/** A private copy of the template with every available plugin; close it after the test. */
export function freshDatabase(): Promise<Database> {
  return freshDatabaseOf(AVAILABLE_SERVER_PLUGINS);
}
