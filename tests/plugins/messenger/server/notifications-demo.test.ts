import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The probe is a 1.x plugin: through its context it meets the 1.x refusals, as such a plugin's instanceof checks expect.
import { NotificationsUnavailableError } from '@core/sdk/server';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import { createMessengerServerPlugin } from '@plugins/messenger/server';
import { TelegramApiError, TelegramUnreachableError } from '@plugins/messenger/server/telegram/bot-api';
import { messengerApp, probePlugin, textUpdate, type MessengerTestApp, type Probe } from './messenger-support';

/** The notification service as other plugins use it, delivered through the notifications bot; the demo bots. */

describe('notifications through the messenger', () => {
  let t: MessengerTestApp;
  let probe: Probe;
  beforeAll(async () => {
    probe = probePlugin();
    t = await messengerApp({ plugins: [probe.plugin] });
  }, DB_TIMEOUT);
  afterAll(() => t.close());

  const notify = (chatId: number | string, text: string) => {
    if (!probe.context) throw new Error('the probe plugin was not registered');
    return probe.context.messaging.notifications.notify(chatId, text);
  };

  it('is unavailable while no live bot runs the notifications class', async () => {
    expect(probe.context?.messaging.notifications.available).toBe(true);
    await expect(notify(42, 'Order #7 is paid')).rejects.toBeInstanceOf(NotificationsUnavailableError);
    await t.addBot('messenger.sign-in');
    await expect(notify(42, 'Order #7 is paid')).rejects.toBeInstanceOf(NotificationsUnavailableError);
  });

  it('delivers through the oldest live notifications bot; Telegram’s refusal and unreachability reach the caller typed', async () => {
    const first = await t.addBot('messenger.notifications');
    await t.addBot('messenger.notifications');
    await notify(42, 'Order #7 is paid');
    await notify('@agency_news', 'Weekly report is ready');
    expect(t.telegram.sent.slice(-2)).toEqual([
      { chatId: 42, text: 'Order #7 is paid' },
      { chatId: '@agency_news', text: 'Weekly report is ready' },
    ]);
    await expect(notify(99, 'nobody there')).rejects.toBeInstanceOf(TelegramApiError);
    t.telegram.offline = true;
    await expect(notify(42, 'later')).rejects.toBeInstanceOf(TelegramUnreachableError);
    t.telegram.offline = false;

    // The first bot deleted, the next one delivers.
    await t.call(['MB'], 'DELETE', `bots/${first}`);
    await notify(42, 'still delivered');
    expect(t.telegram.sent.at(-1)).toEqual({ chatId: 42, text: 'still delivered' });
  });

  it('tells a team its chat id when it writes to the bot', async () => {
    const bot = await t.addBot('messenger.notifications');
    t.telegram.chats.add(-100_200_300);
    await t.deliver(bot, textUpdate(1, '/start', { id: 5 }, -100_200_300));
    await expect
      .poll(() => t.telegram.sent.at(-1))
      .toEqual({ chatId: -100_200_300, text: "This chat's id is -100200300. Use it as the notification chat id." });
  });
});

describe('demo bots', () => {
  let t: MessengerTestApp;
  beforeAll(async () => {
    t = await messengerApp();
  }, DB_TIMEOUT);
  afterAll(() => t.close());

  it('seeds a sign-in and a notifications bot whose webhook reads "not set", once', async () => {
    const plugin = createMessengerServerPlugin();
    const demo = await demoContext(t.db, [plugin]);
    await plugin.seedDemo?.(t.db, demo);
    await plugin.seedDemo?.(t.db, demo);
    const bots = (await t.call(['MB'], 'GET', 'bots?sort=name')).json().data.data as Record<string, unknown>[];
    expect(
      bots.map((bot) => [
        bot.name,
        bot.type,
        (bot._labels as Record<string, string>).handler_class,
        bot.webhook_status,
        bot.token,
      ]),
    ).toEqual([
      ['Agency sign-in bot', 'sign-in', 'messenger.sign-in', 'not-set', '••••••••'],
      ['Team notifications bot', 'notifications', 'messenger.notifications', 'not-set', '••••••••'],
    ]);
    const history = (await t.call(['MB'], 'GET', `bots/${String(bots[0]?.id)}/history`)).json().data as {
      action: string;
      user_name?: string;
    }[];
    expect(history.map((entry) => entry.action)).toEqual(['create']);
  });
});
