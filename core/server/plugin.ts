import type { RussianMessages } from './http/message-translations';
import type { ServerTranslations, TranslationBundle } from './i18n/translations';
import type { Language } from '@core/shared/runtime-config';
import type { FastifyInstance } from 'fastify';
import type { PluginManifest } from '@core/shared/manifest';
import type { PluginInventoryItem } from '@core/shared/plugin-inventory';
import type { AuditEntry, ResourceDefinition, RowAction } from '@core/shared/resource/definition';
import type { ServiceDeclarations } from './services/refs';
import type { MessengerSignIn } from './auth/messenger-sign-in';
import type { UsersService } from './auth/users-service';
import type { Database, Queryable } from './database/database';
import { recordAudit, type AuditRecord } from './resource/audit';
import { recordHistory } from './resource/timeline';
import type { RecordWriter } from './resource/record-writer';
import type { RouteKit } from './resource/route-kit';
import type { Migration } from './database/migrator';
import type {
  ExchangeRateService,
  Messaging,
  PerformanceService,
  SpreadsheetService,
} from './services/legacy-services';
import type { PluginServices } from './services/service-registry';
import type { RowActionPerform } from './resource/row-action';
import type { Jobs } from './jobs';
import type { Notifications } from './notifications/types';
import type { ResourceHooks } from './resource/hooks';
import type { Actor } from './resource/mutations';
import type { SecretStatus, SettingDefinition, SettingsCatalogue } from './settings/catalogue';

/** The audit trail: what a plugin changes outside a resource table is recorded here, in its transaction. */
export interface AuditService {
  record(tx: Queryable, entry: AuditRecord): Promise<void>;
  /** A record's entries, newest first, with each actor's user name. */
  history(db: Queryable, definition: ResourceDefinition, recordId: number): Promise<AuditEntry[]>;
}

export const auditService: AuditService = { record: recordAudit, history: recordHistory };

/** The resource engine's logic a plugin registers for its own resources, in `register`. */
export interface PluginResources {
  /** The hooks the engine runs around the writes of one of the plugin's resources, and its list scopes; once per resource. */
  hooks(definition: ResourceDefinition, hooks: ResourceHooks): void;
  /** The same for several resources at once, by resource id (`{ [ordersResource.id]: orderHooks }`). */
  hooksById(byResourceId: Readonly<Record<string, ResourceHooks>>): void;
  /**
   * `POST <path>/{id}/<endpoint>` for one of a resource's row actions, with the engine's bookkeeping
   * around `perform` (access code, 404, 409 for a state `when` does not allow, hooks, version, audit).
   */
  rowAction(definition: ResourceDefinition, action: RowAction, perform: RowActionPerform): void;
}

/**
 * What the kernel hands every server plugin: the kernel's services, and the calls that share
 * services and extension points with other plugins (`provide`, `service`, `optionalService`,
 * `offer`, `extensionPoint`, each matching the plugin's `services` declaration).
 */
