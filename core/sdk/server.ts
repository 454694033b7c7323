/**
 * The plugin SDK, server part: what a plugin's `server/` code may import besides @core/sdk/shared.
 * Never imported by browser code; it re-exports nothing of the browser.
 *
 * A plugin's `server/index.ts` default-exports `defineServerPlugin({ manifest, migrations,
 * resources, register })`; `register(app, context)` gets a Fastify scope already under the
 * plugin's service prefix and the context below.
 *
 * Every name exported here is listed in core/sdk/exports.json (see @core/sdk/shared).
 */

/**
 * The server plugin and what the kernel hands it: `register(app, context)` gets the database, the
 * users service, audit, the route kit, the engine's writes (`records`), its settings and the
 * secrets' status; `seedDemo(db, demo)` writes through the same path with the first superadmin as author.
 */
export {
  defineServerPlugin,
  type AuditService,
  type DemoContext,
  type PluginInventory,
  type PluginResources,
  type ServerPlugin,
  type ServerPluginContext,
} from '@core/server/plugin';

/**
 * Services and extension points plugins own: `serviceRef<T>('<plugin>.<name>')` names a service
 * one plugin provides and others take, `extensionPointRef<T>(…)` a registry one plugin offers and
 * others fill. A plugin declares them in `services` (provides, requires, uses, offers, extends);
 * in `register` it calls `context.provide`, `context.service`, `context.optionalService`,
 * `context.offer` and `context.extensionPoint`. The host checks the declarations before any
 * `register` runs and registers each provider before its takers.
 */
export {
  extensionPointRef,
  serviceRef,
  type ExtensionPointRef,
  type OptionalService,
  type PluginServices,
  type ServiceDeclarations,
  type ServiceRef,
} from '@core/server/services';

/** Users as plugins see them: look-up by id, e-mail or messenger account (and a user's messenger id), labels for references, the caller. */
export type { UserListQuery, UserLookup, UserRef, UsersService } from '@core/server/auth/users-service';

/** The kernel's ISO countries, which country fields point at: `find(db, id)` and `list(db, ids)` give each id, alpha-2 code and English name. */
export { countriesService, type CountriesService, type Country } from '@core/server/auth/countries-service';

/**
 * SDK 1.x: the users and audit services as global singletons, for hooks declared before `register`
 * (`resourceHooks`). Deprecated since 2.0: register hooks in `register` and use `context.users`
 * and `context.audit`.
 */
export { auditService, registerRowAction, usersService } from '@core/server/services/legacy-singletons';

/**
 * The resource engine's create, change and remove, one record or many at once (`changeMany`,
 * `removeMany` over a RecordSelection: ids, or the list's filter parameters; `createManyIn` and
 * `changeEachIn` for many records each with values of its own): the one write path
 * (versioned, audited, in history).
 */
export type { RecordWriter } from '@core/server/resource/record-writer';
export type { EachChange, ManyChange, RecordSelection } from '@core/server/resource';

/**
 * Derived fields: read-only figures computed from other rows, declared as SQL in the resource
 * hooks' `derived` and written by `records.refreshDerivedIn` / `adjustDerivedIn` without a
 * version bump or history entry (a recount is nobody's edit). Each change answers the values before and after.
 */
export type {
  DerivedAdjustment,
  DerivedChange,
  DerivedExpression,
  DerivedFields,
  DerivedMoney,
} from '@core/server/resource';

/**
 * The database: `db.query(sql, params)` on PGlite or PostgreSQL alike, `db.transaction(tx => …)`
 * for several statements that stand or fall together. Migrations are plain SQL run once, in order,
 * in the schema named after the plugin.
 */
export type { Database, Queryable, QueryResult } from '@core/server/database/database';
export type { Migration } from '@core/server/database/migrator';

/**
 * Routes. Every route declares its access (`config: { access: { requires: 'FT' } }` or
 * `{ public: true }`, or it is refused at start-up); `callerId(request)` is the signed-in user.
 * The route kit (also `context.routes`): ID_PARAMS / IdParams / idParams validate `:id`-like
 * parameters, PAGING_PROPERTIES / pageOffset / listPage read `page` and `perPage` and build the
 * list envelope, and errors thrown as ApiError become `{ message, errors }` answers with their
 * status (notFound 404, conflict 409, validationError 422); isUniqueViolation tells a unique
 * value taken from other database errors. languageOf is the caller's language, actorOf the caller
 * as the author of a write. callerHolds(request, requirement) tells whether the caller's codes meet
 * a PermissionRequirement as the kernel's route access check reads it, for a route that shows
 * more to staff than to a record's owner.
 */
export { callerHolds, callerId, type RouteAccess } from '@core/server/http/route-access';
export {
  actorOf,
  ApiError,
  conflict,
  ID_LIST,
  ID_PARAMS,
  idParams,
  isUniqueViolation,
  languageOf,
  listPage,
  notFound,
  pageOffset,
  PAGING_PROPERTIES,
  ROW_ID,
  validationError,
  type IdParams,
  type Paging,
  type RouteKit,
} from '@core/server/resource/route-kit';

