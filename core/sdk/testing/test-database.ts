/**
 * Databases for server tests: a private copy of a template that already holds the core's and the
 * chosen plugins' migrations and resource tables, the seeded permission catalogue and superadmin.
 * The template is built once per plugin set, then copied:
 * PGlite by default, a real PostgreSQL when TEST_DATABASE_URL is set
 * (`node scripts/with-postgres.mjs vitest run --project node` starts one for the run). When the run
 * names a folder in ERP_TEST_TEMPLATE_DIR (a global setup's), a PGlite template built by one file
 * is kept there and loaded by the others, and a PostgreSQL template is one database of the run, so
 * a run builds each distinct template about once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { CORE_MIGRATIONS } from '@core/server/auth';
import { seedPermissionCatalogue, seedSuperadmin } from '@core/server/auth/bootstrap';
import type { Database, Queryable, QueryResult } from '@core/server/database/database';
import { migrate, type MigrationSet } from '@core/server/database/migrator';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { PostgresDatabase } from '@core/server/database/postgres-database';
import { timeStatementsAs } from '@core/server/database/statement-timing';
import type { ServerPlugin } from '@core/server/plugin';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import { SHARED_POSTGRES_PREFIX } from './shared-template-names';

/** A timeout for hooks and tests that start PGlite (seconds each, more when files run side by side). */
export const DB_TIMEOUT = 30_000;

/** The seeded superadmin of every template database. */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Template-Password-42';

/** The core's migrations and those of `plugins`, in the order start-up applies them. */
export function migrationSets(plugins: readonly ServerPlugin[]): MigrationSet[] {
  return [CORE_MIGRATIONS, ...plugins.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations }))];
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

