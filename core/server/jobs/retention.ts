import type { Database } from '../database/database';
import type { JobRegistry } from './registry';

/*
 * Retention: the kernel's daily schedule `core.jobs-retention` deletes finished jobs older than
 * `jobs.retentionDays` (their log lines go with them, ON DELETE CASCADE), except each subject's
 * latest job, which a record's page shows as its job status and log however old it is. Deleted in
 * batches of RETENTION_BATCH, each its own statement, so no delete holds its locks for long nor
 * stalls PGlite's one connection.
 */

export const DEFAULT_RETENTION_DAYS = 30;
export const RETENTION_KIND = 'core.jobs-retention';
/** 03:30 UTC, every day. */
export const RETENTION_CRON = '30 3 * * *';
const RETENTION_BATCH = 1000;

/** Deletes one batch of expired finished jobs; how many it deleted. */
async function deleteBatch(db: Database, retentionDays: number): Promise<number> {
  const { affectedRows } = await db.query(
    `DELETE FROM core.jobs WHERE id IN (
       SELECT old.id FROM core.jobs old
        WHERE old.finished_at < now() - $1 * interval '1 day'
          AND old.state IN ('succeeded', 'failed', 'cancelled')
          AND (old.subject IS NULL OR EXISTS (SELECT 1 FROM core.jobs newer WHERE newer.subject = old.subject AND newer.id > old.id))
        ORDER BY old.finished_at, old.id
        LIMIT $2)`,
    [retentionDays, RETENTION_BATCH],
  );
  return affectedRows;
}

/** Deletes every expired finished job, batch by batch, until none is left or `signal` fires; how many. */
export async function deleteExpiredJobs(db: Database, retentionDays: number, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await deleteBatch(db, retentionDays);
    deleted += batch;
    if (batch < RETENTION_BATCH || signal?.aborted) return deleted;
  }
}

/** Defines the retention kind and its daily schedule on the kernel's registry. */
export function defineRetention(registry: JobRegistry, db: Database, retentionDays: number): void {
  if (!Number.isInteger(retentionDays) || retentionDays < 1)
    throw new Error('jobs.retentionDays must be a whole number of days, at least 1.');
  registry.define({
    kind: RETENTION_KIND,
    requires: 'JS',
    label: { en: 'Old jobs clean-up', ru: 'Очистка старых задач' },
    async run(_job, context) {
      const deleted = await deleteExpiredJobs(db, retentionDays, context.signal);
      await context.log({
        key: 'Finished jobs older than {days:number} days deleted: {count:number}.',
        params: { count: deleted, days: retentionDays },
      });
      return { deleted };
    },
  });
  registry.schedule({ id: RETENTION_KIND, kind: RETENTION_KIND, cron: RETENTION_CRON, missed: 'once' });
}