/** The plugin's own messages in Russian, keyed by their English text (`messages: { ru }`). */
export type { RussianMessages } from '@core/server/http/message-translations';

/**
 * The resource engine's reads, for routes beside the generated ones: reading a body as a
 * resource's values, finding and listing records, a record's history. Writes go through
 * `context.records` (`demo.records` in `seedDemo`), audits of what is not a record write through
 * `context.audit`. assertNoBody refuses (422, NO_INPUT) a body sent to an action that takes none. The kernel already does this for
 * every write route without a body schema, unless the route's config says `input: 'handler'` (it reads its body
 * itself); such a route calls assertNoBody for whatever part of the body must be empty.
 */
export {
  assertNoBody,
  findRecord,
  listRecords,
  NO_INPUT,
  readValues,
  recordHistory,
  type Actor,
  type AfterWriteContext,
  type AuditRecord,
  type Change,
  type ListScope,
  type ResourceHooks,
  type RowActionPerform,
  type WriteAction,
  type WriteContext,
} from '@core/server/resource';

/**
 * SDK 1.x: the engine's writes and the audit as free functions, beside the context's. Each is
 * deprecated since 2.1 and kept through the 2.x line (removing a name takes a major step); they
 * write exactly what `context.records` and `context.audit` write.
 */
export {
  /** @deprecated Since SDK 2.1: `context.records.createIn` in `register`, `demo.records.createIn` in `seedDemo`. */
  createRecordIn,
  /** @deprecated Since SDK 2.1: `context.records.changeIn` in `register`, `demo.records.changeIn` in `seedDemo`. */
  changeRecordIn,
  /** @deprecated Since SDK 2.1: `context.records.removeIn`, which also refuses (409) while something points at the record. */
  hardDeleteIn,
  /** @deprecated Since SDK 2.1: `context.records.removeIn` in `register`, `demo.records.removeIn` in `seedDemo`. */
  removeRecordIn,
  /** @deprecated Since SDK 2.1: `context.audit.record(tx, entry)` in `register`, `demo.audit.record` in `seedDemo`. */
  recordAudit,
} from '@core/server/resource';
export {
  /** @deprecated Since SDK 2.1: `context.records.change` with the values `context.records.readValues` reads from the body. */
  updateRecord,
} from '@core/server/resource/mutations';
export {
  /** @deprecated Since SDK 2.1: `context.audit.record`, the definition's id as the entry's `resource`. */
  writeAudit,
} from '@core/server/resource/audit';
export { readListQuery } from '@core/server/resource/list-params';
/** An instant column as the engine answers it: ISO 8601 in UTC with microseconds, for a plugin's own SELECT or RETURNING. */
export { isoInstant } from '@core/server/resource/record-sql';
/** Runs work that writes a resource, turning the database's refusals (unique, still referenced) into API errors. */
export { translated } from '@core/server/resource/database-errors';

/**
 * CSV files a plugin imports (RFC 4180: quoted cells holding commas, doubled quotes and line
 * breaks): `readCsv(text, firstLine)` gives each record's cells with the file line it starts on, so
 * a refusal names the line a spreadsheet shows; blank lines are skipped and a byte-order mark
 * dropped; a quote never closed throws CsvSyntaxError with the line it opened on.
 */
export { CsvSyntaxError, readCsv, type CsvLine } from '@core/server/csv/csv-reader';

/**
 * CSV a plugin exports for machines: `csvRow(cells)` is one CRLF-ended RFC 4180 line; null is an
 * empty cell, numbers and decimal strings stay as they are, other text that a spreadsheet would
 * run as a formula gets a leading apostrophe. The engine's list exports are written the same way.
 */
export { csvRow } from '@core/server/resource/csv';

/**
 * CSV a person downloads from a screen (a report), written as the lists' people's export is:
 * `new PeopleCsv(peopleCsvReader(request, context.translations))` writes titles in the caller's
 * language (`say(key)` reads the plugin's i18n strings), `;` and a decimal comma for Russian, every
 * digit without digit groups, days, months and instants in the caller's form and X-Time-Zone (the
 * zone in the title: `timeTitle`), a currency in its own column (`currencyTitle`), and a
 * byte-order mark before the header.
 */
export { PeopleCsv, peopleCsvReader, type PeopleCsvReader } from '@core/server/csv/people-csv';
export type { ServerTranslations } from '@core/server/i18n/translations';

/**
 * System settings a plugin declares (shown and edited on the settings screen) and reads; secrets
 * are known to plugins only as set or not set.
 */
export {
  defineSetting,
  readSetting,
  resetSetting,
  settingValueProblem,
  storedSettings,
  writeSetting,
  type SecretStatus,
  type SettingDefinition,
  type SettingsCatalogue,
  type SettingValue,
} from '@core/server/settings';

