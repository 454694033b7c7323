import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { lines, runToExit, scratchDir, startServer, stopServer } from './support/server-process';

let root: string;
/** A data directory a server created, migrated and stopped cleanly; each case damages a copy. */
let healthy: string;
/** The file of the table of applied migrations, the first one a start reads after opening. */
let migrationsFile: string;

beforeAll(async () => {
  root = scratchDir('startup');
  healthy = join(root, 'healthy');
  const exit = await stopServer(await startServer(healthy));
  expect(exit, exit.stdout + exit.stderr).toMatchObject({ code: 0 });
  const db = await PgliteDatabase.open(healthy);
  try {
    const { rows } = await db.query<{ path: string }>(`SELECT pg_relation_filepath('erp_meta.migrations') AS path`);
    migrationsFile = rows[0]?.path ?? '';
  } finally {
    await db.close();
  }
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function copyOfHealthy(name: string): string {
  const dir = join(root, name);
  cpSync(healthy, dir, { recursive: true });
  return dir;
}

function filesIn(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** Each case makes a data directory that cannot be used, and returns the path the server is given. */
const CASES: readonly (readonly [string, () => string])[] = [
  [
    'the path is a file',
    () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a directory');
      return file;
    },
  ],
  [
    'the path runs through a file',
    () => {
      const file = join(root, 'another-file');
      writeFileSync(file, 'not a directory');
      return join(file, 'data');
    },
  ],
  [
    'a directory of other files',
    () => {
      const dir = join(root, 'documents');
      mkdirSync(dir);
      writeFileSync(join(dir, 'notes.txt'), 'not a database');
      return dir;
    },
  ],
  [
    'garbage global/pg_control',
    () => {
      const dir = copyOfHealthy('garbage-control');
      writeFileSync(join(dir, 'global', 'pg_control'), randomBytes(8192));
      return dir;
    },
  ],
  [
    'a wrong PG_VERSION',
    () => {
      const dir = copyOfHealthy('wrong-version');
      writeFileSync(join(dir, 'PG_VERSION'), '99\n');
      return dir;
    },
  ],
  [
    'base/ missing',
    () => {
      const dir = copyOfHealthy('no-base');
      rmSync(join(dir, 'base'), { recursive: true });
      return dir;
    },
  ],
  [
    'truncated relation files',
    () => {
      const dir = copyOfHealthy('truncated');
      for (const database of readdirSync(join(dir, 'base'))) {
        for (const file of filesIn(join(dir, 'base', database))) truncateSync(file, 100);
      }
      return dir;
    },
  ],
  [
    'a table file missing (found only when a statement reads it)',
    () => {
      const dir = copyOfHealthy('missing-table');
      rmSync(join(dir, migrationsFile));
      return dir;
    },
  ],
  [
    'a corrupt WAL',
    () => {
      const dir = copyOfHealthy('corrupt-wal');
      for (const segment of filesIn(join(dir, 'pg_wal'))) writeFileSync(segment, randomBytes(statSync(segment).size));
      return dir;
    },
  ],
];

describe('a data directory that cannot be used stops the start with one line naming it, exit code 1', () => {
  it.each(CASES)('%s', async (name, make) => {
    const dataDir = make();
    const exit = await runToExit(dataDir);
    console.log(`${name}: exit ${exit.code} after ${exit.ms} ms: ${exit.stderr.trim()}`);
    expect(exit.stdout).not.toContain('listening');
    expect(exit.code).toBe(1);
    expect(lines(exit.stderr)).toHaveLength(1);
    expect(exit.stderr).toContain(dataDir);
    expect(exit.ms).toBeLessThan(20_000);
  });

  it('a data directory under /proc (a file system that refuses new directories) within 5 s', async () => {
    const exit = await runToExit('/proc/erp/data');
    console.log(`/proc: exit ${exit.code} after ${exit.ms} ms: ${exit.stderr.trim()}`);
    expect(exit.code).toBe(1);
    expect(lines(exit.stderr)).toHaveLength(1);
    expect(exit.stderr).toContain('/proc/erp/data');
    expect(exit.ms).toBeLessThan(5_000);
  });

  it('an unreachable PostgreSQL is one line naming its host and port, never the password', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const exit = await runToExit(join(root, 'unused'), {
      env: { DATABASE_URL: `postgres://erp:Secret-Word-77@127.0.0.1:${port}/erp` },
    });
    console.log(`unreachable PostgreSQL: exit ${exit.code} after ${exit.ms} ms: ${exit.stderr.trim()}`);
    expect(exit.code).toBe(1);
    expect(lines(exit.stderr)).toHaveLength(1);
    expect(exit.stderr).toContain(`127.0.0.1:${port}`);
    expect(exit.stderr + exit.stdout).not.toContain('Secret-Word-77');
  });
});
