import { describe, expect, it } from 'vitest';
import {
  BotUnavailableError,
  NotificationsUnavailableError,
  SpreadsheetsUnavailableError,
  type BotHandler,
  type Notifier,
  type NotifyOptions,
  type Queryable,
} from '@core/sdk/server';
import {
  extensionPointRef,
  legacyServices,
  resolveServiceGraph,
  serviceRef,
  ServiceRegistry,
  type GraphPlugin,
} from '@core/server/services';

/** The 1.x context fields read what the 2.0 owners provide, found by the ids they kept. */
const rates = serviceRef<{ usdRate(currency: string, date: string): Promise<string | null> }>('finance.exchangeRates');
const sheets = serviceRef<unknown>('finance.spreadsheets');
const notifications = serviceRef<Notifier>('messenger.notifications');
const botHandlers = extensionPointRef<{ register(handler: BotHandler): void; list(): readonly BotHandler[] }>(
  'messenger.botHandlers',
);

/** Never read: without a provider the totals are null before any query. */
const UNREAD_DATABASE = {} as Queryable;

const handler: BotHandler = {
  name: 'vacations.away',
  description: { en: 'Away', ru: 'Отпуск' },
  handle: async () => undefined,
};

function registry(plugins: readonly GraphPlugin[]): ServiceRegistry {
  return new ServiceRegistry(resolveServiceGraph(plugins));
}

describe('the SDK 1.x context fields', () => {
  it('answer as 1.x did while no enabled plugin provides the service', async () => {
    const old = legacyServices(registry([{ id: 'vacations', dependencies: [] }]));
    expect(old.exchangeRates.available).toBe(false);
    await expect(old.exchangeRates.usdRate('EUR', '2026-11-20')).resolves.toBeNull();
    await expect(old.performance.totals(UNREAD_DATABASE, '2026-11-01', '2026-11-30')).resolves.toBeNull();
    await expect(old.spreadsheets.append('sheet', 'Orders', [])).rejects.toBeInstanceOf(SpreadsheetsUnavailableError);
    await expect(old.messaging.notifications.notify(42, 'hi')).rejects.toBeInstanceOf(NotificationsUnavailableError);
    // As in 1.x, a handler registers without the messenger; no bot runs it.
    expect(() => old.messaging.handlers.register(handler)).not.toThrow();
    expect(old.messaging.handlers.list()).toEqual([]);
    expect(() => old.exchangeRates.provide({ usdRate: async () => null })).toThrow(
      /the finance plugin provides this service in 2.0/,
    );
  });

  it('read the services the owners provide, and hold a bot handler until the messenger offers its extension point', async () => {
    const services = registry([
      { id: 'vacations', dependencies: [] },
      { id: 'messenger', dependencies: [], services: { provides: [notifications], offers: [botHandlers] } },
      { id: 'finance', dependencies: [], services: { provides: [rates, sheets] } },
    ]);
    const old = legacyServices(services);
    // The 1.x plugin declares nothing, so it may register before the messenger.
    old.messaging.handlers.register(handler);
    const added: BotHandler[] = [];
    const sent: [number | string, string, NotifyOptions | undefined][] = [];
    services.forPlugin('messenger').offer(botHandlers, { register: (added_) => added.push(added_), list: () => added });
    services
      .forPlugin('messenger')
      .provide(notifications, { notify: async (chatId, text, options) => void sent.push([chatId, text, options]) });
    services.forPlugin('finance').provide(rates, { usdRate: async (currency) => (currency === 'EUR' ? '1.08' : null) });
    expect(added.map((entry) => entry.name)).toEqual(['vacations.away']);
    expect(old.messaging.handlers.find('vacations.away')).toBe(handler);
    await old.messaging.notifications.notify(42, 'through a team bot', { botId: 3 });
    expect(sent).toEqual([[42, 'through a team bot', { botId: 3 }]]);
    expect(old.exchangeRates.available).toBe(true);
    await expect(old.exchangeRates.usdRate('EUR', '2026-11-20')).resolves.toBe('1.08');
  });

  it("hand a 1.x plugin the owner's refusals as the 1.x classes it checks with instanceof", async () => {
    const services = registry([
      { id: 'vacations', dependencies: [] },
      { id: 'messenger', dependencies: [], services: { provides: [notifications] } },
    ]);
    const old = legacyServices(services);
    /** The messenger's own class: the same name, not the kernel's 1.x class. */
    class OwnersBotUnavailableError extends Error {
      constructor(readonly botId: number) {
        super(`Bot ${botId} cannot send: it does not exist, is deleted or has no token.`);
        this.name = 'BotUnavailableError';
      }
    }
    services.forPlugin('messenger').provide(notifications, {
      notify: async () => {
        throw new OwnersBotUnavailableError(7);
      },
    });
    const refusal = await old.messaging.notifications.notify(42, 'hi', { botId: 7 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BotUnavailableError);
    expect(refusal).toMatchObject({
      botId: 7,
      message: 'Bot 7 cannot send: it does not exist, is deleted or has no token.',
    });
  });
});
