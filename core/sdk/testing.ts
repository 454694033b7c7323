/**
 * The plugin SDK's test kit for server tests (vitest, node). Browser component tests use
 * @core/sdk/testing-web, Playwright specs @core/sdk/testing-e2e, so a node test never loads React
 * and a spec never loads vitest.
 *
 * Every name exported here is listed in core/sdk/exports.json (see @core/sdk/shared).
 */

/**
 * The server with chosen plugins on a copy of their template database, called as a user holding
 * exactly the given codes: `(await testApp({ plugins: [notes] })).as(['NT']).get('/api/system/notes')`.
 */
export { testApp, type CallOptions, type TestApp, type TestAppOptions, type TestCaller } from './testing/test-app';
/** Waiting for a test server's background jobs (`app.jobs.settle()`). */
export { testJobs, type SettleOptions, type TestJobs } from './testing/test-jobs';
export { storedNotifications, type StoredNotification } from './testing/test-notifications';

/**
 * The pieces under testApp, for tests that need more control: a fresh database (template per
 * plugin set, PGlite or TEST_DATABASE_URL's PostgreSQL), the server over it, signing in as the
 * seeded superadmin, tokens carrying chosen codes, users with direct codes, and a POST with the
 * XSRF double submit the web app sends. DB_TIMEOUT is a hook timeout that fits building a template.
 */
export {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DB_TIMEOUT,
  freshDatabase,
  migrationSets,
  shareTemplate,
  unreachableDatabase,
} from './testing/test-database';
export {
  addUser,
  bearer,
  buildServer,
  login,
  LOGIN_URL,
  mintToken,
  postWithXsrf,
  refreshCookieOf,
  replacing,
  signIn,
  TEST_RUNTIME_CONFIG,
  TEST_SECRET,
  XSRF_VALUE,
  type CookiePost,
  type KernelServices,
  type MintOptions,
  type NewTestUser,
  type Session,
  type TestServerOptions,
} from './testing/test-server';

/**
 * Stand-ins: `services: [replacing(EXCHANGE_RATES, fakeRates)]` takes a provided service's place
 * for every plugin that takes it; `kernel: { audit: fakeAudit }` a kernel service's in every
 * plugin's context (both options of testApp and buildServer).
 */
export type { ServiceReplacement } from '@core/server/services';
/**
 * The options a test server starts with beyond its plugins: the runtime configuration the browser
 * reads and the sign-in settings (DEFAULT_AUTH_SETTINGS, with a messenger's bot configured, say).
 */
export type { RuntimeConfig } from '@core/shared/runtime-config';
export { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '@core/server/auth/auth-settings';
/**
 * Access checks: `catalogueCodes(plugins)` (every code the superadmin holds, to call as one holding
 * all but one), and a route requirement's codes and whether a set of codes satisfies it.
 */
export { catalogueCodes, requirementCodes, satisfies } from './testing/route-access';
/**
 * Migration tests: an empty database migrated in steps (`db.migrate(plugin, { before: '0004' })`),
 * so a test writes rows as an older version left them and checks what the next migration makes of them.
 */
export { emptyDatabase, type UpgradeOptions, type UpgradeTestDatabase } from './testing/upgrade-database';
/**
 * What a plugin's `seedDemo` is given on a test database: the engine's record writer (the
 * resources' hooks applied), the users and audit services, and the first superadmin as author.
 */
export { demoContext } from './testing/demo-context';

/**
 * How the server words a plugin's messages for a reader (its RussianMessages, typed values in the
 * reader's forms): `new MessageTranslator([MY_MESSAGES_RU]).render(key, params, 'ru')`.
 */
export { MessageTranslator } from '@core/server/http/message-translations';
/** An address nothing listens on, for a plugin's outside service that is down. */
export { closedPortUrl } from './testing/closed-port';
/** An error body (`message`, `errors` or a route's own fields, and the request's `request_id`) to compare a failed answer with. */
export { errorBody } from './testing/error-body';
/**
 * A request an outside service's fake recorded, checked against the service's published OpenAPI 3 document (the
 * part of it the plugin vendors): operation by path template and method, path and query parameters, JSON body.
 */
export {
  createRequestChecker,
  type OpenApiDocument,
  type RecordedRequest,
  type RequestCheckOptions,
} from './testing/openapi-request-check';

/**
 * Translation coverage: every i18n key a manifest and its resource definitions name, and which of
 * them a plugin's bundle (`web/i18n/<lang>.json`) lacks: `missingTexts(en, 'notes', declaredTextKeys(manifest, resources))`.
 */
export { declaredTextKeys, missingTexts, textAt } from './testing/text-keys';
