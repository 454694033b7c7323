import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseOpenError } from './database-open-error';

/** The lock file inside a PGlite data directory; it exists while a process has the directory open. */
export const LOCK_FILE = 'erp-server.lock';

/** Who holds a directory: enough to tell a live holder from a dead one whose pid has been reused. */
interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** Boot id and start time of the process (Linux); null where the system does not say. */
  readonly started: string | null;
}

/** A recovery that has not finished in this time was cut short by a killed process; its guard is void. */
const RECOVERY_GUARD_MAX_AGE_MS = 10_000;
const ATTEMPTS = 50;
const RETRY_DELAY_MS = 50;

function processStart(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat is the start time in clock ticks since boot; the command name
    // (field 2) may hold spaces and parentheses, so fields are counted after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime === undefined ? null : `${boot}/${startTime}`;
  } catch {
    return null;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The lock file's text; null when it has gone meanwhile. */
function readLockText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string') return null;
    return {
      pid: value.pid as number,
      host: value.host,
      started: typeof value.started === 'string' ? value.started : null,
    };
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  // A process on another machine sharing the directory cannot be checked from here: it counts as running.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (errorCode(error) === 'ESRCH') return false;
  }
  // The pid is taken, by the holder or by a newer process that reused it after the holder died.
  const started = processStart(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/** The directory is held by a running process (a backup of it is that process's to take). */
export class DataDirInUseError extends DatabaseOpenError {}

function inUse(dir: string, path: string, holder: LockHolder): DatabaseOpenError {
  const where = `the data directory ${dir} is in use by another server process`;
  if (holder.host === hostname()) return new DataDirInUseError(`${where} (pid ${holder.pid}); stop it first`);
  // A container re-created with a new host name also lands here; only the operator can tell.
  return new DataDirInUseError(
    `${where} (pid ${holder.pid} on ${holder.host}); if that server is gone, delete ${path}`,
  );
}

/**
 * Removes a dead holder's lock. Two processes may find the same stale lock at once; a guard file
 * lets one of them at a time re-read the lock and delete it only when it is still the stale one,
 * so neither deletes a lock the other has just taken.
 */
async function removeStaleLock(path: string, staleText: string): Promise<void> {
  const guard = `${path}.recovery`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > RECOVERY_GUARD_MAX_AGE_MS) unlinkSync(guard);
    } catch (statError) {
      if (errorCode(statError) !== 'ENOENT') throw statError;
    }
    await sleep(RETRY_DELAY_MS);
    return;
  }
  try {
    if (readLockText(path) === staleText) unlinkSync(path);
  } finally {
    unlinkSync(guard);
  }
}

/** Locks still held when the process exits normally or on an uncaught error; kill -9 leaves a stale one. */
const held = new Set<DataDirLock>();
let releasesOnExit = false;

/**
 * Exclusive use of a PGlite data directory by one process. PGlite is one embedded PostgreSQL per
 * process with no shared-memory interlock, so a second process on the same files would acknowledge
 * writes that are then lost, and may leave the directory unable to start.
 */
export class DataDirLock {
  private constructor(
    private readonly path: string,
    private readonly text: string,
  ) {}

  /** Takes the directory's lock, recovering one left by a dead process; refuses a running holder. */
  static async acquire(dir: string): Promise<DataDirLock> {
    try {
      return await DataDirLock.take(dir);
    } catch (error) {
      if (error instanceof DatabaseOpenError) throw error;
      // A read-only directory or a full disk: the lock file cannot be written.
      throw new DatabaseOpenError(`the data directory ${dir} cannot be locked: ${errorCode(error) ?? String(error)}`);
    }
  }

  private static async take(dir: string): Promise<DataDirLock> {
    const path = join(dir, LOCK_FILE);
    const text = JSON.stringify({
      pid: process.pid,
      host: hostname(),
      started: processStart(process.pid),
    } satisfies LockHolder);
    // Written whole under a private name, then linked into place: linking fails while a lock exists,
    // so exactly one process wins, and nobody ever reads a half-written lock.
    const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, text, { flag: 'wx' });
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        try {
          linkSync(draft, path);
          return DataDirLock.hold(path, text);
        } catch (error) {
          if (errorCode(error) !== 'EEXIST') throw error;
        }
        const current = readLockText(path);
        if (current === null) continue;
        const holder = parseHolder(current);
        if (holder !== null && isRunning(holder)) throw inUse(dir, path, holder);
        await removeStaleLock(path, current);
      }
    } finally {
      unlinkSync(draft);
    }
    throw new DatabaseOpenError(`the data directory ${dir} could not be locked: its lock file ${path} keeps changing`);
  }

  private static hold(path: string, text: string): DataDirLock {
    const lock = new DataDirLock(path, text);
    held.add(lock);
    if (!releasesOnExit) {
      releasesOnExit = true;
      process.on('exit', () => {
        for (const lock of held) lock.release();
      });
    }
    return lock;
  }

  /** Gives the directory up; a lock that is no longer this one's (removed by hand, say) is left alone. */
  release(): void {
    if (!held.delete(this)) return;
    try {
      if (readLockText(this.path) === this.text) unlinkSync(this.path);
    } catch {
      // The directory itself may be gone (a test's temporary one): nothing is left to unlock.
    }
  }
}
