/**
 * The running server's backups of its embedded database (`/api/system/backups`, code JS). On
 * PostgreSQL the server takes none: `database` says so, and the operator runs pg_dump.
 */

/** A backup file in the server's backups directory. */
export interface BackupFile {
  /** `erp-20261129T023000.123Z.tar.gz` */
  readonly name: string;
  /** Bytes. */
  readonly size: number;
  /** When it was taken, ISO 8601. */
  readonly created_at: string;
}

/** `GET /api/system/backups`. */
export interface BackupsOverview {
  readonly database: 'pglite' | 'postgres';
  /** The directory on the server that holds them; null on PostgreSQL. */
  readonly dir: string | null;
  /** How many are kept. */
  readonly keep: number;
  /** The daily backup's cron expression (UTC); null when it is off or on PostgreSQL. */
  readonly schedule: string | null;
  /** Newest first. */
  readonly files: readonly BackupFile[];
}

/** The backup job's kind (`JobInfo.kind`). */
export const BACKUP_JOB_KIND = 'core.backup';
/** The backup job's steps in order (`JobInfo.step`): dumping the database, writing the file, deleting the oldest files. */
export const BACKUP_STEPS = ['dump', 'write', 'prune'] as const;
/** One of `BACKUP_STEPS`. */
export type BackupStep = (typeof BACKUP_STEPS)[number];
