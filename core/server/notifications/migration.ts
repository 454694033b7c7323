import type { Migration } from '../database/migrator';
import notificationsSql from './migrations/0013_notifications.sql?raw';

/** The core migrations of the notifications' tables, listed in CORE_MIGRATIONS. */
export const NOTIFICATIONS_MIGRATIONS: readonly Migration[] = [{ name: '0013_notifications', sql: notificationsSql }];
