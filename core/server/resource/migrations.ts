import auditLogSql from './migrations/0003_audit_log.sql?raw';
import type { Migration } from '../database/migrator';

/** The audit table, a migration of the core set (core/server/auth/index.ts lists it). */
export const RESOURCE_MIGRATIONS: readonly Migration[] = [{ name: '0003_audit_log', sql: auditLogSql }];
