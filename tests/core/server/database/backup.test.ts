import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin, type JobKind } from '@core/sdk/server';
import { bearer, DB_TIMEOUT, freshDatabase, mintToken, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer, type ApiServerOptions } from '@core/server/api-server';
import { registerBackupRoutes } from '@core/server/backups/backup-routes';
import { backupFileName, listBackups, pruneBackups } from '@core/server/backups/backup-directory';
import { BackupArchiveError, writeBackupFile } from '@core/server/database/backup-archive';
import { backupDataDirectory, BackupCommandError, restoreDataDirectory } from '@core/server/database/backup-data-dir';
import { DataDirInUseError } from '@core/server/database/data-dir-lock';
import type { Database } from '@core/server/database/database';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import type { Jobs } from '@core/server/jobs';
import type { BackupsOverview } from '@core/shared/backups';
import type { JobInfo } from '@core/shared/jobs';
import { dbCommandOf, dbCommandProblem } from '@host/server/db-backup-cli';

/*
 * A backup, taken by the running server's job or by `npm run db:backup` from a stopped data
 * directory, restores into a new directory that opens with the same records.
 */

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-backup-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const NOTES = Array.from({ length: 50 }, (_, index) => `note ${index} — заметка`);

async function writeNotes(db: Database): Promise<void> {
  await db.exec('CREATE TABLE public.backup_notes (id serial PRIMARY KEY, note text NOT NULL)');
  for (const note of NOTES) await db.query('INSERT INTO public.backup_notes (note) VALUES ($1)', [note]);
}

/** The notes in the database restored into `dir`. */
async function notesIn(dir: string): Promise<string[]> {
  const db = await PgliteDatabase.open(dir);
  try {
    return (await db.query<{ note: string }>('SELECT note FROM public.backup_notes ORDER BY id')).rows.map(
      (row) => row.note,
    );
  } finally {
    await db.close();
  }
}

