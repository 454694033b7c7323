/**
 * The plugin SDK, shared part: what a plugin's `manifest.ts`, its `shared/` folder, its browser code
 * and its server code may all import. Plain data and pure functions only: nothing here reaches the
 * DOM, React, the database or Node's own modules.
 *
 * Every name exported here is listed in core/sdk/exports.json with the version it was added in;
 * `npm run sdk:report` rewrites the file, and refuses a list the version does not cover.
 */

/** The SDK's version; the host serves a manifest `sdk` range that starts at a version it serves (core/sdk/compatibility.ts). */
export { SDK_VERSION } from './version';

/**
 * The manifest: the plain data the host reads before any of the plugin's code (pages with their
 * codes and sidebar entries, permission codes with their descriptions, menu groups, area flags,
 * slots filled and offered, service, dependencies, SDK range). `manifest.ts` exports one `PluginManifest`.
 */
export type {
  LayoutSlot,
  LocalizedText,
  MenuGroup,
  MenuGroupDeclaration,
  OfferedSlot,
  OfferedSlotEntry,
  PageNavEntry,
  PermissionDeclaration,
  PluginManifest,
  PluginPage,
  SlotId,
} from '@core/shared/manifest';
/** A manifest's code declarations of one area, each with its description in English and Russian. */
export { permissionsOf } from '@core/shared/manifest';

/** Permission codes (`'FT'`) and what a page, route or slot requires: one code, `{ anyOf }` or `{ allOf }`. */
export type { PermissionCode, PermissionRequirement } from '@core/shared/permissions';

/**
 * Every code the running product knows, from the enabled plugins' manifests and the spec codes the
 * core reserves for areas not built yet: area, description by language, service.
 */
export { OTHER_AREA, PermissionCatalogue, type CatalogueEntry } from '@core/shared/permission-catalogue';

/** The host's plugins, built in and external, with their source and load state (the Plugins screen). */
export type { PluginInventoryItem, PluginLoadState, PluginSource } from '@core/shared/plugin-inventory';
/** A running plugin's services as the host resolved them (the Plugins screen, /config.json's `pluginServices`). */
export type { PluginServicesSummary, TakenService } from '@core/shared/plugin-services';

/** The API service (`auth`, `finance`, …) whose URL prefix a plugin's server routes are mounted under. */
export type { ServiceName } from '@core/shared/services';

/** The interface languages; every user-visible string a plugin ships exists in each of them. */
export { LANGUAGES, type Language } from '@core/shared/runtime-config';

/**
 * Dates, numbers, money, percents and months in the reader's language (en-US forms for English,
 * ru-RU's for Russian), for browser and server alike, and the parsing of what a reader types back.
 * Never format these kinds with Intl yourself: `localeFormat(language)` keeps every screen alike.
 */
export {
  FORMAT_LOCALES,
  isTimeZone,
  localeFormat,
  type LocaleFormat,
  type LocaleFormatOptions,
  type MoneyPrecision,
  type NumberDigits,
} from '@core/shared/format/locale-format';

/** The auth service's user wire types: list items, a user's info, roles, permissions, the payload of a write. */
export {
  USER_STATUSES,
  type PermissionItem,
  type RoleItem,
  type UserInfo,
  type UserListItem,
  type UserPayload,
  type UserStatus,
} from '@core/shared/users';

/** The signed-in user as the API reports it (id, names, status, roles, codes). */
export type { SessionUser } from '@core/shared/session-user';

/**
 * The API's response shapes: `{ data }` around every answer, a page of a list with its paging
 * numbers, and an error's `{ message, errors }`.
 */
export type { DataEnvelope, ErrorEnvelope, ListEnvelope, ListPage } from '@core/shared/envelopes';

/** Per-field error messages of a 422 answer, and adding one message to them. */
export { addFieldError, type FieldErrors } from '@core/shared/field-errors';

/**
 * Resources: one definition (fields, list columns, filters, access codes, row and toolbar actions)
 * gives the table, the REST routes and the list screen. `defineResource` keeps its literal types;
 * `referenceTo` makes another resource a reference field's target. An AuditEntry is one line of a
 * record's history as the API answers it.
 */
export {
  defineResource,
  maxPerPage,
  referenceTo,
  STALE_VERSION_MESSAGE,
  type AuditEntry,
  type ResourceDefinition,
  type ResourceRecord,
  type RowAction,
  type SortOrder,
  type ToolbarAction,
} from '@core/shared/resource/definition';

