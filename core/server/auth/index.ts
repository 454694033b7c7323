import authSql from './migrations/0001_auth.sql?raw';
import type { MigrationSet } from '../database/migrator';

/** The core's own tables, migrated before any plugin's. */
export const CORE_MIGRATIONS: MigrationSet = {
  owner: 'core',
  migrations: [{ name: '0001_auth', sql: authSql }],
};
