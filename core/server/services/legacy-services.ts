/*
 * The SDK 1.x context fields `messaging`, `spreadsheets`, `exchangeRates` and `performance`, kept
 * for plugins written for 1.x through the whole 2.x line. In 1.x these services lived in the
 * kernel; in 2.0 the plugins that keep them provide them (messenger, finance, tracker), and these
 * shims read the provided ones by id. Their types are the 1.x contract, frozen here; a 2.0 plugin
 * imports the owning plugin's own (`@plugins/<id>/server/services`).
 */
import type { LocalizedText } from '@core/shared/manifest';
import type { Queryable } from '../database/database';
import type { ServiceRegistry } from './service-registry';

/** @deprecated Since SDK 2.0: the messenger plugin's `MessengerUser`. */
export interface MessengerUser {
  readonly id: number;
  readonly username: string | null;
  readonly firstName: string | null;
  /** IETF tag the messenger app reports (`ru`, `en-GB`), or null. */
  readonly languageCode: string | null;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `MessengerUpdate`. */
export interface MessengerUpdate {
  readonly updateId: number;
  readonly chatId: number | null;
  readonly from: MessengerUser | null;
  readonly text: string | null;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `BotIdentity`. */
export interface BotIdentity {
  readonly id: number;
  readonly name: string;
  readonly username: string | null;
  readonly messenger: string;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `BotHandlerContext`. */
export interface BotHandlerContext {
  reply(text: string): Promise<void>;
  send(chatId: number | string, text: string): Promise<void>;
  readonly language: 'en' | 'ru';
}

/** @deprecated Since SDK 2.0: the messenger plugin's `BotHandler`, registered through its `messenger.botHandlers` extension point. */
export interface BotHandler {
  readonly name: string;
  readonly description: LocalizedText;
  handle(update: MessengerUpdate, bot: BotIdentity, context: BotHandlerContext): Promise<void>;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `BOT_HANDLER_NAME`. */
export const BOT_HANDLER_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** @deprecated Since SDK 2.0: the messenger plugin's `BotHandlerRegistry` (`context.extensionPoint(BOT_HANDLERS)`). */
export interface BotHandlerRegistry {
  register(handler: BotHandler): void;
  list(): readonly BotHandler[];
  find(name: string): BotHandler | undefined;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `NotifyOptions`. */
export interface NotifyOptions {
  readonly botId?: number;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `Notifier`, its `messenger.notifications` service. */
export interface Notifier {
  notify(chatId: number | string, text: string, options?: NotifyOptions): Promise<void>;
}

/** @deprecated Since SDK 2.0: a 2.0 plugin declares the messenger's notifications in `services.uses` and finds none there. */
export const NOTIFICATIONS_UNAVAILABLE =
  'Notifications cannot be sent: no messenger bot with the notification handler is running.';

/** @deprecated Since SDK 2.0: the messenger plugin's `NotificationsUnavailableError`. */
export class NotificationsUnavailableError extends Error {
  constructor(message = NOTIFICATIONS_UNAVAILABLE) {
    super(message);
    this.name = 'NotificationsUnavailableError';
  }
}

/** @deprecated Since SDK 2.0: the messenger plugin's `BotUnavailableError`. */
export class BotUnavailableError extends Error {
  constructor(readonly botId: number) {
    super(`Bot ${botId} cannot send: it does not exist, is deleted or has no token.`);
    this.name = 'BotUnavailableError';
  }
}

/** @deprecated Since SDK 2.0: the messenger plugin's `messenger.notifications` service. */
export interface NotificationService extends Notifier {
  readonly available: boolean;
  provide(provider: Notifier): void;
}

/** @deprecated Since SDK 2.0: the messenger plugin's `messenger.botHandlers` extension point and `messenger.notifications` service. */
export interface Messaging {
  readonly handlers: BotHandlerRegistry;
  readonly notifications: NotificationService;
}

/** @deprecated Since SDK 2.0: the finance plugin's `SpreadsheetCell`. */
export type SpreadsheetCell = string | number;

/** @deprecated Since SDK 2.0: the finance plugin's `AppendResult`. */
export interface AppendResult {
  readonly updatedRange: string;
  readonly updatedRows: number;
}

/** @deprecated Since SDK 2.0: the finance plugin's `SpreadsheetWriter`, its `finance.spreadsheets` service. */
export interface SpreadsheetWriter {
  append(spreadsheetId: string, sheet: string, rows: readonly (readonly SpreadsheetCell[])[]): Promise<AppendResult>;
}

/** @deprecated Since SDK 2.0: a 2.0 plugin declares finance's spreadsheets in `services.uses` and finds none there. */
export const SPREADSHEETS_UNAVAILABLE =
  'Spreadsheet export is unavailable: it needs the finance plugin, which holds the Google Sheets connection.';

/** @deprecated Since SDK 2.0: see SPREADSHEETS_UNAVAILABLE. */
export class SpreadsheetsUnavailableError extends Error {
  constructor(message = SPREADSHEETS_UNAVAILABLE) {
    super(message);
    this.name = 'SpreadsheetsUnavailableError';
  }
}

/** @deprecated Since SDK 2.0: the finance plugin's `finance.spreadsheets` service. */
export interface SpreadsheetService extends SpreadsheetWriter {
  readonly available: boolean;
  provide(provider: SpreadsheetWriter): void;
}

/** @deprecated Since SDK 2.0: the finance plugin's `UsdRateSource`, its `finance.exchangeRates` service. */
export interface UsdRateSource {
  usdRate(currency: string, date: string): Promise<string | null>;
}

/** @deprecated Since SDK 2.0: the finance plugin's `finance.exchangeRates` service. */
export interface ExchangeRateService extends UsdRateSource {
  readonly available: boolean;
  provide(provider: UsdRateSource): void;
}

/** @deprecated Since SDK 2.0: the tracker plugin's `PerformanceTotals`. */
export interface PerformanceTotals {
  readonly revenue: string;
  readonly spend: string;
  readonly profit: string;
  readonly leads: number;
  readonly sales: number;
}

/** @deprecated Since SDK 2.0: the tracker plugin's `PerformanceSource`, its `tracker.performance` service. */
export interface PerformanceSource {
  totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals>;
}

/** @deprecated Since SDK 2.0: the tracker plugin's `tracker.performance` service. */
export interface PerformanceService {
  readonly available: boolean;
  provide(provider: PerformanceSource): void;
  totals(db: Queryable, from: string, to: string): Promise<PerformanceTotals | null>;
}

/** The 1.x context's four fields. */
export interface LegacyServices {
  readonly messaging: Messaging;
  readonly spreadsheets: SpreadsheetService;
  readonly exchangeRates: ExchangeRateService;
  readonly performance: PerformanceService;
}

/** The ids the 2.0 owners provide these under (their `server/services.ts`). */
export const LEGACY_SERVICE_IDS = {
  botHandlers: 'messenger.botHandlers',
  notifications: 'messenger.notifications',
  spreadsheets: 'finance.spreadsheets',
  exchangeRates: 'finance.exchangeRates',
  performance: 'tracker.performance',
} as const;

function refusedProvide(field: string, owner: string): never {
  throw new Error(
    `context.${field}.provide is SDK 1.x: the ${owner} plugin provides this service in 2.0; declare a service of your own (services.provides, context.provide).`,
  );
}

/**
 * The owner's refusal as the 1.x class of the same name, so a 1.x plugin's `instanceof` check
 * still recognises it: the owners throw classes of their own, which the frozen 1.x contract
 * cannot import.
 */
function legacyError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'NotificationsUnavailableError') return new NotificationsUnavailableError(error.message);
  if (error.name === 'SpreadsheetsUnavailableError') return new SpreadsheetsUnavailableError(error.message);
  const botId = (error as { botId?: unknown }).botId;
  if (error.name === 'BotUnavailableError' && typeof botId === 'number') return new BotUnavailableError(botId);
  return error;
}

/**
 * The 1.x fields of a plugin's context, read from the services the owners provide. A bot handler
 * registered before the messenger has offered its extension point waits for it; with the messenger
 * not enabled it waits for good, as a 1.x handler with no bot to run it did (the Vacations fixture's
 * own tests register theirs so, without the messenger).
 */
export function legacyServices(registry: ServiceRegistry): LegacyServices {
  const provided = <T>(id: string): T | undefined => registry.lookup(id) as T | undefined;
  const handlers: BotHandlerRegistry = {
    register(handler) {
      registry.whenOffered(LEGACY_SERVICE_IDS.botHandlers, (point) => (point as BotHandlerRegistry).register(handler));
    },
    list: () => {
      let all: readonly BotHandler[] = [];
      registry.whenOffered(LEGACY_SERVICE_IDS.botHandlers, (point) => (all = (point as BotHandlerRegistry).list()));
      return all;
    },
    find: (name) => handlers.list().find((handler) => handler.name === name),
  };
  return {
    messaging: {
      handlers,
      notifications: {
        get available() {
          return provided(LEGACY_SERVICE_IDS.notifications) !== undefined;
        },
        provide: () => refusedProvide('messaging.notifications', 'messenger'),
        async notify(chatId, text, options) {
          const notifier = provided<Notifier>(LEGACY_SERVICE_IDS.notifications);
          if (!notifier) throw new NotificationsUnavailableError();
          await notifier.notify(chatId, text, options).catch((error: unknown) => {
            throw legacyError(error);
          });
        },
      },
    },
    spreadsheets: {
      get available() {
        return provided(LEGACY_SERVICE_IDS.spreadsheets) !== undefined;
      },
      provide: () => refusedProvide('spreadsheets', 'finance'),
      async append(spreadsheetId, sheet, rows) {
        const writer = provided<SpreadsheetWriter>(LEGACY_SERVICE_IDS.spreadsheets);
        if (!writer) throw new SpreadsheetsUnavailableError();
        return writer.append(spreadsheetId, sheet, rows).catch((error: unknown) => {
          throw legacyError(error);
        });
      },
    },
    exchangeRates: {
      get available() {
        return provided(LEGACY_SERVICE_IDS.exchangeRates) !== undefined;
      },
      provide: () => refusedProvide('exchangeRates', 'finance'),
      usdRate: async (currency, date) =>
        (await provided<UsdRateSource>(LEGACY_SERVICE_IDS.exchangeRates)?.usdRate(currency, date)) ?? null,
    },
    performance: {
      get available() {
        return provided(LEGACY_SERVICE_IDS.performance) !== undefined;
      },
      provide: () => refusedProvide('performance', 'tracker'),
      totals: async (db, from, to) =>
        (await provided<PerformanceSource>(LEGACY_SERVICE_IDS.performance)?.totals(db, from, to)) ?? null,
    },
  };
}
