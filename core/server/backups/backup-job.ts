import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_JOB_KIND, type BackupStep } from '@core/shared/backups';
import { writeBackupFile } from '../database/backup-archive';
import type { PgliteDatabase } from '../database/pglite-database';
import type { JobKind, Jobs } from '../jobs/types';
import { backupFileName, pruneBackups, removeLeftovers } from './backup-directory';
import type { BackupSettings } from './backup-settings';
import { BACKUP_WRITTEN, BACKUPS_PRUNED } from './messages-ru';

export const BACKUP_SCHEDULE_ID = 'core.backup-daily';
/** Backups run one at a time; a click while one waits adds nothing (jobs' dedupeKey, concurrencyKey). */
export const BACKUP_KEY = BACKUP_JOB_KIND;

export interface BackupResult {
  readonly file: string;
  readonly size: number;
}

interface BackupCheckpoint {
  readonly file: string;
}

/**
 * The backup this job already wrote, when it is resumed on a database restored from that very
 * backup: the dump holds this job as running, so the restored server takes it over. Without this
 * it would take one more backup at once, pruning the oldest. A job cut short before its file was
 * renamed into place finds no file, and backs up again.
 */
async function writtenBefore(dir: string, checkpoint: unknown): Promise<BackupResult | null> {
  const file = (checkpoint as Partial<BackupCheckpoint> | null)?.file;
  if (typeof file !== 'string') return null;
  try {
    return { file, size: (await stat(join(dir, file))).size };
  } catch {
    return null;
  }
}

const PERCENT: Readonly<Record<BackupStep, number>> = { dump: 5, write: 40, prune: 90 };

/**
 * Defines `core.backup` (and `core.backup-daily` unless the schedule is off): the database's
 * data-directory dump, gzipped into `settings.dir`, then the backups beyond `settings.keep` deleted.
 */
export function defineBackupJob(jobs: Jobs, db: PgliteDatabase, settings: BackupSettings): JobKind<null> {
  const kind = jobs.define<null, BackupResult>({
    kind: BACKUP_JOB_KIND,
    requires: 'JS',
    label: { en: 'Database backup', ru: 'Резервная копия базы данных' },
    link: () => '/system-settings',
    // A large database takes a while to compress; a failed one (a full disk) is tried once more.
    timeoutMs: 60 * 60_000,
    maxAttempts: 2,
    run: async (_job, context) => {
      const step = (name: BackupStep) => context.step(name, PERCENT[name]);
      const written = await writtenBefore(settings.dir, context.checkpoint);
      if (written !== null) return written;
      await removeLeftovers(settings.dir);
      const file = backupFileName(new Date());
      // In the dump, so a database restored from it knows this job's file is written (see writtenBefore).
      await context.saveCheckpoint({ file } satisfies BackupCheckpoint);
      await step('dump');
      const dump = await db.dump();
      await step('write');
      const size = await writeBackupFile(dump, join(settings.dir, file), context.signal);
      await context.log({ key: BACKUP_WRITTEN, params: { file, size } });
      await step('prune');
      const deleted = await pruneBackups(settings.dir, settings.keep);
      if (deleted.length > 0)
        await context.log({ key: BACKUPS_PRUNED, params: { count: deleted.length, keep: settings.keep } });
      return { file, size };
    },
  });
  if (settings.schedule !== null) {
    jobs.schedule({
      id: BACKUP_SCHEDULE_ID,
      kind,
      payload: null,
      cron: settings.schedule,
      missed: 'once',
      label: { en: 'Daily database backup', ru: 'Ежедневная резервная копия базы данных' },
    });
  }
  return kind;
}
