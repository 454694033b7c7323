import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { LOCK_FILE } from './data-dir-lock';
import { makeDirectory } from './make-directory';

/*
 * A backup is PGlite's data-directory dump (`dumpDataDir`: a ustar archive of every file, names
 * starting with "/"), gzipped, less this server's lock files: a restored directory must not say it
 * is held by the process that was backed up. Restoring unpacks it with the same small reader, so a
 * restore takes the new directory's lock first and never starts PGlite on files it is still writing.
 * `tar xzf` unpacks one as well.
 */

const BLOCK = 512;
/** ustar type flags: a file ('0', or NUL in old archives) and a directory ('5'); PGlite writes no others. */
const FILE_TYPES = new Set(['0', '\0']);
const DIRECTORY_TYPE = '5';

/**
 * Measured on a fresh 43 MB dump: level 1 takes 0.37 s for 6.0 MB, the default 6 takes 1.0 s for
 * 5.2 MB. The dump is mostly zero-filled WAL and pages, which any level squeezes.
 */
const GZIP_LEVEL = 1;

/** The backup file is not an archive this code wrote, or it is cut short. */
export class BackupArchiveError extends Error {}

interface Entry {
  readonly name: string;
  readonly type: string;
  /** The header and the data blocks, as they stand in the archive. */
  readonly blocks: Buffer;
  readonly data: Buffer;
}

function field(header: Buffer, start: number, length: number): string {
  const text = header.subarray(start, start + length).toString('utf8');
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

function* entriesOf(archive: Buffer): Generator<Entry> {
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    // Two zero blocks end an archive; one is enough to know the entries are over.
    if (header.every((byte) => byte === 0)) return;
    if (field(header, 257, 5) !== 'ustar')
      throw new BackupArchiveError(`not a tar archive (no ustar header at byte ${offset})`);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new BackupArchiveError(`a damaged header at byte ${offset}`);
    const prefix = field(header, 345, 155);
    const name = prefix === '' ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`;
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (offset + BLOCK + size > archive.length) throw new BackupArchiveError(`the archive is cut short inside ${name}`);
    yield {
      name,
      type: String.fromCharCode(header[156] ?? 0),
      blocks: archive.subarray(offset, end),
      data: archive.subarray(offset + BLOCK, offset + BLOCK + size),
    };
    offset = end;
  }
  throw new BackupArchiveError('the archive is cut short (no end-of-archive block)');
}

function isLockFile(name: string): boolean {
  return basename(name).startsWith(LOCK_FILE);
}

/** The archive's blocks without the lock files, then the end-of-archive blocks. */
function* withoutLocks(dump: Buffer): Generator<Buffer> {
  for (const entry of entriesOf(dump)) if (!isLockFile(entry.name)) yield entry.blocks;
  yield Buffer.alloc(2 * BLOCK);
}

/**
 * Writes a data-directory dump to `file` as a gzipped archive: into a temporary name beside it,
 * flushed to disk, then renamed, so `file` is either absent or whole. Returns its size in bytes.
 */
export async function writeBackupFile(dump: Blob, file: string, signal?: AbortSignal): Promise<number> {
  const archive = Buffer.from(await dump.arrayBuffer());
  makeDirectory(dirname(file));
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    // The whole database, password hashes included: for the server's user alone. `flush`: on disk before the rename.
    const output = createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true });
    await pipeline(Readable.from(withoutLocks(archive)), createGzip({ level: GZIP_LEVEL }), output, { signal });
    await rename(temporary, file);
    return (await stat(file)).size;
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** The path inside `dir` an entry unpacks to; a name that climbs out of it is refused. */
function placeOf(dir: string, name: string): string | null {
  const relative = normalize(name.replace(/^\/+/, ''));
  if (relative === '.' || relative === '') return null;
  if (relative === '..' || relative.startsWith(`..${sep}`))
    throw new BackupArchiveError(`the entry ${name} points outside the data directory`);
  return join(dir, relative);
}

/**
 * Unpacks a backup file into `dir` (which the caller holds locked and knows to be empty), leaving
 * out lock files. Returns the number of files written.
 */
export async function unpackBackupFile(file: string, dir: string): Promise<number> {
  let archive: Buffer;
  try {
    archive = await promisify(gunzip)(await readFile(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new BackupArchiveError('not a gzip file, or a damaged one');
    throw error;
  }
  const entries = [...entriesOf(archive)];
  if (!entries.some((entry) => entry.name.replace(/^\/+/, '') === 'PG_VERSION'))
    throw new BackupArchiveError('it holds no PG_VERSION: not a database backup');
  let files = 0;
  // A thousand small files: written one after another without a turn of the event loop each.
  const made = new Set<string>([dir]);
  const directory = (path: string): void => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true });
    made.add(path);
  };
  for (const entry of entries) {
    const place = placeOf(dir, entry.name);
    if (place === null || isLockFile(entry.name)) continue;
    if (entry.type === DIRECTORY_TYPE) {
      directory(place);
    } else if (FILE_TYPES.has(entry.type)) {
      directory(dirname(place));
      writeFileSync(place, entry.data, { flag: 'wx', mode: 0o600 });
      files += 1;
    } else {
      throw new BackupArchiveError(
        `the entry ${entry.name} is of a type a data directory does not hold (${JSON.stringify(entry.type)})`,
      );
    }
  }
  return files;
}
