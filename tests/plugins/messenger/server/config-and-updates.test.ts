import { describe, expect, it } from 'vitest';
import { readMessengerConfig } from '@plugins/messenger/server/config';
import { normaliseUpdate } from '@plugins/messenger/server/webhook/telegram-update';
import { webhookSecretFor } from '@plugins/messenger/server/webhook/webhook-secrets';

describe('the messenger configuration', () => {
  it('defaults to Telegram and no public address; the environment wins over the settings', () => {
    expect(readMessengerConfig({}, {})).toEqual({
      telegramApiBase: 'https://api.telegram.org',
      publicUrl: null,
      webhookKey: null,
    });
    expect(
      readMessengerConfig(
        {
          telegramApiBase: 'http://bot-api.local:8081/',
          publicUrl: 'https://settings.example.com',
          webhookSecret: 'settings-key-0123456789',
        },
        {
          ERP_PUBLIC_URL: 'https://erp.example.com/',
          ERP_MESSENGER_WEBHOOK_SECRET: 'environment-key-0123456789',
          ERP_TELEGRAM_API_BASE: '',
        },
      ),
    ).toEqual({
      telegramApiBase: 'http://bot-api.local:8081',
      publicUrl: 'https://erp.example.com',
      webhookKey: 'environment-key-0123456789',
    });
  });

  it('stops start-up on a malformed value, naming it', () => {
    expect(() => readMessengerConfig({ publicUrl: 42 }, {})).toThrow(
      'pluginSettings.messenger.publicUrl must be a string.',
    );
    expect(() => readMessengerConfig({}, { ERP_TELEGRAM_API_BASE: 'ftp://telegram' })).toThrow(
      'ERP_TELEGRAM_API_BASE must be an http(s) URL.',
    );
    expect(() => readMessengerConfig({ publicUrl: 'erp.example.com' }, {})).toThrow(
      'pluginSettings.messenger.publicUrl must be an http(s) URL.',
    );
    expect(() => readMessengerConfig({}, { ERP_MESSENGER_WEBHOOK_SECRET: 'short' })).toThrow(
      'ERP_MESSENGER_WEBHOOK_SECRET must be at least 16 characters long.',
    );
  });
});

describe('webhook secrets', () => {
  it('are per bot, stable, and of the alphabet Telegram allows', () => {
    const secret = webhookSecretFor('test-webhook-key-0123456789abcdef', 7);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(webhookSecretFor('test-webhook-key-0123456789abcdef', 7)).toBe(secret);
    expect(webhookSecretFor('test-webhook-key-0123456789abcdef', 8)).not.toBe(secret);
  });
});

describe('Telegram updates as handlers see them', () => {
  const from = { id: 555, is_bot: false, first_name: 'Ann', username: 'ann', language_code: 'ru' };

  it('reads a message: chat, sender, text', () => {
    expect(
      normaliseUpdate({
        update_id: 1,
        message: { message_id: 3, chat: { id: 42, type: 'private' }, from, text: '/start abc' },
      }),
    ).toMatchObject({
      updateId: 1,
      chatId: 42,
      from: { id: 555, username: 'ann', firstName: 'Ann', languageCode: 'ru' },
      text: '/start abc',
    });
  });

  it('reads a channel post, a pressed button and a membership change', () => {
    expect(
      normaliseUpdate({ update_id: 2, channel_post: { chat: { id: -100_5, type: 'channel' }, text: 'news' } }),
    ).toMatchObject({ chatId: -100_5, from: null, text: 'news' });
    expect(
      normaliseUpdate({
        update_id: 3,
        callback_query: { id: 'q', from, data: 'pay', message: { chat: { id: 42 }, text: 'Pay?' } },
      }),
    ).toMatchObject({
      chatId: 42,
      from: { id: 555 },
      text: null,
    });
    expect(normaliseUpdate({ update_id: 4, my_chat_member: { chat: { id: -7 }, from } })).toMatchObject({
      chatId: -7,
      from: { id: 555 },
      text: null,
    });
  });

  it('counts parts of another shape as absent', () => {
    expect(
      normaliseUpdate({ update_id: 5, message: { chat: { id: '42' }, from: { id: 1.5 }, text: 7 } }),
    ).toMatchObject({ chatId: null, from: null, text: null });
    expect(normaliseUpdate({ update_id: 6, poll: { id: 'p' } })).toMatchObject({
      chatId: null,
      from: null,
      text: null,
    });
  });
});
