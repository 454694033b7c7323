import systemSettingsSql from './migrations/0002_system_settings.sql?raw';
import type { Migration } from '../database/migrator';

export * from './catalogue';
export * from './core-settings';
export * from './settings-store';

/** The settings table, a migration of the core set (core/server/auth/index.ts lists it). */
export const SETTINGS_MIGRATIONS: readonly Migration[] = [{ name: '0002_system_settings', sql: systemSettingsSql }];
