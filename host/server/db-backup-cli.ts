import { resolve } from 'node:path';
import { BackupArchiveError } from '@core/server/database/backup-archive';
import { backupDataDirectory, BackupCommandError, restoreDataDirectory } from '@core/server/database/backup-data-dir';
import { DataDirInUseError } from '@core/server/database/data-dir-lock';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { ConfigError, type ErpConfig } from './config';

/*
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: the built server run with
 * `--db-backup` / `--db-restore`, on the data directory the server would use (ERP_DATA_DIR, the
 * configuration files, or `--data-dir <dir>`). Each prints one line and exits 0, or 1 with one line.
 */

export interface DbCommand {
  readonly action: 'backup' | 'restore';
  /** The backup file, as given (read from the directory npm was run in). */
  readonly file: string | null;
  /** `--data-dir`, as given (read from the same directory); null: the configured one. */
  readonly dataDir: string | null;
}

const FLAGS = { '--db-backup': 'backup', '--db-restore': 'restore' } as const;
const USAGE = {
  backup: 'usage: npm run db:backup -- <file.tar.gz> [--data-dir <dir>]',
  restore: 'usage: npm run db:restore -- <file.tar.gz> [--data-dir <empty dir>]',
} as const;

/** The command in the server's arguments (`--db-backup <file> [--data-dir <dir>]`); null when it is not one. */
export function dbCommandOf(args: readonly string[]): DbCommand | null {
  const flag = args.find((arg): arg is keyof typeof FLAGS => Object.hasOwn(FLAGS, arg));
  if (flag === undefined) return null;
  const rest = args.filter((arg) => arg !== flag);
  const at = rest.indexOf('--data-dir');
  const dataDir = at === -1 ? null : (rest[at + 1] ?? '');
  const positional = rest.filter((_, index) => at === -1 || (index !== at && index !== at + 1));
  return { action: FLAGS[flag], file: positional.length === 1 ? (positional[0] ?? null) : null, dataDir };
}

/** A problem told as its one line; null for a fault whose stack the operator needs. */
export function dbCommandProblem(command: DbCommand, error: unknown): string | null {
  const name = `db:${command.action}`;
  if (error instanceof DataDirInUseError) {
    return `${name}: ${error.message.split(';')[0]}. Back it up from the running server instead: "Back up now" under System settings, or POST /api/system/backups`;
  }
  if (error instanceof BackupArchiveError) return `${name}: the backup file cannot be restored: ${error.message}`;
  if (error instanceof ConfigError) return `${name}: configuration error: ${error.message}`;
  if (error instanceof DatabaseOpenError || error instanceof BackupCommandError) return `${name}: ${error.message}`;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `${name}: ${(error as Error).message}`;
  return null;
}

/** Runs the command; resolves with the line that says what was done, or throws what stopped it. */
export async function runDbCommand(command: DbCommand, config: ErpConfig, workingDir: string): Promise<string> {
  if (command.file === null || command.dataDir === '') throw new BackupCommandError(USAGE[command.action]);
  if (config.databaseUrl) {
    const tool = command.action === 'backup' ? 'pg_dump -Fc' : 'pg_restore';
    throw new BackupCommandError(
      `DATABASE_URL points at PostgreSQL, which ${tool} handles (see the README, Operations → Backups); this command is for the embedded database`,
    );
  }
  // What the command line names is read from where it was typed; the configuration's directory as the server reads it.
  const file = resolve(workingDir, command.file);
  const dataDir = command.dataDir === null ? config.dataDir : resolve(workingDir, command.dataDir);
  if (command.action === 'backup') {
    const size = await backupDataDirectory(dataDir, file);
    return `Backed up the database in ${dataDir} to ${file} (${size} bytes).`;
  }
  const report = await restoreDataDirectory(file, dataDir);
  return `Restored ${file} into ${dataDir} (${report.files} files; the database opens with ${report.migrations} migrations applied). Start the server on it with ERP_DATA_DIR=${dataDir}.`;
}
