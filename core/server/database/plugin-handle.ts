import type { Database, Queryable, QueryResult } from './database';
import { viewOf } from './transaction-roles';

/*
 * A plugin's database handle (`context.db`): the same database, seen through the plugin's role, so
 * it reads and writes its own schema and nothing else. Kernel code a plugin calls with its handle
 * or its transaction (the users service, audit, the resource engine, jobs) takes it back with
 * asKernel; plugin code the kernel calls (resource hooks, row actions) gets asPlugin's view.
 */

/** The schema, and so the role, of a plugin (or the core): its id with `-` as `_`. */
export function pluginSchema(pluginId: string): string {
  return pluginId.replaceAll('-', '_');
}

/** The schema of a `schema.table` name: a resource's table lies in its plugin's schema. */
export function tableSchema(table: string): string {
  return table.split('.')[0] ?? table;
}

class PluginDatabase implements Database {
  constructor(
    readonly kernel: Database,
    readonly schema: string,
  ) {}

  get kind(): Database['kind'] {
    return this.kernel.kind;
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.kernel.transaction((tx) => work(asPlugin(tx, this.schema)));
  }

  // A statement on its own runs in a short transaction of its own, so the role is set for it alone.
  async query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
    return this.transaction((tx) => tx.query<Row>(sql, params));
  }

  async exec(sql: string): Promise<void> {
    await this.transaction((tx) => tx.exec(sql));
  }

  async close(): Promise<void> {
    throw new Error(`Plugin "${this.schema}" may not close the database: the host does when it stops.`);
  }
}

/** The handle of plugin `pluginId` over the kernel's database. */
export function pluginDatabase(kernel: Database, pluginId: string): Database {
  return asPlugin(kernel, pluginSchema(pluginId));
}

/**
 * `queryable` as the plugin owning `schema` sees it: a database becomes its handle, a transaction
 * its view of that transaction. A Queryable of no transaction the kernel opened (a test double)
 * is given back as it is.
 */
export function asPlugin(queryable: Database, schema: string): Database;
export function asPlugin(queryable: Queryable, schema: string): Queryable;
export function asPlugin(queryable: Queryable, schema: string): Queryable {
  if (queryable instanceof PluginDatabase)
    return queryable.schema === schema ? queryable : new PluginDatabase(queryable.kernel, schema);
  const view = viewOf(queryable);
  if (view) return view.transaction.view(schema);
  if (isDatabase(queryable)) return new PluginDatabase(queryable, schema);
  return queryable;
}

/** `queryable` as the kernel sees it: a plugin's handle becomes the database, a plugin's view of a transaction the kernel's. */
export function asKernel(queryable: Database): Database;
export function asKernel(queryable: Queryable): Queryable;
export function asKernel(queryable: Queryable): Queryable {
  if (queryable instanceof PluginDatabase) return queryable.kernel;
  return viewOf(queryable)?.transaction.kernel ?? queryable;
}

/**
 * `service` with each method's first argument, when it is a database or a transaction, taken back
 * as the kernel's: a kernel service reads kernel tables whoever calls it.
 */
export function kernelService<Service extends object>(service: Service): Service {
  return withQueryables(service, (queryable) => asKernel(queryable));
}

/**
 * `service`, provided by plugin `pluginId` to others, with each method's first argument, when it is
 * a database or a transaction, seen as the provider: a taker passes its own transaction, and the
 * provider's statements run in it as the provider, on the provider's tables.
 */
export function providedService<Service>(service: Service, pluginId: string): Service {
  if (typeof service !== 'object' || service === null) return service;
  const schema = pluginSchema(pluginId);
  return withQueryables(service, (queryable) => asPlugin(queryable, schema));
}

function withQueryables<Service extends object>(
  service: Service,
  convert: (queryable: Queryable) => Queryable,
): Service {
  return new Proxy(service, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key);
      if (typeof member !== 'function') return member;
      return (first: unknown, ...rest: unknown[]) =>
        member.call(target, isQueryable(first) ? convert(first) : first, ...rest);
    },
  });
}

function isQueryable(value: unknown): value is Queryable {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Queryable>).query === 'function';
}

function isDatabase(queryable: Queryable): queryable is Database {
  return 'transaction' in queryable && typeof (queryable as Partial<Database>).transaction === 'function';
}
