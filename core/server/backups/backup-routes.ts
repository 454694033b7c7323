import type { FastifyInstance } from 'fastify';
import type { BackupsOverview } from '@core/shared/backups';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { JobInfo } from '@core/shared/jobs';
import type { Database } from '../database/database';
import { conflict } from '../http/api-error';
import { actorOf } from '../resource/route-kit';
import { assertNoBody } from '../http/no-input';
import type { JobKind, Jobs } from '../jobs/types';
import { listBackups } from './backup-directory';
import { BACKUP_KEY } from './backup-job';
import type { BackupSettings } from './backup-settings';
import { BACKUPS_ON_POSTGRES } from './messages-ru';

const SYSTEM_SETTINGS = { access: { requires: 'JS' } } as const;

export interface BackupRoutesOptions {
  readonly db: Database;
  readonly jobs: Jobs;
  readonly settings: BackupSettings;
  /** The backup kind; null on PostgreSQL, where the server takes no backups. */
  readonly kind: JobKind<null> | null;
}

/**
 * `POST /api/system/backups` (no body) queues a backup and answers 202 with its job (the queued
 * one, when a backup already waits); 409 on PostgreSQL. `GET /api/system/backups` lists them.
 */
export function registerBackupRoutes(app: FastifyInstance, { db, jobs, settings, kind }: BackupRoutesOptions): void {
  app.get('/api/system/backups', { config: SYSTEM_SETTINGS }, async (): Promise<DataEnvelope<BackupsOverview>> => {
    if (kind === null)
      return { data: { database: 'postgres', dir: null, keep: settings.keep, schedule: null, files: [] } };
    return {
      data: {
        database: 'pglite',
        dir: settings.dir,
        keep: settings.keep,
        schedule: settings.schedule,
        files: await listBackups(settings.dir),
      },
    };
  });

  app.post(
    '/api/system/backups',
    { config: SYSTEM_SETTINGS },
    async (request, reply): Promise<DataEnvelope<JobInfo>> => {
      assertNoBody(request.body);
      if (kind === null) throw conflict(BACKUPS_ON_POSTGRES);
      const id = await kind.enqueue(db, null, {
        createdBy: actorOf(request).id,
        dedupeKey: BACKUP_KEY,
        concurrencyKey: BACKUP_KEY,
      });
      const job = await jobs.find(id);
      if (job === null) throw new Error(`The backup job ${id} vanished right after it was queued.`);
      reply.code(202);
      return { data: job };
    },
  );
}