async function until<T>(check: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A job that holds the runner (one job at a time) until released, so the backup stays queued meanwhile. */
let release: () => void = () => undefined;
let hold!: JobKind<null>;
const holder = defineServerPlugin({
  manifest: {
    id: 'lab',
    version: '0.0.1',
    sdk: '^2.0.0',
    titleKey: 'lab:title',
    service: 'lab',
    dependencies: [],
    namespaces: ['lab'],
    pages: [],
  },
  migrations: [],
  register(_app, context) {
    hold = context.jobs.define<null>({
      kind: 'lab.hold',
      requires: 'JS',
      run: () => new Promise<void>((done) => (release = done)),
    });
  },
});

/** The server's own backup and the npm commands dump PGlite's data directory; the postgres stage's run has none. */
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe.skipIf(onPostgres)('the running server backs itself up (core.backup, /api/system/backups)', () => {
  const serverOptions = (on: Database): ApiServerOptions => ({
    db: on,
    secret: TEST_SECRET,
    plugins: [holder],
    runtimeConfig: TEST_RUNTIME_CONFIG,
    pluginSettings: {},
    webRoot: null,
    logger: false,
    // A short lease: the restored server takes over the job the dump caught running within a second.
    jobs: { pollMs: 25, leaseMs: 900, stopGraceMs: 200, abortGraceMs: 200, concurrency: 1 },
    backups: { dir: backups, keep: 7, schedule: null },
  });
  let db: Database;
  let app: FastifyInstance;
  let backups: string;
  const admin = bearer(mintToken(['JS']));

  beforeAll(async () => {
    db = await freshDatabase([]);
    await writeNotes(db);
    backups = join(root, 'server-backups');
    app = await createApiServer(serverOptions(db));
    await app.ready();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it(
    '"Back up now" queues one job however often it is clicked, and its file restores with the same records',
    async () => {
      const held = await hold.enqueue(db, null);
      await until(
        async () =>
          (await app.inject({ url: `/api/jobs/${held}`, headers: admin })).json<{ data: JobInfo }>().data.state ===
          'running'
            ? true
            : null,
        'the runner to be busy',
      );
      const click = () => app.inject({ method: 'POST', url: '/api/system/backups', headers: admin });
      const clicks = [await click(), await click()];
      release();
      for (const click of clicks) expect(click.statusCode, click.body).toBe(202);
      const [first, second] = clicks.map((click) => click.json<{ data: JobInfo }>().data);
      expect(first).toMatchObject({ kind: 'core.backup', label: 'Database backup' });
      expect(second?.id).toBe(first?.id);

      const job = await until(async () => {
        const { data } = (await app.inject({ url: `/api/jobs/${first?.id}`, headers: admin })).json<{
          data: JobInfo;
        }>();
        return data.state === 'queued' || data.state === 'running' ? null : data;
      }, 'the backup job');
      expect(job).toMatchObject({ state: 'succeeded', step: 'prune', percent: 100 });
      const logs = await app.inject({
        url: `/api/jobs/${job.id}/logs`,
        headers: { ...admin, 'accept-language': 'ru' },
      });
      expect(logs.body).toContain('Записан файл erp-');

      const listed = await app.inject({ url: '/api/system/backups', headers: admin });
      const overview = listed.json<{ data: BackupsOverview }>().data;
      expect(overview).toMatchObject({ database: 'pglite', dir: backups, keep: 7, schedule: null });
      expect(overview.files).toHaveLength(1);
      const [file] = overview.files;
      expect(file?.name).toBe((job.result as { file: string }).file);
      expect(file?.size).toBeGreaterThan(100_000);
      // Nothing half-written is left beside it.
      expect(readdirSync(backups)).toEqual([file?.name]);

      const restored = join(root, 'from-server');
      const report = await restoreDataDirectory(join(backups, file?.name ?? ''), restored);
      expect(report.migrations).toBeGreaterThan(0);

      // A server on the restored database: the same records, and the backup job the dump caught running
      // is taken over and found done (its file is there) rather than run again.
      const again = await PgliteDatabase.open(restored);
      const server = await createApiServer({ ...serverOptions(again), plugins: [] });
      try {
        await server.ready();
        expect(
          (await again.query<{ note: string }>('SELECT note FROM public.backup_notes ORDER BY id')).rows.map(
            (row) => row.note,
          ),
        ).toEqual(NOTES);
        const resumed = await until(async () => {
          const found = await again.query<{ state: string; result: unknown }>(
            'SELECT state, result FROM core.jobs WHERE id = $1',
            [job.id],
          );
          return found.rows[0]?.state === 'succeeded' ? found.rows[0] : null;
        }, 'the restored backup job to be taken over');
        expect(resumed.result).toEqual(job.result);
        expect(readdirSync(backups)).toEqual([file?.name]);
      } finally {
        await server.close();
        await again.close();
      }
    },
    DB_TIMEOUT,
  );

  it('is for holders of JS, and takes no body', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/system/backups', headers: bearer(mintToken(['UR'])) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/system/backups', headers: bearer(mintToken(['UR'])) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/system/backups' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/system/backups', headers: admin, payload: { dir: '/etc' } }))
        .statusCode,
    ).toBe(422);
  });
});

it('on PostgreSQL the action answers 409 pointing to pg_dump, in en and ru, and the list says PostgreSQL', async () => {
  const app = fastify();
  const settings = { dir: join(root, 'unused'), keep: 7, schedule: '30 2 * * *' };
  registerBackupRoutes(app, { db: {} as Database, jobs: {} as Jobs, settings, kind: null });
  const post = await app.inject({ method: 'POST', url: '/api/system/backups' });
  expect(post.statusCode).toBe(409);
  expect(post.json<{ message: string }>().message).toContain('pg_dump -Fc');
  const list = await app.inject({ url: '/api/system/backups' });
  expect(list.json<{ data: BackupsOverview }>().data).toEqual({
    database: 'postgres',
    dir: null,
    keep: 7,
    schedule: null,
    files: [],
  });
  await app.close();
});

