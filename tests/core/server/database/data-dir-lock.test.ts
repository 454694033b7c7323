import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLock, LOCK_FILE } from '@core/server/database/data-dir-lock';
import { DatabaseOpenError } from '@core/server/database/database-open-error';

let dir: string;
let lockPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erp-lock-'));
  lockPath = join(dir, LOCK_FILE);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function holderPid(): number {
  return (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

async function refusal(): Promise<DatabaseOpenError> {
  const error: unknown = await DataDirLock.acquire(dir).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DatabaseOpenError);
  return error as DatabaseOpenError;
}

describe('DataDirLock', () => {
  it('holds the directory for one owner: another is refused naming the directory and the pid, until it is released', async () => {
    const lock = await DataDirLock.acquire(dir);
    expect(holderPid()).toBe(process.pid);
    const refused = await refusal();
    expect(refused.message).toContain(dir);
    expect(refused.message).toContain(`pid ${process.pid}`);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    (await DataDirLock.acquire(dir)).release();
    // Only the lock itself was ever written: no drafts or guards are left behind.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lets exactly one of many simultaneous takers have it', async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => DataDirLock.acquire(dir)));
    const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const attempt of attempts) if (attempt.status === 'fulfilled') attempt.value.release();
  });

  it('recovers the lock of a process that is gone', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: deadPid(), host: hostname(), started: null }));
    const lock = await DataDirLock.acquire(dir);
    expect(holderPid()).toBe(process.pid);
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'recovers a lock whose pid now belongs to a newer process (started at another time)',
    async () => {
      writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), started: 'another-boot/1' }));
      const lock = await DataDirLock.acquire(dir);
      expect(holderPid()).toBe(process.pid);
      lock.release();
    },
  );

  it('recovers a lock file that holds no owner', async () => {
    writeFileSync(lockPath, 'garbage');
    (await DataDirLock.acquire(dir)).release();
  });

  it('refuses a lock held from another machine, which cannot be checked from here', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: deadPid(), host: 'another-machine', started: null }));
    const { message } = await refusal();
    expect(message).toContain('on another-machine');
    expect(message).toContain(`if that server is gone, delete ${lockPath}`);
  });

  it.runIf(process.getuid?.() !== 0)('refuses a directory it cannot write its lock into, naming it', async () => {
    chmodSync(dir, 0o500);
    try {
      expect((await refusal()).message).toBe(`the data directory ${dir} cannot be locked: EACCES`);
    } finally {
      chmodSync(dir, 0o700);
    }
  });

  it('leaves alone, on release, a lock that is no longer its own', async () => {
    const lock = await DataDirLock.acquire(dir);
    const someoneElse = JSON.stringify({ pid: 1, host: hostname(), started: null });
    writeFileSync(lockPath, someoneElse);
    lock.release();
    expect(readFileSync(lockPath, 'utf8')).toBe(someoneElse);
  });
});