/** Password hashing as the core's sign-in checks it. */
export { hashPassword } from '@core/server/auth/passwords';

/**
 * serverMessageTranslation puts the API's messages (the core's and the plugin's own) into a
 * messenger user's language, for a bot handler that answers an ApiError in chat. A user is found
 * by messenger account with `context.users.findByMessengerId`.
 */
export { serverMessageTranslation, type ServerMessageTranslation } from '@core/server/http/server-message-translation';

/**
 * SDK 1.x: the services that lived in the kernel and the context fields that reached them
 * (`context.messaging`, `spreadsheets`, `exchangeRates`, `performance`). Each is deprecated since
 * 2.0 and kept, for 1.x plugins, through the 2.x line: the messenger, finance and tracker plugins
 * own these services now, and a 2.0 plugin takes them from `@plugins/<id>/server/services`.
 */
export {
  BOT_HANDLER_NAME,
  BotUnavailableError,
  NOTIFICATIONS_UNAVAILABLE,
  NotificationsUnavailableError,
  SPREADSHEETS_UNAVAILABLE,
  SpreadsheetsUnavailableError,
  type AppendResult,
  type BotHandler,
  type BotHandlerContext,
  type BotHandlerRegistry,
  type BotIdentity,
  type ExchangeRateService,
  type Messaging,
  type MessengerUpdate,
  type MessengerUser,
  type NotificationService,
  type Notifier,
  type NotifyOptions,
  type PerformanceService,
  type PerformanceSource,
  type PerformanceTotals,
  type SpreadsheetCell,
  type SpreadsheetService,
  type SpreadsheetWriter,
  type UsdRateSource,
} from '@core/server/services/legacy-services';

/** Sign-in through a messenger bot (`context.signIn`): binding the login screen's codes, the bot dialog's link. */
export type { MessengerSignIn, SignInCodeBinding } from '@core/server/auth/messenger-sign-in';

/**
 * Background jobs (`context.jobs`), durable in the database and run by the kernel's runner:
 * `define({ kind: '<plugin>.<name>', requires, timeoutMs, maxAttempts, backoff, run(job, ctx) })`
 * in `register`, `enqueue(tx, kind, payload, { subject, runAt, createdBy })` inside the
 * transaction that writes the record (both commit together), `find`, `logs`, `cancel`,
 * `ofSubject`. The handler's `ctx` reports `step(name, percent)` and `log({ key, params }, level)`
 * (a JobLogMessage: the English template is the key, the plugin's `messages.ru` its Russian, and
 * the line is worded for each reader, dates and amounts in their forms),
 * keeps a checkpoint a retry or a takeover resumes from, and carries an AbortSignal that fires on
 * cancellation, timeout and shutdown. `schedule({ id, kind, every | cron, missed })` in `register`
 * declares a recurring job that runs once per period across all copies; `dedupeKey` keeps one
 * queued job per key, `concurrencyKey` runs the jobs sharing it one at a time across copies; a
 * kind's `label` names it on the Jobs screen and in notifications, its `link` the path they open.
 * A thrown error is retried after an exponential backoff;
 * `RetryLaterJobError(message, { afterMs })` after the wait it names instead (at most an hour; the
 * attempt still counts), for a service that says how long to wait;
 * PermanentJobError fails the job at once; JobLeaseLostError is what a write of a run that lost
 * its job throws. Pages read `/api/jobs/:id` (and its log) by polling. Never put secrets in log
 * lines, step names or errors; the payload is never shown nor logged.
 */
export {
  JobLeaseLostError,
  PermanentJobError,
  RetryLaterJobError,
  type EnqueueOptions,
  type JobBackoff,
  type JobContext,
  type JobDefinition,
  type JobInfo,
  type JobKind,
  type JobLabel,
  type JobLogLevel,
  type JobLogLine,
  type JobLogMessage,
  type JobRun,
  type Jobs,
  type JobState,
  type ScheduleDefinition,
  type ScheduleMissedPolicy,
} from '@core/server/jobs';

/**
 * Notifications to users (`context.notifications`): `source({ id: '<plugin>.<name>', label: { en, ru } })`
 * in `register` declares a kind users switch on or off (and may also get through the messenger's
 * bot); `publish(tx, { source, to: { users } | { code }, title, text?, link?, severity?, dedupeKey? })`
 * inside the transaction that makes the news writes one row per recipient (holders of a code
 * through a role or directly; superadmins only when opted in; blocked users and those who switched
 * the source off never) and pushes it to their open pages once it commits. `channel(…)` registers
 * a way out of the app (the messenger's Telegram bot), which a durable job delivers through.
 */
export type {
  BilingualText,
  ChannelMessage,
  NotificationChannel,
  NotificationInput,
  NotificationRecipients,
  Notifications,
  NotificationSeverity,
  NotificationSource,
} from '@core/server/notifications/types';
