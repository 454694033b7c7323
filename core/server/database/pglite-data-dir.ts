import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE } from './data-dir-lock';
import { DatabaseOpenError } from './database-open-error';
import { makeDirectory } from './make-directory';

// What can be told before PGlite opens a directory is told here, at once and in words: PGlite itself
// reports a file in the way as a bare `ErrnoError { errno: 54 }` seconds later, and damaged files as
// `Aborted()` or "failed to initialize properly", with PostgreSQL's own reason only on its stderr.

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function fileSystemProblem(dir: string, error: unknown): DatabaseOpenError {
  const code = errorCode(error);
  if (code === 'ENOTDIR')
    return new DatabaseOpenError(
      `the data directory ${dir} cannot be used: a part of its path is a file, not a directory`,
    );
  if (code === 'EACCES' || code === 'EPERM')
    return new DatabaseOpenError(`the data directory ${dir} cannot be used: permission denied`);
  // A pseudo file system (/proc, /sys) refuses a new directory although its parent exists.
  const refused = (error as NodeJS.ErrnoException).path;
  if (code === 'ENOENT' && refused !== undefined)
    return new DatabaseOpenError(
      `the data directory ${dir} cannot be created: the file system refuses a new directory ${refused}`,
    );
  return new DatabaseOpenError(`the data directory ${dir} cannot be used: ${code ?? String(error)}`);
}

/** Makes sure `dir` is a directory, creating it when missing, before its lock is taken. */
export function prepareDataDir(dir: string): void {
  let stats: Stats | null;
  try {
    stats = statOrNull(dir);
    if (stats === null) makeDirectory(dir);
  } catch (error) {
    throw fileSystemProblem(dir, error);
  }
  if (stats !== null && !stats.isDirectory())
    throw new DatabaseOpenError(`the data directory ${dir} is a file, not a directory`);
}

/**
 * Checks, under the lock, that `dir` is empty (PGlite creates a database in it) or holds the
 * pieces every PostgreSQL data directory has.
 */
export function checkDatabaseFiles(dir: string): void {
  const problem = (what: string) =>
    new DatabaseOpenError(`the data directory ${dir} is not a usable database: ${what}`);
  try {
    const entries = readdirSync(dir).filter((name) => !name.startsWith(LOCK_FILE));
    if (entries.length === 0) return;
    if (!entries.includes('PG_VERSION'))
      throw problem('it holds other files and no PG_VERSION (choose an empty or new directory)');
    const version = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
    if (!/^\d+$/.test(version)) throw problem(`PG_VERSION holds "${version.slice(0, 20)}", not a PostgreSQL version`);
    if (!statOrNull(join(dir, 'base'))?.isDirectory()) throw problem('the base/ directory with the tables is missing');
    if (!statOrNull(join(dir, 'global', 'pg_control'))?.isFile()) throw problem('global/pg_control is missing');
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw error;
    throw fileSystemProblem(dir, error);
  }
}

/** PGlite's file-system errors are plain objects with an Emscripten errno and no message. */
function ownReason(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.message;
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? `file system error (errno ${errno})` : String(error);
}

const KEPT_LINES = 20;
// "2026-11-24 08:13:20.228 UTC [42] FATAL:  database files are incompatible with server"
const LOG_LINE = /^(?:\S+ \S+ \S+ \[\d+\] )?(PANIC|FATAL|ERROR|DETAIL|HINT):\s+(.*)$/;

/** The last lines PostgreSQL wrote while PGlite started, to say why a start failed. */
export class StartupLog {
  private readonly lines: string[] = [];
  private started = false;

  /** PGlite's stderr callback; returning true keeps the line off the console. */
  readonly write = (line: string): boolean => {
    if (!this.started) {
      this.lines.push(line);
      if (this.lines.length > KEPT_LINES) this.lines.shift();
    }
    return true;
  };

  /** The start succeeded: later lines are PGlite's business, as before. */
  markStarted(): void {
    this.started = true;
    this.lines.length = 0;
  }

  /** PostgreSQL's reason (its last PANIC or FATAL with the DETAIL after it), else the error's own first line. */
  failure(dir: string, error: unknown): DatabaseOpenError {
    const parsed = this.lines.map((line) => LOG_LINE.exec(line.trim())).filter((match) => match !== null);
    const last = parsed.findLastIndex((match) => match[1] === 'PANIC' || match[1] === 'FATAL');
    const detail = parsed[last + 1]?.[1] === 'DETAIL' ? ` (${parsed[last + 1]?.[2]})` : '';
    const reason = last >= 0 ? `${parsed[last]?.[2]}${detail}` : ownReason(error);
    return new DatabaseOpenError(`the database in ${dir} cannot be opened: ${reason}`);
  }
}
