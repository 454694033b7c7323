import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupFile } from '@core/shared/backups';

/** `erp-20261129T023000.123Z.tar.gz`: a UTC timestamp, so names sort oldest to newest. */
const BACKUP_NAME = /^erp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z\.tar\.gz$/;
/** A half-written backup a stopped server left behind (backup-archive.ts writes `.<name>.<random>.partial`). */
const LEFTOVER = /^\.erp-.*\.partial$/;

/** The file name of a backup taken at `at`. */
export function backupFileName(at: Date): string {
  return `erp-${at.toISOString().replace(/[-:]/g, '')}.tar.gz`;
}

function takenAt(name: string): string | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, millis] = match;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}Z`;
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    // No backup has been taken yet.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The backups in `dir`, newest first; other files there are not the server's and are left out. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = (await namesIn(dir))
    .filter((name) => takenAt(name) !== null)
    .sort()
    .reverse();
  const files: BackupFile[] = [];
  for (const name of names) {
    try {
      const { size } = await stat(join(dir, name));
      files.push({ name, size, created_at: takenAt(name) ?? '' });
    } catch (error) {
      // Pruned between the listing and the look.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
}

/** Deletes the backups beyond the newest `keep`; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((file) => file.name);
  for (const name of old) await unlink(join(dir, name)).catch(() => undefined);
  return old;
}

/** Deletes half-written backups of a server stopped mid-way (one backup runs at a time, so none is in progress). */
export async function removeLeftovers(dir: string): Promise<void> {
  for (const name of (await namesIn(dir)).filter((candidate) => LEFTOVER.test(candidate)))
    await unlink(join(dir, name)).catch(() => undefined);
}