/**
 * Field definitions and the values they hold. Money is `{ amount, currency }` with the amount as a
 * decimal string; a secret field reads back as SECRET_MASK. A key/value field with `secretValues`
 * (credentials) reads back with every key and each value as SECRET_VALUE_MASK, in lists, records,
 * exports and history alike; an edit that sends the mask for a key keeps that key's stored value,
 * a new value replaces it, and a key left out is dropped; the mask on a create, or for a key
 * nothing is stored under, is a 422 on the field. The server reads the values themselves from its
 * own table. A status enum's `tones` colour its values' badges (`statusToneOf` reads one, for a
 * plugin's own cell); `format: 'identifier'` shows a number or text as a code, never grouped;
 * `emptyLabelKey` names an empty value ("No limit").
 */
export {
  SECRET_MASK,
  SECRET_VALUE_MASK,
  statusToneOf,
  type EnumField,
  type FieldDefinition,
  type FieldKind,
  type FieldValue,
  type FilterOperator,
  type Money,
  type ReferenceField,
  type ReferenceTarget,
  type StatusTone,
  type ValueFormat,
} from '@core/shared/resource/field';

/**
 * Field builders: `const field = fieldBuilders('notes:fields')` gives one builder per kind
 * (`field.text('title', { required: true })`, `field.money('price', { scale: 2 })`,
 * `field.reference('owner_id', USERS_REFERENCE)`, `field.enum('status', STATUSES, { tones })`, …). Each labels
 * the field `<prefix>.<camelName>`, offers the filter operators its kind is usually searched by
 * (TEXT_OPERATORS, RANGE_OPERATORS, INSTANT_OPERATORS, ANY_OF_OPERATORS, FLAG_OPERATORS) and sorts where
 * the kind sorts; the options override these (`filter: false`, `sortable: false`, `labelKey`) and add the
 * rest, typed per kind, so an option the kind does not have is a type error and no cast is needed.
 */
export {
  ANY_OF_OPERATORS,
  fieldBuilders,
  FLAG_OPERATORS,
  INSTANT_OPERATORS,
  RANGE_OPERATORS,
  TEXT_OPERATORS,
  type EnumOptions,
  type FieldBuilders,
  type FieldOptions,
} from '@core/shared/resource/field-builders';

/**
 * The core's own tables as reference targets. USERS_REFERENCE: a field that points to a user.
 * COUNTRIES_REFERENCE: a field that points to an ISO 3166-1 country (`core.countries`, every
 * country, kept by the core); the stored id is the ISO numeric code (276 is Germany), so it means
 * the same country in every plugin. Its picker reads `GET /api/auth/references/countries?q=&ids=`
 * (`{ id, label, code }`: the English name and the alpha-2 code), open to every signed-in user;
 * lists show the name in `_labels` and filter with `eq` and `in`.
 */
export { COUNTRIES_REFERENCE, USERS_REFERENCE } from '@core/shared/resource/core-references';

/**
 * The core's staff accounts and roles as engine resources (`core.users`, `core.roles`, served by the
 * auth service): a screen over them reads the same fields, labels and filters the server does, and
 * ROLES_REFERENCE is a field pointing at a role (what a user's `role_ids` holds). The auth service
 * keeps its own list and write calls (`GET users`, `POST users`, `POST roles/add`, …); the engine
 * serves their exports, records, overviews, history, timelines and comments.
 */
export { ROLES_REFERENCE, ROLES_RESOURCE, USERS_RESOURCE } from '@core/shared/resource/core-resources';

/**
 * Record pages (`<list path>/<id>`; `recordPagePath(manifest, resourceId, id)` for a link the server
 * makes), their related sections, the readable timeline and Ctrl+K's record search: the wire types,
 * the constants both sides hold to, `relatedSections` (which resources point at a table) and
 * `recordSectionSlot(resourceId)`, the slot a plugin fills (manifest `slots`) to add a custom section
 * to a resource's record pages; its items receive RecordSectionProps.
 */
export {
  COMMENT_MAX_LENGTH,
  INTERNAL_COLUMNS,
  recordPagePath,
  recordSectionSlot,
  relatedSections,
  resourceOwner,
  SEARCH_MIN_LENGTH,
  TIMELINE_PAGE_SIZE,
  type AuditDetail,
  type RecordOverview,
  type RecordPeople,
  type RecordSectionProps,
  type RelatedSection,
  type ResourceCatalogue,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
  type TimelineEntry,
  type TimelineLabels,
  type TimelinePage,
} from '@core/shared/resource/record-page';

