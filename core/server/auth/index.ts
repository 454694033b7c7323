import authSql from './migrations/0001_auth.sql?raw';
import accessChangesSql from './migrations/0004_access_changes.sql?raw';
import signInCodesSql from './migrations/0005_sign_in_codes.sql?raw';
import countriesSql from './migrations/0007_countries.sql?raw';
import userPreferencesSql from './migrations/0009_user_preferences.sql?raw';
import countryNamesRuSql from './migrations/0010_country_names_ru.sql?raw';
import permissionPluginsSql from './migrations/0011_permission_plugins.sql?raw';
import accountResourcesSql from './migrations/0014_account_resources.sql?raw';
import accountUniqueNamesSql from './migrations/0015_account_unique_names.sql?raw';
import type { MigrationSet } from '../database/migrator';
import { RESOURCE_MIGRATIONS } from '../resource/migrations';
import { SETTINGS_MIGRATIONS } from '../settings';
import { JOBS_MIGRATIONS } from '../jobs/migration';
import { NOTIFICATIONS_MIGRATIONS } from '../notifications/migration';

/**
 * The core's own tables, migrated before any plugin's. Names are never reused or renumbered:
 * a new core table is a new `NNNN_name` appended here.
 */
export const CORE_MIGRATIONS: MigrationSet = {
  owner: 'core',
  migrations: [
    { name: '0001_auth', sql: authSql },
    ...SETTINGS_MIGRATIONS,
    ...RESOURCE_MIGRATIONS,
    { name: '0004_access_changes', sql: accessChangesSql },
    { name: '0005_sign_in_codes', sql: signInCodesSql },
    ...JOBS_MIGRATIONS,
    { name: '0007_countries', sql: countriesSql },
    { name: '0009_user_preferences', sql: userPreferencesSql },
    { name: '0010_country_names_ru', sql: countryNamesRuSql },
    { name: '0011_permission_plugins', sql: permissionPluginsSql },
    ...NOTIFICATIONS_MIGRATIONS,
    { name: '0014_account_resources', sql: accountResourcesSql },
    { name: '0015_account_unique_names', sql: accountUniqueNamesSql },
  ],
};
