import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  retryAfterOf,
  TelegramApiError,
  TelegramBotApi,
  TelegramUnreachableError,
} from '@plugins/messenger/server/telegram/bot-api';
import { TELEGRAM_SLOW_DOWN, telegramFailure } from '@plugins/messenger/server/telegram/telegram-failures';
import { FakeTelegram } from '../support/fake-telegram';

const TOKEN = '7000000042:AAE-test-token-not-a-real-one';

describe('the Telegram Bot API adapter, against a local fake of the documented methods', () => {
  const telegram = new FakeTelegram(TOKEN);
  let api: TelegramBotApi;
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await telegram.start();
    api = new TelegramBotApi({ token: TOKEN, baseUrl });
  });
  afterAll(() => telegram.stop());

  it('reads the bot with getMe', async () => {
    expect(await api.getMe()).toEqual({
      id: 7000000042,
      isBot: true,
      firstName: 'Agency bot',
      username: 'agency_test_bot',
    });
  });

  it('sets the webhook with its secret, reads its status back, and deletes it', async () => {
    await api.setWebhook('https://erp.example.com/api/messenger/webhook/3', 'a-Secret_123');
    expect(telegram.calls.at(-1)).toEqual({
      method: 'setWebhook',
      params: { url: 'https://erp.example.com/api/messenger/webhook/3', secret_token: 'a-Secret_123' },
    });
    telegram.pendingUpdates = 2;
    telegram.lastError = { date: 1_790_000_100, message: 'Connection timed out' };
    expect(await api.getWebhookInfo()).toEqual({
      url: 'https://erp.example.com/api/messenger/webhook/3',
      pendingUpdateCount: 2,
      lastErrorDate: 1_790_000_100,
      lastErrorMessage: 'Connection timed out',
    });
    await api.deleteWebhook();
    telegram.lastError = null;
    telegram.pendingUpdates = 0;
    expect(await api.getWebhookInfo()).toEqual({
      url: '',
      pendingUpdateCount: 0,
      lastErrorDate: null,
      lastErrorMessage: null,
    });
  });

  it('refuses a webhook secret Telegram would refuse, before calling it', async () => {
    const before = telegram.calls.length;
    await expect(api.setWebhook('https://erp.example.com/hook', 'has spaces')).rejects.toThrow(RangeError);
    expect(telegram.calls).toHaveLength(before);
  });

  it('sends a message and says which chat it went to', async () => {
    expect(await api.sendMessage(42, 'Test from the back office')).toMatchObject({ chatId: 42 });
  });

  it("carries Telegram's refusal as a typed error with its code and description", async () => {
    const refusal = api.sendMessage(99, 'hello');
    await expect(refusal).rejects.toBeInstanceOf(TelegramApiError);
    await expect(refusal).rejects.toMatchObject({
      method: 'sendMessage',
      errorCode: 400,
      description: 'Bad Request: chat not found',
    });
    await expect(api.setWebhook('http://plain.example.com/hook', 'secret')).rejects.toMatchObject({ errorCode: 400 });
  });

  it('never puts the token into an error: a wrong token, an unreachable host', async () => {
    const wrong = new TelegramBotApi({ token: '1:wrong-token', baseUrl });
    const refused = await wrong.getMe().catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TelegramApiError', errorCode: 401, description: 'Unauthorized' });
    expect(String((refused as Error).message)).not.toContain('wrong-token');

    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const gone = new TelegramBotApi({ token: TOKEN, baseUrl: `http://127.0.0.1:${port}` });
    const unreachable = await gone.getWebhookInfo().catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(TelegramUnreachableError);
    expect((unreachable as Error).message).toBe('Telegram could not be reached for getWebhookInfo: no connection');
    expect((unreachable as Error).message).not.toContain(TOKEN);
  });

  it('counts a call that outlives its timeout as unreachable', async () => {
    const silent = createServer(() => undefined);
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    );
    try {
      const slow = new TelegramBotApi({ token: TOKEN, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      await expect(slow.getMe()).rejects.toThrow('Telegram could not be reached for getMe: no answer within 200 ms');
    } finally {
      silent.close();
    }
  });

  it("reads flood control's retry_after into the refusal, and without leave to wait makes the call once", async () => {
    telegram.flood = { retryAfter: 7, times: 1 };
    const flooded = telegram.flooded.length;
    const refused = await api.sendMessage(42, 'too fast').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TelegramApiError);
    expect(refused).toMatchObject({
      method: 'sendMessage',
      errorCode: 429,
      description: 'Too Many Requests: retry after 7',
      retryAfter: 7,
    });
    expect(retryAfterOf(refused)).toBe(7);
    expect(telegram.flooded.length - flooded).toBe(1);
  });

  it('waits as long as Telegram asks when its caller allows it, then repeats the call once', async () => {
    const waits: number[] = [];
    const patient = new TelegramBotApi({
      token: TOKEN,
      baseUrl,
      floodWait: { maxWaitMs: 3_000, sleep: async (ms) => void waits.push(ms) },
    });
    telegram.flood = { retryAfter: 2, times: 1 };
    expect(await patient.sendMessage(42, 'after the wait')).toMatchObject({ chatId: 42 });
    expect(waits).toEqual([2000]);
    expect(telegram.sent.at(-1)).toEqual({ chatId: 42, text: 'after the wait' });

    // A longer wait than allowed is not waited; a second refusal after the wait is not repeated.
    telegram.flood = { retryAfter: 4, times: 1 };
    await expect(patient.getMe()).rejects.toMatchObject({ errorCode: 429, retryAfter: 4 });
    telegram.flood = { retryAfter: 1, times: 2 };
    await expect(patient.getMe()).rejects.toMatchObject({ errorCode: 429, retryAfter: 1 });
    expect(waits).toEqual([2000, 1000]);
    telegram.flood = null;
  });

  it('answers flood control as 429 for the API caller, naming the wait when Telegram named one', () => {
    expect(
      telegramFailure(new TelegramApiError('sendMessage', 429, 'Too Many Requests: retry after 9', 9)),
    ).toMatchObject({ status: 429, message: 'Telegram asks to wait 9 s', retryAfter: 9 });
    expect(telegramFailure(new TelegramApiError('getMe', 429, 'Too Many Requests', null))).toMatchObject({
      status: 429,
      message: TELEGRAM_SLOW_DOWN,
      retryAfter: null,
    });
  });
});
