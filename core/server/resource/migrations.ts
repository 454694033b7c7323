import auditLogSql from './migrations/0003_audit_log.sql?raw';
import auditDetailSql from './migrations/0008_audit_detail.sql?raw';
import type { Migration } from '../database/migrator';

/** The audit table, migrations of the core set (core/server/auth/index.ts lists them). */
export const RESOURCE_MIGRATIONS: readonly Migration[] = [
  { name: '0003_audit_log', sql: auditLogSql },
  { name: '0008_audit_detail', sql: auditDetailSql },
];
