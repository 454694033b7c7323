import type { Queryable, QueryResult } from './database';
import { assertPluginStatement } from './statement-guard';
import { KERNEL_RUNNER, StatementTiming } from './statement-timing';
import { quoteIdentifier } from './sql';

/*
 * Whose rights a transaction's statements run with: the kernel's (the server's database user) or
 * a plugin's role (plugin-roles.ts). Every transaction the kernel opens is one of these; it hands
 * out a view per runner, and a statement through a view first switches the transaction to that
 * runner's role with SET LOCAL ROLE, only when it is not the current one, so kernel work done for
 * a plugin (labels, audit rows, reference checks) costs a statement only when the runner changes.
 * SET LOCAL ends with the transaction: the role never reaches the connection's next statement.
 */

/** The kernel, or a plugin by the schema it owns. */
export type Runner = string | null;
const KERNEL = null;

/** Each plugin schema's role in one database, read once from erp_meta.plugin_roles (plugin-roles.ts). */
export class RoleDirectory {
  private readonly roles = new Map<string, string>();

  known(schema: string): string | undefined {
    return this.roles.get(schema);
  }

  /** Reads the role of `schema`; `kernelTx` must run as the kernel. */
  async lookup(kernelTx: Queryable, schema: string): Promise<string> {
    const { rows } = await kernelTx.query<{ role: string }>(
      'SELECT role FROM erp_meta.plugin_roles WHERE schema = $1',
      [schema],
    );
    const role = rows[0]?.role;
    if (role === undefined)
      throw new Error(
        `The plugin schema "${schema}" has no database role: its plugin's migrations have not run on this database.`,
      );
    this.roles.set(schema, role);
    return role;
  }
}

interface ViewOf {
  readonly transaction: TransactionRoles;
  readonly runner: Runner;
}

const views = new WeakMap<Queryable, ViewOf>();

/** The transaction and runner behind a view, or undefined for any other Queryable. */
export function viewOf(queryable: Queryable): ViewOf | undefined {
  return views.get(queryable);
}

export class TransactionRoles {
  private current: Runner = KERNEL;
  // Statements go out one at a time, so no statement slips between a switch and the one it was for.
  private queue: Promise<unknown> = Promise.resolve();
  private readonly byRunner = new Map<Runner, Queryable>();

  constructor(
    private readonly raw: Queryable,
    private readonly directory: RoleDirectory,
    private readonly timing = new StatementTiming(),
  ) {}

  /** The transaction as the kernel sees it. */
  get kernel(): Queryable {
    return this.view(KERNEL);
  }

  /** The transaction as `runner` sees it; a plugin's view refuses statements that change the role. */
  view(runner: Runner): Queryable {
    const known = this.byRunner.get(runner);
    if (known) return known;
    const view: Queryable = {
      exec: async (sql) => {
        if (runner !== KERNEL) assertPluginStatement(sql, runner);
        await this.run(runner, (raw) => raw.exec(sql));
      },
      query: async <Row extends object>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
        if (runner !== KERNEL) assertPluginStatement(sql, runner);
        return this.run(runner, (raw) => raw.query<Row>(sql, params));
      },
    };
    views.set(view, { transaction: this, runner });
    this.byRunner.set(runner, view);
    return view;
  }

  private run<T>(runner: Runner, statement: (raw: Queryable) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      await this.become(runner);
      // Timed after the role switch: the figure is the statement's own.
      return this.timing.time(runner ?? KERNEL_RUNNER, () => statement(this.raw));
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async become(runner: Runner): Promise<void> {
    if (runner === this.current) return;
    if (runner === KERNEL) {
      await this.raw.query('SET LOCAL ROLE NONE');
      this.current = KERNEL;
      return;
    }
    let role = this.directory.known(runner);
    if (role === undefined) {
      // The directory is the kernel's: read it as the kernel.
      if (this.current !== KERNEL) await this.become(KERNEL);
      role = await this.directory.lookup(this.raw, runner);
    }
    await this.raw.query(`SET LOCAL ROLE ${quoteIdentifier(role)}`);
    this.current = runner;
  }
}
