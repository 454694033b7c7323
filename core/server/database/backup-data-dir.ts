import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unpackBackupFile, writeBackupFile } from './backup-archive';
import { DataDirLock, LOCK_FILE } from './data-dir-lock';
import { prepareDataDir } from './pglite-data-dir';
import { PgliteDatabase } from './pglite-database';

/*
 * Backing up and restoring a data directory no server holds (`npm run db:backup`, `npm run
 * db:restore`). A running server backs itself up (core/server/backups): its directory's lock keeps
 * these away from it.
 */

/** A refusal an operator fixes by choosing another file or directory; said as one line. */
export class BackupCommandError extends Error {}

function entriesBesideLock(dir: string): string[] {
  return readdirSync(dir).filter((name) => !name.startsWith(LOCK_FILE));
}

/** Backs up the database in `dataDir` into `file` (gzipped archive); returns the file's size in bytes. */
export async function backupDataDirectory(dataDir: string, file: string): Promise<number> {
  // Opening an empty or missing directory would create a database in it: there is nothing to back up.
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupCommandError(`there is no database in ${dataDir} to back up`);
  if (existsSync(file)) throw new BackupCommandError(`${file} already exists; name a new file`);
  const db = await PgliteDatabase.open(dataDir);
  try {
    return await writeBackupFile(await db.dump(), file);
  } finally {
    await db.close();
  }
}

export interface RestoreReport {
  readonly files: number;
  /** Migrations the restored database has applied: it opened and answered. */
  readonly migrations: number;
}

/**
 * Restores a backup into `dataDir`, which must be empty or not yet exist (never over a database,
 * which a mistyped path would destroy). The directory is locked while its files are written, then
 * opened once to prove the database starts.
 */
export async function restoreDataDirectory(file: string, dataDir: string): Promise<RestoreReport> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupCommandError(`the backup file ${file} does not exist`);
  prepareDataDir(dataDir);
  const lock = await DataDirLock.acquire(dataDir);
  let files: number;
  try {
    if (entriesBesideLock(dataDir).length > 0) {
      throw new BackupCommandError(
        `the data directory ${dataDir} is not empty; restore only into an empty or new directory`,
      );
    }
    try {
      files = await unpackBackupFile(file, dataDir);
    } catch (error) {
      // It was empty: what was written is half a database, which no server should start on.
      for (const name of entriesBesideLock(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
      throw error;
    }
  } finally {
    lock.release();
  }
  const db = await PgliteDatabase.open(dataDir);
  try {
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM erp_meta.migrations');
    return { files, migrations: rows[0]?.count ?? 0 };
  } finally {
    await db.close();
  }
}
