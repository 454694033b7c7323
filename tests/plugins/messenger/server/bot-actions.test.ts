import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookSecretFor } from '@plugins/messenger/server/webhook/webhook-secrets';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { BOT_TOKEN, logLine, messengerApp, PUBLIC_URL, WEBHOOK_KEY, type MessengerTestApp } from './messenger-support';

/** The bots' row actions against the local fake of the Bot API. */

const NOW = new Date('2026-11-24T12:00:00Z');
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

let t: MessengerTestApp;
let bot: number;
/** The waits the plugin asked for; none really happens. */
const waits: number[] = [];
beforeAll(async () => {
  t = await messengerApp({ now: () => NOW, sleep: async (ms) => void waits.push(ms) });
}, DB_TIMEOUT);
afterAll(() => t.close());
beforeEach(async () => {
  t.telegram.offline = false;
  t.telegram.lastError = null;
  t.telegram.pendingUpdates = 0;
  t.telegram.flood = null;
  waits.length = 0;
  bot = await t.addBot('messenger.sign-in');
});

const run = (action: string, body?: unknown) => t.call(['MB'], 'POST', `bots/${bot}/${action}`, body);
const historyActions = async (): Promise<string[]> =>
  ((await t.call(['MB'], 'GET', `bots/${bot}/history`)).json().data as { action: string }[]).map(
    (entry) => entry.action,
  );

