import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The probe is a 1.x plugin: through its context it meets the 1.x refusals, as such a plugin's instanceof checks expect.
import { BotUnavailableError } from '@core/sdk/server';
import { TelegramApiError } from '@plugins/messenger/server/telegram/bot-api';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { messengerApp, probePlugin, type MessengerTestApp, type Probe } from './messenger-support';

/** `notify(chatId, text, { botId })`: a plugin writing through a bot of its choice (a team's bot to a member). */

describe('notifications through a chosen bot', () => {
  let t: MessengerTestApp;
  let probe: Probe;
  beforeAll(async () => {
    probe = probePlugin();
    t = await messengerApp({ plugins: [probe.plugin] });
  }, DB_TIMEOUT);
  afterAll(() => t.close());

  const notify = (chatId: number, text: string, botId: number) => {
    if (!probe.context) throw new Error('the probe plugin was not registered');
    return probe.context.messaging.notifications.notify(chatId, text, { botId });
  };

  it('sends through that bot, whatever its handler class, with no notifications bot running', async () => {
    const bot = await t.addBot('messenger.sign-in');
    await notify(42, 'Your order #3 is ready', bot);
    expect(t.telegram.sent.at(-1)).toEqual({ chatId: 42, text: 'Your order #3 is ready' });
  });

  it('uses that bot’s own token: another bot’s token is refused by Telegram', async () => {
    const stranger = await t.addBot('messenger.sign-in', { token: '7000000043:AAE-another-token-not-the-fakes-0123' });
    const before = t.telegram.sent.length;
    await expect(notify(42, 'not through this one', stranger)).rejects.toBeInstanceOf(TelegramApiError);
    expect(t.telegram.sent.length).toBe(before);
  });

  it('refuses a bot that does not exist or is deleted with BotUnavailableError, sending nothing', async () => {
    const bot = await t.addBot('messenger.notifications');
    await t.call(['MB'], 'DELETE', `bots/${bot}`);
    const before = t.telegram.calls.length;
    await expect(notify(42, 'to nobody', bot)).rejects.toEqual(new BotUnavailableError(bot));
    await expect(notify(42, 'to nobody', 999_999)).rejects.toBeInstanceOf(BotUnavailableError);
    expect(t.telegram.calls.length).toBe(before);
  });
});
