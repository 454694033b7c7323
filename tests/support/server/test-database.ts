import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { createApiServer } from '@core/server/api-server';
import { CORE_MIGRATIONS } from '@core/server/auth';
import { signAccessToken } from '@core/server/auth/access-token';
import type { AuthSettings } from '@core/server/auth/auth-settings';
import { seedPermissionCatalogue, seedSuperadmin } from '@core/server/auth/bootstrap';
import { hashPassword } from '@core/server/auth/passwords';
import { REFRESH_COOKIE } from '@core/server/auth/session-issuer';
import type { Database, Queryable, QueryResult } from '@core/server/database/database';
import { migrate, type MigrationSet } from '@core/server/database/migrator';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { PostgresDatabase } from '@core/server/database/postgres-database';
import type { AdmissionLimits } from '@core/server/http/admission-limiter';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import type { ServerPlugin } from '@core/server/plugin';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import type { PermissionCode } from '@core/shared/permissions';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import type { SessionUser } from '@core/shared/session-user';
import { defaultServiceBaseUrl, SERVICE_NAMES, type ServiceName } from '@core/shared/services';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';

/** A timeout for hooks and tests that start PGlite (seconds each, more when files run side by side). */
export const DB_TIMEOUT = 30_000;

/** The seeded superadmin of the template database. */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Template-Password-42';
/** The access-token key every test server signs with. */
export const TEST_SECRET = 'test-signing-secret-0123456789abcdef';

/** The plugins whose migrations and resource tables the template database already has. */
const TEMPLATE_PLUGINS: readonly ServerPlugin[] = [admin, finance];

export const MIGRATION_SETS: readonly MigrationSet[] = [
  CORE_MIGRATIONS,
  ...TEMPLATE_PLUGINS.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations })),
];