describe('bot row actions', () => {
  it('check-token stores the bot’s user name and the webhook status, as a versioned change in its history', async () => {
    const checked = await run('check-token');
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({
      username: 'agency_test_bot',
      webhook_status: 'not-set',
      webhook_url: null,
      webhook_pending: 0,
      webhook_error: null,
      webhook_checked_at: '2026-11-24T12:00:00.000000Z',
      version: 2,
    });
    expect(await historyActions()).toEqual(['check-token', 'create']);
  });

  it('set-webhook points Telegram at this bot’s receiver with its derived secret; refresh and delete read the status back', async () => {
    const set = await run('set-webhook');
    expect(set.statusCode).toBe(200);
    const url = `${PUBLIC_URL}/api/messenger/webhook/${bot}`;
    expect(set.json().data).toMatchObject({ webhook_status: 'set', webhook_url: url });
    expect(t.telegram.webhookSecret).toBe(webhookSecretFor(WEBHOOK_KEY, bot));
    expect(set.body).not.toContain(t.telegram.webhookSecret);

    t.telegram.pendingUpdates = 3;
    t.telegram.lastError = { date: seconds(NOW) - 120, message: 'Wrong response from the webhook: 502 Bad Gateway' };
    const failing = await run('refresh-webhook');
    expect(failing.json().data).toMatchObject({
      webhook_status: 'failing',
      webhook_pending: 3,
      webhook_error: 'Wrong response from the webhook: 502 Bad Gateway',
      webhook_error_at: '2026-11-24T11:58:00.000000Z',
    });
    // An error Telegram still reports from long ago does not make a working webhook failing.
    t.telegram.lastError = { date: seconds(NOW) - 2 * 3600, message: 'Connection timed out' };
    expect((await run('refresh-webhook')).json().data.webhook_status).toBe('set');

    t.telegram.lastError = null;
    const deleted = await run('delete-webhook');
    expect(deleted.json().data).toMatchObject({ webhook_status: 'not-set', webhook_url: null });
    expect(await historyActions()).toEqual([
      'delete-webhook',
      'refresh-webhook',
      'refresh-webhook',
      'set-webhook',
      'create',
    ]);
  });

  it('sends a test message to a chat by number or @channel, changing no record', async () => {
    const before = (await t.call(['MB'], 'GET', `bots/${bot}`)).json().data.version;
    for (const chat of [42, '42', '@agency_news']) {
      const sent = await run('send-test', { chat_id: chat, text: 'Test from the back office' });
      expect(sent.statusCode, String(chat)).toBe(200);
      expect(sent.json().data).toMatchObject({ id: bot, version: before });
    }
    expect(t.telegram.sent.slice(-3)).toEqual([
      { chatId: 42, text: 'Test from the back office' },
      { chatId: 42, text: 'Test from the back office' },
      { chatId: '@agency_news', text: 'Test from the back office' },
    ]);
    expect(await historyActions()).toEqual(['create']);
  });

  it('validates the test message strictly', async () => {
    const bad: unknown[] = [
      undefined,
      {},
      { chat_id: 42 },
      { text: 'hi' },
      { chat_id: true, text: 'hi' },
      { chat_id: 4.2, text: 'hi' },
      { chat_id: 0, text: 'hi' },
      { chat_id: '+42', text: 'hi' },
      { chat_id: '042', text: 'hi' },
      { chat_id: '@ab', text: 'hi' },
      { chat_id: 42, text: '' },
      { chat_id: 42, text: '   ' },
      { chat_id: 42, text: 7 },
      { chat_id: 42, text: 'x'.repeat(4097) },
      { chat_id: 42, text: 'hi', parse_mode: 'HTML' },
      [42, 'hi'],
    ];
    const calls = t.telegram.calls.length;
    for (const body of bad) expect((await run('send-test', body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(t.telegram.calls).toHaveLength(calls);
    // A non-canonical id is answered as the engine's own routes answer it.
    const engine = (await t.call(['MB'], 'GET', `bots/0${bot}`)).statusCode;
    expect(engine).not.toBe(200);
    expect((await t.call(['MB'], 'POST', `bots/0${bot}/send-test`, { chat_id: 42, text: 'hi' })).statusCode).toBe(
      engine,
    );
  });

  it("answers Telegram's refusal as a 422 carrying its description, in the caller's language", async () => {
    const refused = await run('send-test', { chat_id: 99, text: 'hello' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Telegram refused sendMessage: Bad Request: chat not found');
    const russian = await t.call(
      ['MB'],
      'POST',
      `bots/${bot}/send-test`,
      { chat_id: 99, text: 'hello' },
      { 'accept-language': 'ru' },
    );
    expect(russian.json().message).toBe('Telegram отклонил sendMessage: Bad Request: chat not found');

    await t.db.query(
      `UPDATE messenger.bots SET token = '7000000099:AAE-a-token-telegram-does-not-know-00' WHERE id = $1`,
      [bot],
    );
    const wrongToken = await run('check-token');
    expect(wrongToken.statusCode).toBe(422);
    expect(wrongToken.json().message).toBe('Telegram refused getMe: Unauthorized');
    expect(await historyActions()).toEqual(['create']);
  });

  it('waits out a short flood-control wait inside the request and repeats the call once', async () => {
    t.telegram.flood = { retryAfter: 3, times: 1 };
    const before = t.telegram.sent.length;
    const flooded = t.telegram.flooded.length;
    const sent = await run('send-test', { chat_id: 42, text: 'after the wait' });
    expect(sent.statusCode).toBe(200);
    expect(waits).toEqual([3000]);
    expect(t.telegram.flooded.slice(flooded).map((call) => call.method)).toEqual(['sendMessage']);
    expect(t.telegram.sent.slice(before)).toEqual([{ chatId: 42, text: 'after the wait' }]);

    // Refused again after the wait: the request answers with the wait, it does not wait twice.
    t.telegram.flood = { retryAfter: 2, times: 2 };
    const again = await run('check-token');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('2');
    expect(waits).toEqual([3000, 2000]);
  });

  it('answers a longer flood-control wait with 429 and Retry-After, in the caller’s language, never as a refusal', async () => {
    t.telegram.flood = { retryAfter: 30, times: 2 };
    const calls = t.telegram.calls.length;
    const test = await run('send-test', { chat_id: 42, text: 'hello' });
    expect(test.statusCode).toBe(429);
    expect(test.headers['retry-after']).toBe('30');
    expect(test.json().message).toBe('Telegram asks to wait 30 s');
    const russian = await t.call(
      ['MB'],
      'POST',
      `bots/${bot}/send-test`,
      { chat_id: 42, text: 'hello' },
      { 'accept-language': 'ru' },
    );
    expect(russian.statusCode).toBe(429);
    expect(russian.json().message).toBe('Telegram просит подождать 30 с');
    // Nothing waited in the request, and each call was made once.
    expect(waits).toEqual([]);
    expect(t.telegram.calls.length).toBe(calls);
    expect(t.telegram.flooded.slice(-2).map((call) => call.method)).toEqual(['sendMessage', 'sendMessage']);

    t.telegram.flood = { retryAfter: 45, times: 1 };
    const status = await run('refresh-webhook');
    expect(status.statusCode).toBe(429);
    expect(status.headers['retry-after']).toBe('45');
  });

  it('stores "unreachable" and answers 502 when Telegram cannot be reached; nothing pretends to have worked', async () => {
    await run('set-webhook');
    t.telegram.offline = true;
    for (const action of ['check-token', 'set-webhook', 'delete-webhook', 'refresh-webhook']) {
      const answer = await run(action);
      expect(answer.statusCode, action).toBe(502);
      expect(answer.json().message).toBe(
        'Telegram could not be reached (no connection). Nothing was confirmed there; try again later.',
      );
      expect((await t.call(['MB'], 'GET', `bots/${bot}`)).json().data).toMatchObject({
        webhook_status: 'unreachable',
        webhook_url: `${PUBLIC_URL}/api/messenger/webhook/${bot}`,
      });
    }
    const test = await run('send-test', { chat_id: 42, text: 'hello' });
    expect(test.statusCode).toBe(502);
    for (const call of t.logs) expect(logLine(call)).not.toContain(BOT_TOKEN.split(':')[1]);
  });

  it('takes no input on the status actions, and answers 404 for a deleted bot', async () => {
    const withBody = await run('refresh-webhook', { url: 'https://elsewhere.example.com' });
    expect(withBody.statusCode).toBe(422);
    expect(withBody.json().message).toBe('This action takes no input.');
    expect((await run('refresh-webhook', {})).statusCode).toBe(200);
    await t.call(['MB'], 'DELETE', `bots/${bot}`);
    for (const action of ['check-token', 'set-webhook', 'delete-webhook', 'refresh-webhook'])
      expect((await run(action)).statusCode).toBe(404);
    expect((await run('send-test', { chat_id: 42, text: 'hi' })).statusCode).toBe(404);
    expect((await t.call(['MB'], 'POST', 'bots/999999/check-token')).statusCode).toBe(404);
  });
});

describe('set-webhook without the public address', () => {
  let bare: MessengerTestApp;
  beforeAll(async () => {
    bare = await messengerApp({ settings: { publicUrl: undefined } });
  }, DB_TIMEOUT);
  afterAll(() => bare.close());

  it('is refused with what to configure, and Telegram is not asked', async () => {
    const id = await bare.addBot('messenger.notifications');
    const refused = await bare.call(['MB'], 'POST', `bots/${id}/set-webhook`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain('set pluginSettings.messenger.publicUrl or ERP_PUBLIC_URL');
    expect(bare.telegram.calls.filter((call) => call.method === 'setWebhook')).toEqual([]);
  });

  it('reads the public address and the Bot API base from the environment over the settings', {
    timeout: DB_TIMEOUT,
  }, async () => {
    const fromEnv = await messengerApp({
      fakeViaEnv: true,
      settings: { publicUrl: 'https://settings.example.com' },
      env: { ERP_PUBLIC_URL: 'https://env.example.com/' },
    });
    try {
      const id = await fromEnv.addBot('messenger.notifications');
      const set = await fromEnv.call(['MB'], 'POST', `bots/${id}/set-webhook`);
      expect(set.statusCode).toBe(200);
      expect(set.json().data.webhook_url).toBe(`https://env.example.com/api/messenger/webhook/${id}`);
    } finally {
      await fromEnv.close();
    }
  });
});
