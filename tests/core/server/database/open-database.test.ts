import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { openDatabase } from '@core/server/database/open-database';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-open-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function openError(location: { dataDir: string; databaseUrl?: string }): Promise<DatabaseOpenError> {
  const error: unknown = await openDatabase(location).then(
    async (db) => {
      await db.close();
      return null;
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DatabaseOpenError);
  return error as DatabaseOpenError;
}

describe('openDatabase refuses a place it cannot use with a DatabaseOpenError saying where and what', () => {
  it('a data directory path that is a file', async () => {
    const file = join(root, 'file');
    writeFileSync(file, 'text');
    expect((await openError({ dataDir: file })).message).toBe(`the data directory ${file} is a file, not a directory`);
  });

  it('a directory of other files, which it leaves as it was', async () => {
    const documents = join(root, 'documents');
    mkdirSync(documents);
    writeFileSync(join(documents, 'notes.txt'), 'mine');
    expect((await openError({ dataDir: documents })).message).toContain(
      `the data directory ${documents} is not a usable database`,
    );
    expect(readdirSync(documents)).toEqual(['notes.txt']);
  });

  it('a directory under /proc, which refuses new directories, at once instead of never', async () => {
    const started = Date.now();
    expect((await openError({ dataDir: '/proc/erp/data' })).message).toBe(
      'the data directory /proc/erp/data cannot be created: the file system refuses a new directory /proc/erp',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('an unreachable PostgreSQL, named by host, port and database but never by its password', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const { message } = await openError({
      dataDir: join(root, 'unused'),
      databaseUrl: `postgres://erp:Secret-Word-77@127.0.0.1:${port}/erp`,
    });
    expect(message).toMatch(new RegExp(`^cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port}/erp: `));
    expect(message).not.toContain('Secret-Word-77');
  });
});
