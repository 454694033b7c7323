import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirLock } from './data-dir-lock';
import type { Database, Queryable, QueryResult } from './database';
import { checkDatabaseFiles, prepareDataDir, StartupLog } from './pglite-data-dir';
import { KERNEL_RUNNER, StatementTiming, timeStatementsOf } from './statement-timing';
import { RoleDirectory, TransactionRoles } from './transaction-roles';

function toResult<Row>(result: { rows: Row[]; affectedRows?: number }): QueryResult<Row> {
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

// Trigram indexes serve the resource lists' `contains` filters (core/server/resource/indexes.ts);
// PGlite ships the extension but can create it only when it was loaded at open.
const EXTENSIONS = { pg_trgm };

/** Embedded PostgreSQL in a data directory: the default, so a bare machine runs the product. */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  private readonly roles = new RoleDirectory();
  private readonly timing = new StatementTiming();

  private constructor(
    private readonly db: PGlite,
    private readonly lock: DataDirLock | null = null,
  ) {
    timeStatementsOf(this, this.timing);
  }

  /**
   * `dataDir` undefined keeps the database in memory (tests). A directory is locked for this process
   * until `close`; a problem with it is a DatabaseOpenError naming the directory and what is wrong.
   */
  static async open(dataDir: string | undefined): Promise<PgliteDatabase> {
    if (dataDir === undefined) {
      const db = new PGlite({ extensions: EXTENSIONS });
      await db.waitReady;
      return new PgliteDatabase(db);
    }
    prepareDataDir(dataDir);
    const lock = await DataDirLock.acquire(dataDir);
    try {
      checkDatabaseFiles(dataDir);
      const log = new StartupLog();
      const db = new PGlite(dataDir, { extensions: EXTENSIONS, onStderr: log.write });
      try {
        await db.waitReady;
      } catch (error) {
        throw log.failure(dataDir, error);
      }
      log.markStarted();
      return new PgliteDatabase(db, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** Opens a copy of a dumped data directory, so tests migrate once and copy per file. */
  static async fromDump(dump: File | Blob): Promise<PgliteDatabase> {
    const db = new PGlite({ loadDataDir: dump, extensions: EXTENSIONS });
    await db.waitReady;
    return new PgliteDatabase(db);
  }

  async dump(): Promise<File | Blob> {
    return this.db.dumpDataDir('none');
  }

  async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return toResult(await this.timing.time(KERNEL_RUNNER, () => this.db.query<Row>(sql, [...params])));
  }

  async exec(sql: string): Promise<void> {
    await this.timing.time(KERNEL_RUNNER, () => this.db.exec(sql));
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const raw: Queryable = {
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
        query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
          toResult(await tx.query<Row>(sql, [...params])),
      };
      return work(new TransactionRoles(raw, this.roles, this.timing).kernel);
    });
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.db.listen(channel, onPayload);
    return async () => unlisten();
  }

  async close(): Promise<void> {
    try {
      await this.db.close();
    } finally {
      this.lock?.release();
    }
  }
}