describe.skipIf(onPostgres)('npm run db:backup and db:restore, on directories no server holds', () => {
  let stopped: string;
  let backup: string;

  beforeAll(async () => {
    // A migrated data directory with the notes, on disk: the test template, restored as an operator would.
    const template = await freshDatabase([]);
    const seed = join(root, 'seed.tar.gz');
    try {
      await writeNotes(template);
      await writeBackupFile(await (template as PgliteDatabase).dump(), seed);
    } finally {
      await template.close();
    }
    stopped = join(root, 'stopped');
    await restoreDataDirectory(seed, stopped);
    backup = join(root, 'stopped.tar.gz');
  }, DB_TIMEOUT);

  it(
    'backs up a stopped directory; the file restores into a new one with the same records',
    async () => {
      expect(await backupDataDirectory(stopped, backup)).toBeGreaterThan(100_000);
      const restored = join(root, 'from-stopped');
      await restoreDataDirectory(backup, restored);
      expect(await notesIn(restored)).toEqual(NOTES);
      // The backed-up process's lock is not carried into the new directory.
      expect(readdirSync(restored).filter((name) => name.startsWith('erp-server.lock'))).toEqual([]);
    },
    DB_TIMEOUT,
  );

  it('refuses a directory a server holds, naming the server’s own backup action', async () => {
    const db = await PgliteDatabase.open(stopped);
    try {
      const error = await backupDataDirectory(stopped, join(root, 'in-use.tar.gz')).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(DataDirInUseError);
      const line = dbCommandProblem({ action: 'backup', file: 'x', dataDir: null }, error);
      expect(line).toContain(`db:backup: the data directory ${stopped} is in use`);
      expect(line).toContain('"Back up now"');
      expect(line).toContain('POST /api/system/backups');
      expect(existsSync(join(root, 'in-use.tar.gz'))).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('restores only into an empty directory, and leaves one it could not fill empty', async () => {
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'mine');
    await expect(restoreDataDirectory(backup, occupied)).rejects.toThrow(BackupCommandError);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const garbage = join(root, 'garbage.tar.gz');
    writeFileSync(garbage, 'not a backup');
    const empty = join(root, 'empty');
    await expect(restoreDataDirectory(garbage, empty)).rejects.toThrow(BackupArchiveError);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('reads its file and data directory from the arguments', () => {
    expect(dbCommandOf(['--db-backup', 'a.tar.gz'])).toEqual({ action: 'backup', file: 'a.tar.gz', dataDir: null });
    expect(dbCommandOf(['--db-restore', 'a.tar.gz', '--data-dir', '/srv/erp'])).toEqual({
      action: 'restore',
      file: 'a.tar.gz',
      dataDir: '/srv/erp',
    });
    expect(dbCommandOf(['--db-restore'])).toEqual({ action: 'restore', file: null, dataDir: null });
    expect(dbCommandOf(['--seed-demo'])).toBeNull();
    expect(dbCommandOf(['toString'])).toBeNull();
  });
});

it('keeps the newest backups and leaves other files alone', async () => {
  const dir = join(root, 'pruned');
  mkdirSync(dir);
  const names = [0, 1, 2, 3].map((day) => backupFileName(new Date(Date.UTC(2026, 10, 26 + day, 2, 30))));
  for (const name of [...names, 'notes.txt']) writeFileSync(join(dir, name), 'x');
  expect(await pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
  expect((await listBackups(dir)).map((file) => [file.name, file.created_at])).toEqual([
    [names[3], '2026-11-29T02:30:00.000Z'],
    [names[2], '2026-11-28T02:30:00.000Z'],
  ]);
  expect(readdirSync(dir)).toContain('notes.txt');
});
