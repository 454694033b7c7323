import type { FastifyInstance } from 'fastify';
import type { Database } from '../database/database';
import { PgliteDatabase } from '../database/pglite-database';
import type { Jobs } from '../jobs/types';
import { defineBackupJob } from './backup-job';
import { registerBackupRoutes } from './backup-routes';
import type { BackupSettings } from './backup-settings';

export { BACKUP_MESSAGES_RU } from './messages-ru';
export {
  DEFAULT_BACKUPS_KEEP,
  DEFAULT_BACKUPS_SCHEDULE,
  defaultBackupsDir,
  type BackupSettings,
} from './backup-settings';

/**
 * The running server's backups of its embedded database: the `core.backup` job, its daily
 * schedule, and /api/system/backups. A PGlite data directory belongs to one process, so only that
 * process can copy it while it runs. On PostgreSQL nothing is defined and the routes say to use pg_dump.
 */
export function installBackups(app: FastifyInstance, db: Database, jobs: Jobs, settings: BackupSettings): void {
  const kind = db instanceof PgliteDatabase ? defineBackupJob(jobs, db, settings) : null;
  registerBackupRoutes(app, { db, jobs, settings, kind });
}
