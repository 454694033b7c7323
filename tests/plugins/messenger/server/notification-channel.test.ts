import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin, type Notifications } from '@core/sdk/server';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { channelText } from '@plugins/messenger/server/handlers/notification-channel';
import { messengerApp, PUBLIC_URL, type MessengerTestApp } from './messenger-support';

/*
 * The messenger's Telegram channel for the kernel's notifications: a user who has a Telegram id
 * and asked for a source through the bot gets it from the notifications bot, by a durable job;
 * without a notifications bot nothing is sent and the delivery job fails.
 */

let notifications: Notifications | null = null;
const probe = defineServerPlugin({
  manifest: {
    id: 'probe',
    version: '0.0.1',
    sdk: '^2.0.0',
    titleKey: 'probe:title',
    service: 'probe',
    dependencies: [],
    namespaces: ['probe'],
    pages: [],
  },
  migrations: [],
  register(_app, context) {
    context.notifications.source({ id: 'probe.news', label: { en: 'Probe news', ru: 'Новости пробы' } });
    notifications = context.notifications;
  },
});

let t: MessengerTestApp;
let userId = 0;
/** The waits the plugin asked for; none really happens. */
const waits: number[] = [];
const TELEGRAM_ID = 5551234;

const preferences = (method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({
    method,
    url: '/api/notifications/preferences',
    headers: bearer(mintToken([], { sub: userId })),
    ...(payload ? { payload } : {}),
  });

const deliveryJobs = async (): Promise<string[]> =>
  (
    await t.db.query<{ state: string }>(
      `SELECT state FROM core.jobs WHERE kind = 'core.notification-delivery' ORDER BY id`,
    )
  ).rows.map((row) => row.state);

const until = async <T>(check: () => Promise<T | false>, what: string): Promise<T> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify((await t.db.query('SELECT kind, state, error, attempts FROM core.jobs')).rows)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(async () => {
  t = await messengerApp({ plugins: [probe], sleep: async (ms) => void waits.push(ms) });
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO core.users (username, email, password_hash, tg_user_id) VALUES ('tg-user', 'tg@example.com', 'x', $1) RETURNING id`,
    [TELEGRAM_ID],
  );
  userId = Number(rows[0]!.id);
  // The user has started a chat with the bot, so it may write to them.
  t.telegram.chats.add(TELEGRAM_ID);
}, DB_TIMEOUT);

afterAll(() => t.close());

describe('the Telegram notification channel', () => {
  it('is available once a notifications bot runs, and then delivers what the user asked for through it', async () => {
    expect((await preferences('GET')).json<{ data: { bot_available: boolean } }>().data.bot_available).toBe(false);
    const refused = await preferences('PUT', { sources: { 'probe.news': { receive: true, via_bot: true } } });
    expect(refused.statusCode).toBe(422);

    const bot = await t.addBot('messenger.notifications');
    expect((await preferences('GET')).json<{ data: { bot_available: boolean } }>().data.bot_available).toBe(true);
    expect((await preferences('PUT', { sources: { 'probe.news': { receive: true, via_bot: true } } })).statusCode).toBe(
      200,
    );

    await t.db.transaction((tx) =>
      notifications!.publish(tx, {
        source: 'probe.news',
        to: { users: [userId] },
        title: { en: 'Order ready', ru: 'Заказ готов' },
        text: { en: 'Order #3 is packed.', ru: 'Заказ №3 собран.' },
        link: '/shop/orders/3',
        severity: 'success',
      }),
    );
    await until(async () => (await deliveryJobs()).at(-1) === 'succeeded', 'the delivery job');
    expect(t.telegram.sent.at(-1)).toEqual({
      chatId: TELEGRAM_ID,
      text: `✅ Order ready\n\nOrder #3 is packed.\n\n${PUBLIC_URL}/shop/orders/3`,
    });

    // Without a notifications bot (local mode) nothing is sent and the job fails rather than claim a delivery.
    await t.call(['MB'], 'DELETE', `bots/${bot}`);
    const sent = t.telegram.sent.length;
    await notifications!.publish(t.db, {
      source: 'probe.news',
      to: { users: [userId] },
      title: { en: 'Unsent', ru: 'Не отправлено' },
    });
    await until(async () => (await deliveryJobs()).at(-1) === 'failed', 'the failed delivery job');
    expect(t.telegram.sent.length).toBe(sent);
  }, 30_000);

  it('waits out flood control inside the delivery job, and retries after Telegram’s wait when it is long', async () => {
    const bot = await t.addBot('messenger.notifications');
    try {
      const publish = (title: string) =>
        notifications!.publish(t.db, {
          source: 'probe.news',
          to: { users: [userId] },
          title: { en: title, ru: title },
        });
      waits.length = 0;
      t.telegram.flood = { retryAfter: 20, times: 1 };
      await publish('After the wait');
      await until(async () => (await deliveryJobs()).at(-1) === 'succeeded', 'the delivery after the wait');
      expect(waits).toEqual([20_000]);
      expect(t.telegram.sent.at(-1)).toEqual({ chatId: TELEGRAM_ID, text: 'ℹ️ After the wait' });

      t.telegram.flood = { retryAfter: 600, times: 1 };
      await publish('Later');
      const attempt = await until(async () => {
        const { rows } = await t.db.query<{ state: string; attempts: number; error: string | null; ahead: string }>(
          `SELECT state, attempts, error, (extract(epoch FROM run_at - updated_at) * 1000)::text AS ahead
             FROM core.jobs WHERE kind = 'core.notification-delivery' ORDER BY id DESC LIMIT 1`,
        );
        const job = rows[0];
        return job && job.attempts === 1 && job.state === 'queued' ? job : false;
      }, 'the attempt refused by flood control');
      expect(attempt.error).toBe('Telegram asks to wait 600 s');
      // The next attempt runs once Telegram's wait is over, not after the delivery's shorter backoff.
      expect(Number(attempt.ahead)).toBe(600_000);
      // Ten minutes are not waited inside the attempt.
      expect(waits).toEqual([20_000]);
    } finally {
      t.telegram.flood = null;
      await t.call(['MB'], 'DELETE', `bots/${bot}`);
    }
  }, 30_000);

  it('writes the title, the text and the page’s address when the public address is known', () => {
    const message = {
      userId: 1,
      source: 'core.jobs',
      title: 'Proxy purchase failed',
      text: null,
      link: '/system/proxies/12',
      severity: 'error',
      language: 'en',
    } as const;
    expect(channelText(message, 'https://erp.example.com')).toBe(
      '❗ Proxy purchase failed\n\nhttps://erp.example.com/system/proxies/12',
    );
    expect(channelText(message, null)).toBe('❗ Proxy purchase failed');
  });
});