async function migrateAndSeed(db: Database, plugins: readonly ServerPlugin[]): Promise<void> {
  await migrate(db, migrationSets(plugins));
  await syncResourceTables(db, enabledResources(plugins));
  await seedPermissionCatalogue(db, new PermissionCatalogue(plugins.map((plugin) => plugin.manifest)));
  await seedSuperadmin(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
}

const pgliteTemplates = new Map<string, Promise<File | Blob>>();

/** Where this run's files share PGlite templates; none outside such a run (a plugin's own tests). */
const SHARED_TEMPLATES = process.env.ERP_TEST_TEMPLATE_DIR;

/**
 * What a template is made of: every migration's text and every resource table's definition, and
 * the catalogue. Templates are kept by it, not by plugin ids: files of one worker share a module
 * graph, and two of them may build the same plugin differently (a test's own migrations).
 */
function templateFingerprint(plugins: readonly ServerPlugin[]): string {
  const migrations = migrationSets(plugins).map((set) => [
    set.owner,
    set.migrations.map((migration) => [migration.name, migration.sql]),
  ]);
  const catalogue = new PermissionCatalogue(plugins.map((plugin) => plugin.manifest)).codes;
  return createHash('sha256')
    .update(JSON.stringify([migrations, enabledResources(plugins), catalogue]))
    .digest('hex');
}

async function buildPgliteTemplate(plugins: readonly ServerPlugin[]): Promise<File | Blob> {
  const shared = SHARED_TEMPLATES ? join(SHARED_TEMPLATES, `${templateFingerprint(plugins)}.tar.gz`) : null;
  if (shared) {
    const kept = await readFile(shared).catch(() => null);
    if (kept) return new Blob([kept]);
  }
  const db = await PgliteDatabase.open(undefined);
  let dump: File | Blob;
  try {
    await migrateAndSeed(db, plugins);
    dump = await db.dump();
  } finally {
    await db.close();
  }
  if (shared) {
    // Written aside and renamed, so a file reading it meanwhile sees all of it or nothing.
    const partial = `${shared}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, shared);
  }
  return dump;
}

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const uniqueName = (kind: string): string => `erp_${kind}_${process.pid}_${randomBytes(4).toString('hex')}`;

const postgresTemplates = new Map<string, Promise<string>>();

/** Builds a template database called `name` (no connection may stay open on it: it is copied next). */
async function createPostgresTemplate(name: string, plugins: readonly ServerPlugin[]): Promise<void> {
  await onServer(`CREATE DATABASE ${name}`);
  const db = await PostgresDatabase.open(databaseUrl(name));
  try {
    await migrateAndSeed(db, plugins);
  } finally {
    await db.close();
  }
}

/**
 * In a shared run the template is named by what it is made of and built once for all files and
 * workers: the first builds it aside under an advisory lock and renames it into place, the others
 * wait on the lock and find it. The run's global teardown drops it (dropSharedPostgresTemplates).
 */
async function sharedPostgresTemplate(plugins: readonly ServerPlugin[]): Promise<string> {
  const name = `${SHARED_POSTGRES_PREFIX}${templateFingerprint(plugins).slice(0, 24)}`;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const partial = uniqueName('building');
      await createPostgresTemplate(partial, plugins);
      await client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}

async function privatePostgresTemplate(plugins: readonly ServerPlugin[]): Promise<string> {
  const name = uniqueName('template');
  await createPostgresTemplate(name, plugins);
  return name;
}

// Outside a shared run each file builds its own templates and drops them when it ends.
if (!SHARED_TEMPLATES) {
  afterAll(async () => {
    for (const template of postgresTemplates.values()) await onServer(`DROP DATABASE IF EXISTS ${await template}`);
    postgresTemplates.clear();
  });
}

/** A copy of the PostgreSQL template that drops itself when closed. */
async function freshPostgresDatabase(plugins: readonly ServerPlugin[]): Promise<Database> {
  const key = templateFingerprint(plugins);
  const template =
    postgresTemplates.get(key) ??
    (SHARED_TEMPLATES ? sharedPostgresTemplate(plugins) : privatePostgresTemplate(plugins));
  postgresTemplates.set(key, template);
  const name = uniqueName('test');
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${await template}`);
  const db = await PostgresDatabase.open(databaseUrl(name));
  const copy: Database = {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params),
    transaction: (work) => db.transaction(work),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: async () => {
      await db.close();
      await onServer(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
  // A server on the copy times its statements as on the database itself (/metrics).
  timeStatementsAs(copy, db);
  return copy;
}

/** The plugins a test run's databases are all copied from, when its setup shares one template (`shareTemplate`). */
let sharedPlugins: readonly ServerPlugin[] = [];

/**
 * Makes every fresh database of this run a copy of one template holding all of `plugins`, when a
 * test asks for some of them (unchanged): a product's run builds one template instead of one per
 * plugin set. Call it in a setup file; a database then holds the other plugins' tables too.
 */
export function shareTemplate(plugins: readonly ServerPlugin[]): void {
  sharedPlugins = plugins;
}

/** What a plugin adds to a template: its migrations and its resource tables. */
const contentOf = (plugin: ServerPlugin): string =>
  JSON.stringify([plugin.migrations.map((migration) => [migration.name, migration.sql]), enabledResources([plugin])]);

/** A plugin that puts nothing in a database: no migrations, no resource tables, no codes (a test's stand-in provider, say). */
const addsNothing = (plugin: ServerPlugin): boolean =>
  plugin.migrations.length === 0 &&
  (plugin.resources?.length ?? 0) === 0 &&
  (plugin.manifest.permissions?.length ?? 0) === 0;

/** The shared template's plugins when they hold what each of `plugins` puts in a database, else `plugins` themselves. */
function templatePlugins(plugins: readonly ServerPlugin[]): readonly ServerPlugin[] {
  const shared = new Map(sharedPlugins.map((plugin) => [plugin.manifest.id, plugin]));
  const covered = plugins.every((plugin) => {
    const same = shared.get(plugin.manifest.id);
    if (same === undefined) return addsNothing(plugin);
    return same === plugin || contentOf(same) === contentOf(plugin);
  });
  return covered && sharedPlugins.length > 0 ? sharedPlugins : plugins;
}

/** The plugins whose migrations and tables each fresh database already holds (see `buildServer`). */
const preparedPlugins = new WeakMap<Database, ReadonlySet<string>>();

/** The ids of the plugins `db` was copied with (none for a database this module did not make). */
export function pluginsPreparedIn(db: Database): ReadonlySet<string> {
  return preparedPlugins.get(db) ?? new Set();
}

/**
 * A private copy of the template for `plugins` (in dependency order: a plugin after those it
 * needs), migrated and seeded with the catalogue and the superadmin ADMIN_EMAIL; close it after
 * the test.
 */
export async function freshDatabase(plugins: readonly ServerPlugin[]): Promise<Database> {
  const held = templatePlugins(plugins);
  // As start-up does: references into an optional dependency left out of the set are left out,
  // of the template's tables by what it holds, then of the test's requests by what it runs.
  declareRunningPlugins(held.map((plugin) => plugin.manifest));
  let db: Database;
  if (POSTGRES_URL) {
    db = await freshPostgresDatabase(held);
  } else {
    const key = templateFingerprint(held);
    const template = pgliteTemplates.get(key) ?? buildPgliteTemplate(held);
    pgliteTemplates.set(key, template);
    db = await PgliteDatabase.fromDump(await template);
  }
  declareRunningPlugins(plugins.map((plugin) => plugin.manifest));
  preparedPlugins.set(db, new Set(held.map((plugin) => plugin.manifest.id)));
  return db;
}

/** A database double whose every call rejects, for servers whose tests never reach SQL. */
export function unreachableDatabase(): Database {
  const fail = (): Promise<never> => Promise.reject(new Error('the database is unreachable'));
  return {
    kind: 'postgres',
    exec: fail,
    query: <Row extends object>(): Promise<QueryResult<Row>> => fail(),
    transaction: <T>(_work: (tx: Queryable) => Promise<T>): Promise<T> => fail(),
    close: async () => undefined,
  };
}
