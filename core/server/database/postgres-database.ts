import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';
import { KERNEL_RUNNER, StatementTiming, timeStatementsOf } from './statement-timing';
import { RoleDirectory, TransactionRoles } from './transaction-roles';

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
}

/** A real PostgreSQL through a connection pool, for several server copies behind a load balancer. */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres';
  private readonly roles = new RoleDirectory();
  private readonly timing = new StatementTiming();

  private constructor(private readonly pool: pg.Pool) {
    timeStatementsOf(this, this.timing);
  }

  static async open(connectionString: string): Promise<PostgresDatabase> {
    const pool = new pg.Pool({ connectionString, max: 10 });
    // Fail at start-up, not on the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    return new PostgresDatabase(pool);
  }

  async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return toResult(await this.timing.time(KERNEL_RUNNER, () => this.pool.query(sql, [...params])));
  }

  async exec(sql: string): Promise<void> {
    await this.timing.time(KERNEL_RUNNER, () => this.pool.query(sql));
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const raw: Queryable = {
        exec: async (sql: string) => {
          await client.query(sql);
        },
        query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
          toResult<Row>(await client.query(sql, [...params])),
      };
      const result = await work(new TransactionRoles(raw, this.roles, this.timing).kernel);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * LISTEN holds its connection for good, so it gets one outside the pool. A lost connection is
   * opened again a second later; what was sent meanwhile is missed (a page reads its list again).
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const { connectionString } = this.pool.options;
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const reconnectSoon = (): void => {
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(reconnectSoon), 1000);
      retry.unref();
    };
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      next.on('error', () => {
        if (client !== next) return;
        client = null;
        void next.end().catch(() => undefined);
        reconnectSoon();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (stopped) await next.end().catch(() => undefined);
      else client = next;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