/** What a user keeps on the server about how the app looks to them (PreferencesService reads and writes it). */
export {
  DASHBOARD_PREFERENCE,
  listViewsKey,
  type DashboardLayout,
  type PreferenceKey,
  type PreferenceValue,
  type SavedListView,
  type SavedListViews,
} from '@core/shared/preferences';

/** A list request: page, size, sort, filters and whether deleted records are included. */
export type { DeletedScope, FilterClause, ListQuery } from '@core/shared/resource/list-query';

/**
 * Plain dates (`YYYY-MM-DD`, no time zone): today's date where the browser is, the calendar days
 * left until a date (`daysUntil(expires_on)`: 0 on the day, negative once past), and the named date
 * ranges the list filters offer (this month, last 7 days, …): `DATE_PRESETS` lists them in the
 * order the filters show them in, `isDatePreset` tells one from any other string.
 */
export {
  DATE_PRESETS,
  daysUntil,
  isDatePreset,
  localIsoDate,
  resolveDatePreset,
  type DatePreset,
  type DateRange,
} from '@core/shared/resource/date-presets';

/** Decimal strings compared and written canonically, without going through floating point. */
export { canonicalDecimal, compareDecimals } from '@core/shared/resource/validation';

/**
 * Exact arithmetic on decimal strings, as scaled integers and never floating point: sums and
 * products keep every digit (`addDecimals`, `multiplyDecimals`); a quotient or a rounding has
 * exactly the places asked for, rounded half away from zero, which is half-up for the positive
 * amounts of money and rates (`divideDecimals('10', '3', 2)` → `'3.33'`, null for a zero divisor;
 * `roundDecimal('0.125', 2)` → `'0.13'`).
 */
export {
  addDecimals,
  divideDecimals,
  multiplyDecimals,
  roundDecimal,
  subtractDecimals,
} from '@core/shared/decimal-arithmetic';

/** A field issue's message in a language, and the language an `Accept-Language` header prefers. */
export { issueMessage, preferredLanguage } from '@core/shared/resource/messages';

/**
 * A message template with its `{name}` placeholders filled (`formatMessage('{count} left', { count: 3 })`);
 * a placeholder without a value stays as written. Server messages are written this way in English,
 * and their Russian (RussianMessages) carries the same placeholders. A `{name:kind}` placeholder
 * (date, dateTime, month, number, percent, money) holds a canonical value (`2026-11-29`,
 * `12803.04 USD`) that the server shows in each reader's forms (11/29/26, 29.11.2026).
 */
export { formatMessage, type MessageValueKind, type MessageValues } from '@core/shared/format-message';

/**
 * A message in every interface language at once, for text stored once and read in either (a
 * notification's title and text): `messageInEachLanguage({ en: 'Expires on {day:date}', ru: 'Истекает {day}' },
 * { day: '2026-12-04' })` → `{ en: 'Expires on 12/04/26', ru: 'Истекает 04.12.2026' }`.
 */
export { messageInEachLanguage } from '@core/shared/message-in-each-language';

/**
 * Background jobs as pages read them from the kernel's `/api/jobs` (`GET /api/jobs/:id` →
 * `{ data: JobInfo }`, `GET /api/jobs/:id/logs?after=<line id>` → `{ data: JobLogPage }`, `GET
 * /api/jobs?subject=<plugin>.<resource>:<id>&state=&kind=`, `POST /api/jobs/:id/cancel`, `POST
 * /api/jobs/:id/retry`, `GET /api/jobs/kinds` → `{ data: JobKindInfo[] }`, `GET /api/jobs/schedules`
 * → `{ data: JobScheduleInfo[] }`): poll until `isFinishedJob(state)`. The server side defines and
 * enqueues them through `context.jobs`.
 */
export {
  isFinishedJob,
  JOB_STATES,
  type JobInfo,
  type JobKindInfo,
  type JobLogLevel,
  type JobLogLine,
  type JobLogPage,
  type JobScheduleInfo,
  type JobState,
} from '@core/shared/jobs';

/**
 * The running server's backups of its embedded database, for holders of JS: `GET
 * /api/system/backups` → `{ data: BackupsOverview }`, `POST /api/system/backups` (no body) → 202
 * `{ data: JobInfo }` of the `core.backup` job (its steps `BACKUP_STEPS`), 409 on PostgreSQL.
 */
export {
  BACKUP_JOB_KIND,
  BACKUP_STEPS,
  type BackupFile,
  type BackupStep,
  type BackupsOverview,
} from '@core/shared/backups';
