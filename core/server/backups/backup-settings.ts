import { resolve } from 'node:path';

/** Where the running server keeps its backups, how many, and when the daily one runs (config `backups`). */
export interface BackupSettings {
  /** An absolute directory, outside the data directory (a dump of that directory would hold the older backups). */
  readonly dir: string;
  /** Backups kept: after each one, older files beyond this count are deleted. */
  readonly keep: number;
  /** A 5-field cron expression in UTC for `core.backup-daily`; null: no scheduled backups. */
  readonly schedule: string | null;
}

export const DEFAULT_BACKUPS_KEEP = 7;
/** 02:30 UTC: a quiet hour for most offices, before the kernel's other night work. */
export const DEFAULT_BACKUPS_SCHEDULE = '30 2 * * *';

/**
 * `<dataDir>-backups`, beside the data directory and never inside it: the data directory must hold
 * only the database (start-up refuses other files there), and a dump of it would carry every older
 * backup along. Deleting or replacing the data directory leaves its backups where they were.
 */
export function defaultBackupsDir(dataDir: string): string {
  return `${resolve(dataDir)}-backups`;
}
