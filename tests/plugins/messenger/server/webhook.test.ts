import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookSecretFor } from '@plugins/messenger/server/webhook/webhook-secrets';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { BOT_TOKEN, logLine, messengerApp, textUpdate, WEBHOOK_KEY, type MessengerTestApp } from './messenger-support';

/** The webhook receiver: Telegram's secret header, each update once, handlers' failures contained. */

let t: MessengerTestApp;
let bot: number;
/** The waits the plugin asked for; none really happens. */
const waits: number[] = [];
beforeAll(async () => {
  t = await messengerApp({ sleep: async (ms) => void waits.push(ms) });
  bot = await t.addBot('messenger.notifications');
}, DB_TIMEOUT);
afterAll(() => t.close());

let nextUpdate = 1000;
const claimed = async (botId: number): Promise<number[]> =>
  (
    await t.db.query<{ update_id: string }>(
      'SELECT update_id::text FROM messenger.processed_updates WHERE bot_id = $1 ORDER BY update_id',
      [botId],
    )
  ).rows.map((row) => Number(row.update_id));
const repliesTo = (chatId: number) => t.telegram.sent.filter((message) => message.chatId === chatId);

describe('the webhook receiver', () => {
  it('hands an update to the bot’s handler class, which replies in the sender’s language', async () => {
    const id = (nextUpdate += 1);
    const answer = await t.deliver(bot, textUpdate(id, '/start', { id: 555 }, 42));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { update_id: id, duplicate: false } });
    await vi.waitFor(() =>
      expect(repliesTo(42).at(-1)).toEqual({
        chatId: 42,
        text: "This chat's id is 42. Use it as the notification chat id.",
      }),
    );
    await t.deliver(bot, textUpdate((nextUpdate += 1), 'привет', { id: 555, language_code: 'ru' }, 42));
    await vi.waitFor(() =>
      expect(repliesTo(42).at(-1)?.text).toBe('ID этого чата: 42. Укажите его как ID чата для уведомлений.'),
    );
  });

  it('refuses a missing or wrong secret with 401 and processes nothing', async () => {
    const sent = t.telegram.sent.length;
    const other = await t.addBot('messenger.notifications');
    const id = (nextUpdate += 1);
    for (const secret of [null, '', 'wrong', 'x'.repeat(43)]) {
      const refused = await t.deliver(bot, textUpdate(id, '/start'), secret);
      expect(refused.statusCode, String(secret)).toBe(401);
      expect(refused.json().message).toBe('This webhook call does not carry the bot’s secret.');
    }
    // Another bot's secret is not this one's.
    expect((await t.deliver(bot, textUpdate(id, '/start'), webhookSecretFor(WEBHOOK_KEY, other))).statusCode).toBe(401);
    expect(await claimed(bot)).not.toContain(id);
    expect(t.telegram.sent).toHaveLength(sent);
  });

  it('ignores an update it has handled already, per bot', async () => {
    const other = await t.addBot('messenger.notifications');
    const id = (nextUpdate += 1);
    const first = await t.deliver(bot, textUpdate(id, 'hello', { id: 1 }, 42));
    expect(first.json().data.duplicate).toBe(false);
    await vi.waitFor(() => expect(t.telegram.sent.length).toBeGreaterThan(0));
    const sent = t.telegram.sent.length;
    const again = await t.deliver(bot, textUpdate(id, 'hello', { id: 1 }, 42));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { update_id: id, duplicate: true } });
    // The same update id at another bot is that bot's own update.
    expect((await t.deliver(other, textUpdate(id, 'hello', { id: 1 }, 42))).json().data.duplicate).toBe(false);
    await vi.waitFor(() => expect(t.telegram.sent).toHaveLength(sent + 1));
    expect(await claimed(bot)).toContain(id);
  });

  it('refuses an update of another shape with 422 and claims nothing', async () => {
    const before = await claimed(bot);
    for (const body of [
      {},
      { update_id: '7' },
      { update_id: 7.5 },
      { update_id: -1 },
      { update_id: null },
      [7],
      'update',
    ]) {
      expect((await t.deliver(bot, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await claimed(bot)).toEqual(before);
  });

  it('waits out a short flood-control wait for a reply, and sends a reply held back longer by a job after the wait', async () => {
    waits.length = 0;
    const replies = repliesTo(42).length + 1;
    t.telegram.flood = { retryAfter: 2, times: 1 };
    await t.deliver(bot, textUpdate((nextUpdate += 1), '/start', { id: 555 }, 42));
    await vi.waitFor(() => expect(repliesTo(42)).toHaveLength(replies));
    expect(waits).toEqual([2000]);

    const laterJobs = () =>
      t.db.query<{ id: string; state: string; payload: unknown; wait: number; result: unknown }>(
        `SELECT id, state, payload, EXTRACT(EPOCH FROM run_at - created_at)::float AS wait, result
           FROM core.jobs WHERE kind = 'messenger.send-later' ORDER BY id`,
      );
    t.telegram.flood = { retryAfter: 40, times: 1 };
    await t.deliver(bot, textUpdate((nextUpdate += 1), '/start', { id: 555 }, 42));
    await vi.waitFor(async () => expect((await laterJobs()).rows).toHaveLength(1));
    const [queued] = (await laterJobs()).rows;
    expect(queued).toMatchObject({
      state: 'queued',
      payload: { botId: bot, chatId: 42, text: "This chat's id is 42. Use it as the notification chat id." },
    });
    expect(queued!.wait).toBeGreaterThan(35);
    expect(queued!.wait).toBeLessThan(45);
    // Not waited in the handler, not sent yet.
    expect(waits).toEqual([2000]);
    expect(repliesTo(42)).toHaveLength(replies);

    // Once the wait is over the job sends it; held back longer again, a new job waits for the new wait.
    t.telegram.flood = { retryAfter: 90, times: 1 };
    await t.db.query(`UPDATE core.jobs SET run_at = now() WHERE id = $1`, [queued!.id]);
    await vi.waitFor(async () => expect((await laterJobs()).rows).toHaveLength(2), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await laterJobs()).rows[0]?.state).toBe('succeeded'), { timeout: 10_000 });
    const [first, again] = (await laterJobs()).rows;
    expect(first?.result).toEqual({ queuedAgain: true });
    expect(again).toMatchObject({ state: 'queued', payload: queued!.payload });
    expect(again!.wait).toBeGreaterThan(85);
    expect(again!.wait).toBeLessThan(95);
    expect(repliesTo(42)).toHaveLength(replies);

    await t.db.query(`UPDATE core.jobs SET run_at = now() WHERE id = $1`, [again!.id]);
    await vi.waitFor(async () => expect((await laterJobs()).rows[1]?.state).toBe('succeeded'), { timeout: 10_000 });
    expect((await laterJobs()).rows[1]?.result).toEqual({ queuedAgain: false });
    expect(repliesTo(42)).toHaveLength(replies + 1);
    expect(waits).toEqual([2000]);
  });

  it('logs a handler’s failure with the bot and update ids (never the token) and still answers 200', async () => {
    const id = (nextUpdate += 1);
    // The fake refuses to write to chat 777, so the handler's reply fails.
    const answer = await t.deliver(bot, textUpdate(id, 'hello', { id: 9 }, 777));
    expect(answer.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(t.logs.some((call) => call.level === 'error' && logLine(call).includes('Bot handler failed'))).toBe(true),
    );
    const failure = t.logs.find((call) => call.level === 'error' && logLine(call).includes('Bot handler failed'));
    expect(failure?.args[0]).toMatchObject({
      botId: bot,
      updateId: id,
      handlerClass: 'messenger.notifications',
      error: { name: 'TelegramApiError', message: 'Telegram refused sendMessage: 400 Bad Request: chat not found' },
    });
    for (const call of t.logs) expect(logLine(call)).not.toContain(BOT_TOKEN.split(':')[1]);
    // Not offered again: a repeat is a duplicate.
    expect((await t.deliver(bot, textUpdate(id, 'hello', { id: 9 }, 777))).json().data.duplicate).toBe(true);
  });

  it('answers 404 for a deleted or unknown bot, even with its secret', async () => {
    const gone = await t.addBot('messenger.notifications');
    await t.call(['MB'], 'DELETE', `bots/${gone}`);
    expect((await t.deliver(gone, textUpdate((nextUpdate += 1), 'hello'))).statusCode).toBe(404);
    expect((await t.deliver(987_654, textUpdate((nextUpdate += 1), 'hello'))).statusCode).toBe(404);
    expect(await claimed(gone)).toEqual([]);
  });
});

describe('the webhook secret without a configured key', () => {
  let generated: MessengerTestApp;
  beforeAll(async () => {
    generated = await messengerApp({ settings: { webhookSecret: undefined } });
  }, DB_TIMEOUT);
  afterAll(() => generated.close());

  it('derives every bot’s secret from a key generated once and kept in the database', async () => {
    const id = await generated.addBot('messenger.notifications');
    expect((await generated.call(['MB'], 'POST', `bots/${id}/set-webhook`)).statusCode).toBe(200);
    const { rows } = await generated.db.query<{ key: string }>('SELECT key FROM messenger.webhook_key');
    expect(rows).toHaveLength(1);
    expect(generated.telegram.webhookSecret).toBe(webhookSecretFor(rows[0]?.key ?? '', id));
    expect((await generated.deliver(id, textUpdate(1, 'hello'))).statusCode).toBe(200);
  });
});