export interface ServerPluginContext extends PluginServices {
  /** The database; `db.transaction(work)` runs `work` in one transaction (committed, or rolled back when it throws). */
  readonly db: Database;
  /** Staff accounts: look-ups, labels, the caller; a plugin never reads core.users itself. */
  readonly users: UsersService;
  /**
   * The one way a plugin audits what is not a record write (a link table, an outside system):
   * `audit.record(tx, entry)` in the change's transaction. `records` audits its writes itself.
   */
  readonly audit: AuditService;
  /** The resource engine's create, change and delete: the one write path for records (validated, versioned, audited). */
  readonly records: RecordWriter;
  /** Id parameters, paging and the list envelope, typed errors, the caller's language and actor. */
  readonly routes: RouteKit;
  /** The plugin's own section of the configuration (`pluginSettings.<id>`), unvalidated JSON. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Every system setting the core and the enabled plugins declare (the admin plugin's settings screen). */
  readonly systemSettings: SettingsCatalogue;
  /** Secrets the server was started with, known only as set or not set. */
  readonly secrets: readonly SecretStatus[];
  /** Every plugin the host could run (built in or external) with how its loading went: the Plugins screen. */
  readonly plugins: PluginInventory;
  /** The engine's hooks and row actions for the plugin's own resources. */
  readonly resources: PluginResources;
  /**
   * @deprecated Since SDK 2.0: the messenger plugin offers the `messenger.botHandlers` extension
   * point (`services.extends`, `context.extensionPoint(BOT_HANDLERS)`) and provides the
   * `messenger.notifications` service (`services.requires` or `uses`).
   */
  readonly messaging: Messaging;
  /** Sign-in through a messenger bot: binding the login screen's one-time codes, the bot dialog's link. */
  readonly signIn: MessengerSignIn;
  /** @deprecated Since SDK 2.0: the finance plugin's `finance.spreadsheets` service (`services.uses`, `context.optionalService(SPREADSHEETS)`). */
  readonly spreadsheets: SpreadsheetService;
  /** @deprecated Since SDK 2.0: the finance plugin's `finance.exchangeRates` service (`services.uses`, `context.optionalService(EXCHANGE_RATES)`). */
  readonly exchangeRates: ExchangeRateService;
  /** @deprecated Since SDK 2.0: the tracker plugin's `tracker.performance` service (`services.uses`, `context.optionalService(PERFORMANCE)`). */
  readonly performance: PerformanceService;
  /** Durable background jobs: `define` a kind (`<plugin>.<name>`), `enqueue` in your transaction, `find`, `logs`, `cancel`. */
  readonly jobs: Jobs;
  /** Notifications to users: declare a `source` in `register`, `publish` in your transaction (delivered once it commits). */
  readonly notifications: Notifications;
  /** The app's strings (every plugin's and the core's i18n keys), for files the server writes for people (PeopleCsv). */
  readonly translations: ServerTranslations;
}

/** The host's plugins as they stand; read on each call, since loading finishes after registration. */
export interface PluginInventory {
  list(): readonly PluginInventoryItem[];
}

/**
 * A plugin's server part: its migrations (applied in the schema named after the plugin) and a
 * registration function given a Fastify scope already prefixed with the plugin's service path.
 */
export interface ServerPlugin {
  readonly manifest: PluginManifest;
  readonly migrations: readonly Migration[];
  /**
   * The services and extension points the plugin provides, requires, uses when present, offers
   * and fills, read before any `register` runs: the host refuses a missing or doubled provider and
   * a cycle of required dependencies, and registers each provider before its takers.
   */
  readonly services?: ServiceDeclarations;
  /** The system settings the plugin reads (core/server/settings), shown on the settings screen. */
  readonly systemSettings?: readonly SettingDefinition[];
  /**
   * Resources the kernel serves for the plugin (core/server/resource): their tables are created
   * and extended at start-up, and their REST routes mounted under the service prefix after
   * `register` has run, so a route `register` declares itself (same method and URL) wins.
   */
  readonly resources?: readonly ResourceDefinition[];
  /**
   * Views (or tables) of the plugin's schema that the plugins depending on it (required or
   * optional) may read, SELECT only; every other table of the plugin is its own. The plugin's
   * database handle sees its own schema and these of its dependencies, nothing else.
   */
  readonly sharedViews?: readonly string[];
  /**
   * @deprecated Since SDK 2.0: register hooks in `register` with `context.resources.hooks(definition, hooks)`,
   * where the plugin's context (users, audit, services) is at hand.
   */
  readonly resourceHooks?: Readonly<Record<string, ResourceHooks>>;
  /**
   * The plugin's own messages (refusals, 409s, 422s) in the languages beside English, by their
   * English text: the API answers a caller whose Accept-Language prefers Russian with these.
   */
  readonly messages?: { readonly ru: RussianMessages };
  /**
   * The plugin's namespace of the app's strings (its web/i18n files), by language: what the server
   * writes for people (an export's column titles, enum labels) says what the screen says. The host
   * gives a built-in plugin its files and an external one those its plugin.json names; a field
   * whose label is not found is titled by its name.
   */
  readonly translations?: Readonly<Record<Language, TranslationBundle>>;
  register(app: FastifyInstance, context: ServerPluginContext): Promise<void> | void;
  /**
   * Fills the plugin's screens with realistic demonstration records; safe to run more than once.
   * Records go through `demo.records` with `demo.author` (the first superadmin) as their actor, so
   * they have an author and an audit trail like any other.
   */
  seedDemo?(db: Database, demo: DemoContext): Promise<void>;
}

/** What demo seeding writes with. */
export interface DemoContext {
  readonly records: RecordWriter;
  readonly users: UsersService;
  readonly audit: AuditService;
  /** The actor of every demo record: the first superadmin, in English. */
  readonly author: Actor;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}
