import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  lines,
  runToExit,
  scratchDir,
  startServer,
  stopServer,
  type RunningServer,
} from './support/server-process';

const LOCK_FILE = 'erp-server.lock';

let root: string;
let dataDir: string;
let first: RunningServer;

beforeAll(async () => {
  root = scratchDir('lock');
  dataDir = join(root, 'data');
  first = await startServer(dataDir);
});
afterAll(() => {
  first.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function lockHolder(): number | null {
  const path = join(dataDir, LOCK_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { pid: number }).pid : null;
}

describe('one server process per PGlite data directory', () => {
  it('refuses a second server with one line naming the directory and the holder, exit code 1', async () => {
    const second = await runToExit(dataDir);
    console.log(
      `second server on a live directory: exit ${second.code} after ${second.ms} ms: ${second.stderr.trim()}`,
    );
    expect(second.stdout).not.toContain('listening');
    expect(second.code).toBe(1);
    expect(lines(second.stderr)).toHaveLength(1);
    expect(second.stderr).toContain(dataDir);
    expect(second.stderr).toContain(`pid ${first.pid}`);
  });

  it('refuses --seed-demo on the live directory the same way', async () => {
    const seeding = await runToExit(dataDir, { args: ['--seed-demo'] });
    console.log(
      `--seed-demo on a live directory: exit ${seeding.code} after ${seeding.ms} ms: ${seeding.stderr.trim()}`,
    );
    expect(seeding.code).toBe(1);
    expect(lines(seeding.stderr)).toHaveLength(1);
    expect(seeding.stderr).toContain(dataDir);
    expect(seeding.stderr).toContain(`pid ${first.pid}`);
  });

  it('refuses npm run db:backup on the live directory with one line naming the server’s own backup action', async () => {
    const file = join(root, 'live.tar.gz');
    const backup = await runToExit(dataDir, { args: ['--db-backup', file] });
    console.log(`db:backup on a live directory: exit ${backup.code} after ${backup.ms} ms: ${backup.stderr.trim()}`);
    expect(backup.code).toBe(1);
    expect(lines(backup.stderr)).toHaveLength(1);
    expect(backup.stderr).toContain(`pid ${first.pid}`);
    expect(backup.stderr).toContain('POST /api/system/backups');
    expect(existsSync(file)).toBe(false);
  });

  it('recovers the stale lock a kill -9 leaves: the next server starts with the data, and a stop releases it', async () => {
    const api = await Api.signIn(first.url);
    const article = await api.expect<{ id: number }>(201, 'POST', '/api/finance/articles', {
      name: 'Kept across kill -9',
      direction: 'income',
    });
    expect(lockHolder()).toBe(first.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing ran at the kill: the lock still names the dead process.
    expect(lockHolder()).toBe(first.pid);

    const started = performance.now();
    const next = await startServer(dataDir);
    console.log(`start after kill -9 with a stale lock: listening after ${Math.round(performance.now() - started)} ms`);
    try {
      expect(lockHolder()).toBe(next.pid);
      const again = await Api.signIn(next.url);
      const kept = await again.expect<{ name: string }>(200, 'GET', `/api/finance/articles/${article.id}`);
      expect(kept.name).toBe('Kept across kill -9');
    } finally {
      const exit = await stopServer(next);
      expect(exit.code).toBe(0);
    }
    expect(lockHolder()).toBeNull();
  });
});
