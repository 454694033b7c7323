/**
 * The API server for tests, over a test database: built with the chosen plugins exactly as
 * start-up builds it (without listening), and the ways a test calls it (signed in, with a token
 * carrying chosen codes, with the XSRF double submit the web app sends).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApiServer } from '@core/server/api-server';
import { signAccessToken } from '@core/server/auth/access-token';
import type { AuthSettings } from '@core/server/auth/auth-settings';
import { hashPassword } from '@core/server/auth/passwords';
import { REFRESH_COOKIE } from '@core/server/auth/session-issuer';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import type { AdmissionLimits } from '@core/server/http/admission-limiter';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import type { JobRunnerOptions } from '@core/server/jobs';
import type { ServerPlugin, ServerPluginContext } from '@core/server/plugin';
import type { PluginServices, ServiceRef, ServiceReplacement } from '@core/server/services';
import { enabledResources, syncResourceTables } from '@core/server/resource';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';
import type { PermissionCode } from '@core/shared/permissions';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import type { SessionUser } from '@core/shared/session-user';
import { serviceBaseUrls, SPEC_SERVICES } from '@core/shared/services';
import { ADMIN_EMAIL, ADMIN_PASSWORD, migrationSets, pluginsPreparedIn } from './test-database';

/** The access-token key every test server signs with. */
export const TEST_SECRET = 'test-signing-secret-0123456789abcdef';

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  productName: 'Test Office',
  defaultLanguage: 'en',
  plugins: ['admin'],
  services: serviceBaseUrls(SPEC_SERVICES),
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
  /** Admission bounds; by default the database kind's, with a queue wait long enough for any test's burst. */
  readonly overload?: Partial<AdmissionLimits>;
  /** The job runner's timing (poll, lease, grace periods), to see retries and shutdowns in milliseconds. */
  readonly jobs?: Omit<JobRunnerOptions, 'logger'>;
  /**
   * Services to stand in for their providers' (`[replacing(EXCHANGE_RATES, fakeRates)]`): every
   * plugin that takes the service gets the stand-in; the provider still registers as it would.
   */
  readonly services?: readonly ServiceReplacement[];
  /** Kernel services to stand in for the kernel's in every plugin's context (`{ users: fakeUsers }`). */
  readonly kernel?: Partial<KernelServices>;
}

/** The kernel's services a plugin's `register` is given, each of which a test may stand in for. */
export type KernelServices = Omit<
  ServerPluginContext,
  | keyof PluginServices
  | 'db'
  | 'settings'
  | 'resources'
  | 'messaging'
  | 'spreadsheets'
  | 'exchangeRates'
  | 'performance'
>;

/** `plugin` given `kernel`'s stand-ins in place of the kernel's services when it registers. */
function withKernel(plugin: ServerPlugin, kernel: Partial<KernelServices>): ServerPlugin {
  return { ...plugin, register: (app, context) => plugin.register(app, { ...context, ...kernel }) };
}

/** A stand-in for a service, of the type its ref names: `replacing(EXCHANGE_RATES, { usdRate: async () => '1.1' })`. */
export function replacing<T>(ref: ServiceRef<T>, implementation: T): ServiceReplacement {
  return { ref, implementation };
}

/**
 * Migrations and resource tables of plugins with resources that the database was not copied with,
 * as start-up gives them; other plugins are left alone, so servers over a database double still build.
 */
async function prepareResourcePlugins(db: Database, plugins: readonly ServerPlugin[]): Promise<void> {
  const prepared = pluginsPreparedIn(db);
  const extra = plugins.filter((plugin) => !prepared.has(plugin.manifest.id) && (plugin.resources?.length ?? 0) > 0);
  if (extra.length === 0) return;
  await migrate(db, migrationSets(extra).slice(1));
  await syncResourceTables(db, enabledResources(extra));
}

/** The API server over `db` with the given plugins (none by default), signing with TEST_SECRET. */
export async function buildServer(options: TestServerOptions): Promise<FastifyInstance> {
  declareRunningPlugins((options.plugins ?? []).map((plugin) => plugin.manifest));
  await prepareResourcePlugins(options.db, options.plugins ?? []);
  const { kernel } = options;
  const app = await createApiServer({
    db: options.db,
    secret: options.secret ?? TEST_SECRET,
    plugins: (options.plugins ?? []).map((plugin) => (kernel ? withKernel(plugin, kernel) : plugin)),
    runtimeConfig: options.runtimeConfig ?? TEST_RUNTIME_CONFIG,
    pluginSettings: options.pluginSettings ?? {},
    webRoot: options.webRoot ?? null,
    logger: false,
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
    ...(options.services === undefined ? {} : { serviceReplacements: options.services }),
    trustProxy: options.trustProxy ?? 0,
    serveSourceMaps: options.serveSourceMaps ?? false,
    // A burst of writes (50 at once in the finance tests) on a machine busy with other test files
    // may wait longer than the production deadline; only the admission tests are about refusals.
    overload: options.overload ?? { maxQueueWaitMs: 60_000 },
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
export function postWithXsrf(
  app: FastifyInstance,
  url: string,
  options: CookiePost = {},
): Promise<LightMyRequestResponse> {
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
  return signAccessToken(
    { sub: options.sub ?? 1, pv: options.pv ?? 1, codes },
    options.secret ?? TEST_SECRET,
    options.now,
  );
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export interface NewTestUser {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** Direct permission codes; each must be in the catalogue. */
  readonly codes?: readonly string[];
}

/** Adds an active user with a known password and the given direct permission codes; returns its id. */
export async function addUser(db: Database, user: NewTestUser): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO core.users (username, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [user.username, user.email, await hashPassword(user.password)],
  );
  const id = Number(rows[0]?.id);
  for (const code of user.codes ?? []) {
    const granted = await db.query(
      'INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = $2',
      [id, code],
    );
    if (granted.affectedRows === 0)
      throw new Error(`no permission named ${code} in the catalogue (is its plugin among the test's plugins?)`);
  }
  return id;
}