/**
 * Tests run on PGlite by default, and on a real PostgreSQL when TEST_DATABASE_URL is set
 * (`node scripts/with-postgres.mjs vitest run --project node` starts one for the run).
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

async function migrateAndSeed(db: Database): Promise<void> {
  await migrate(db, MIGRATION_SETS);
  await syncResourceTables(db, enabledResources(TEMPLATE_PLUGINS));
  await seedPermissionCatalogue(db);
  await seedSuperadmin(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
}

// Module state is per test file (vitest isolates files), so each file migrates once and copies.
let pgliteTemplate: Promise<File | Blob> | null = null;

async function buildPgliteTemplate(): Promise<File | Blob> {
  const db = await PgliteDatabase.open(undefined);
  try {
    await migrateAndSeed(db);
    return await db.dump();
  } finally {
    await db.close();
  }
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

let postgresTemplate: Promise<string> | null = null;

async function buildPostgresTemplate(): Promise<string> {
  const name = uniqueName('template');
  await onServer(`CREATE DATABASE ${name}`);
  const db = await PostgresDatabase.open(databaseUrl(name));
  try {
    await migrateAndSeed(db);
  } finally {
    // A template database must have no open connections while it is copied.
    await db.close();
  }
  return name;
}

afterAll(async () => {
  if (postgresTemplate) await onServer(`DROP DATABASE IF EXISTS ${await postgresTemplate}`);
});

/** A copy of the file's PostgreSQL template that drops itself when closed. */
async function freshPostgresDatabase(): Promise<Database> {
  postgresTemplate ??= buildPostgresTemplate();
  const name = uniqueName('test');
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate}`);
  const db = await PostgresDatabase.open(databaseUrl(name));
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params),
    transaction: (work) => db.transaction(work),
    close: async () => {
      await db.close();
      await onServer(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

/** A private copy of the migrated and seeded template database (core and every plugin's migrations); close it after the test. */
export async function freshDatabase(): Promise<Database> {
  if (POSTGRES_URL) return freshPostgresDatabase();
  pgliteTemplate ??= buildPgliteTemplate();
  return PgliteDatabase.fromDump(await pgliteTemplate);
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

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  productName: 'Test Office',
  defaultLanguage: 'en',
  plugins: ['admin'],
  services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, defaultServiceBaseUrl(name)])) as Record<ServiceName, string>,
  extraRefreshUrls: [],
};

export interface TestServerOptions {
  readonly db: Database;
  readonly plugins?: readonly ServerPlugin[];
  readonly runtimeConfig?: RuntimeConfig;
  readonly webRoot?: string | null;
  readonly secret?: string;
  /** Messenger sign-in and chat linking settings; unconfigured by default. */
  readonly auth?: AuthSettings;
  /** `pluginSettings` of the configuration, keyed by plugin id; none by default. */
  readonly pluginSettings?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly trustProxy?: number;
  readonly serveSourceMaps?: boolean;
  /** Admission bounds; the database kind's defaults when not given. */
  readonly overload?: Partial<AdmissionLimits>;
}

/**
 * Migrations and resource tables of plugins with resources that the template lacks, as start-up
 * gives them; other plugins are left alone, so servers over a database double still build.
 */
async function prepareResourcePlugins(db: Database, plugins: readonly ServerPlugin[]): Promise<void> {
  const inTemplate = (plugin: ServerPlugin) => TEMPLATE_PLUGINS.some((known) => known.manifest.id === plugin.manifest.id);
  const extra = plugins.filter((plugin) => !inTemplate(plugin) && (plugin.resources?.length ?? 0) > 0);
  if (extra.length === 0) return;
  await migrate(db, extra.map((plugin) => ({ owner: plugin.manifest.id, migrations: plugin.migrations })));
  await syncResourceTables(db, enabledResources(extra));
}

/** The API server over `db` with the given plugins (none by default), signing with TEST_SECRET. */
export async function buildServer(options: TestServerOptions): Promise<FastifyInstance> {
  await prepareResourcePlugins(options.db, options.plugins ?? []);
  const app = await createApiServer({
    db: options.db,
    secret: options.secret ?? TEST_SECRET,
    plugins: options.plugins ?? [],
    runtimeConfig: options.runtimeConfig ?? TEST_RUNTIME_CONFIG,
    pluginSettings: options.pluginSettings ?? {},
    webRoot: options.webRoot ?? null,
    logger: false,
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    trustProxy: options.trustProxy ?? 0,
    serveSourceMaps: options.serveSourceMaps ?? false,
    overload: options.overload ?? {},
  });
  await app.ready();
  return app;
}

export interface Session {
  readonly token: string;
  /** The raw refresh-token cookie value. */
  readonly refreshCookie: string;
  readonly user: SessionUser;
}

interface LoginEnvelope {
  readonly data: { readonly user: SessionUser; readonly token: string };
}

/** The refresh cookie a response sets, or undefined when it sets none. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
}

/** The double-submit token tests send: the same value as the XSRF-TOKEN cookie and the X-XSRF-TOKEN header. */
export const XSRF_VALUE = 'test-xsrf-token-0123456789';

export interface CookiePost {
  readonly payload?: string | object;
  readonly cookies?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A POST as the web app sends one that only cookies vouch for: with the XSRF cookie echoed in the header. */
export function postWithXsrf(app: FastifyInstance, url: string, options: CookiePost = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    cookies: { [XSRF_COOKIE]: XSRF_VALUE, ...options.cookies },
    headers: { [XSRF_HEADER]: XSRF_VALUE, ...options.headers },
  });
}

export const LOGIN_URL = '/api/auth/auth/login';

export function login(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, LOGIN_URL, { payload: { email, password } });
}

/** Signs in (the seeded superadmin by default) and returns the bearer token and refresh cookie. */
export async function signIn(app: FastifyInstance, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<Session> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed with ${response.statusCode}: ${response.body}`);
  const body = response.json<LoginEnvelope>();
  const refreshCookie = refreshCookieOf(response);
  if (!refreshCookie) throw new Error('sign-in set no refresh cookie');
  return { token: body.data.token, refreshCookie, user: body.data.user };
}

export interface MintOptions {
  readonly sub?: number;
  readonly pv?: number;
  readonly secret?: string;
  /** Issue time in seconds; the token expires ACCESS_TOKEN_SECONDS later. */
  readonly now?: number;
}

/** An access token carrying exactly `codes`, for permission tests. */
export function mintToken(codes: readonly PermissionCode[], options: MintOptions = {}): string {
  return signAccessToken({ sub: options.sub ?? 1, pv: options.pv ?? 1, codes }, options.secret ?? TEST_SECRET, options.now);
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Adds an active user with a known password and the given direct permission codes; returns its id. */
export async function addUser(
  db: Database,
  user: { readonly username: string; readonly email: string; readonly password: string; readonly codes?: readonly string[] },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO core.users (username, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [user.username, user.email, await hashPassword(user.password)],
  );
  const id = Number(rows[0]?.id);
  for (const code of user.codes ?? []) {
    await db.query(
      'INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = $2',
      [id, code],
    );
  }
  return id;
}
