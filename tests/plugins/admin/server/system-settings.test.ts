import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin, defineSetting, readSetting } from '@core/sdk/server';
import type { SecretSettingEntry, SystemSettingEntry, ValueSettingEntry } from '@plugins/admin/shared/system-settings';
import { DB_TIMEOUT, DEFAULT_AUTH_SETTINGS, TEST_RUNTIME_CONFIG } from '@core/sdk/testing';
import { dataOf, expectFieldErrors, openAdmin, type AdminServer, type Client } from './support-admin';

/** A plugin that declares a setting of its own, as finance declares its nesting limit. */
const NESTING = defineSetting({
  type: 'integer',
  key: 'sheets.tables.maxNestingLevel',
  labelKey: 'sheets:settings.maxNestingLevel',
  description: 'The deepest level of the table tree.',
  default: 3,
  min: 1,
  max: 20,
});
const sheets = defineServerPlugin({
  manifest: {
    id: 'sheets',
    version: '0.1.0',
    sdk: '^2.0.0',
    titleKey: 'sheets:title',
    service: 'finance',
    dependencies: [],
    namespaces: ['sheets'],
    pages: [],
  },
  migrations: [],
  systemSettings: [NESTING],
  register: () => undefined,
});

const BOT_LINK = 'https://t.me/configured_bot';

let server: AdminServer;
let js: Client;

beforeAll(async () => {
  server = await openAdmin({
    plugins: [sheets],
    auth: {
      ...DEFAULT_AUTH_SETTINGS,
      telegram: { ...DEFAULT_AUTH_SETTINGS.telegram, botLink: BOT_LINK, botToken: 'bot-token-do-not-leak' },
    },
  });
  js = server.as(['JS']);
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

function entry<T extends SystemSettingEntry>(entries: readonly SystemSettingEntry[], key: string): T {
  const found = entries.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no setting ${key}`);
  return found as T;
}

describe('GET system-settings', () => {
  it('lists every declared setting with its type, bounds, default and current value', async () => {
    const entries = dataOf<SystemSettingEntry[]>(await js.get('/system-settings'));
    expect(entries.map((candidate) => candidate.key)).toEqual([
      'core.general.defaultLanguage',
      'core.general.productName',
      'core.mattermost.url',
      'core.telegram.botLink',
      'sheets.tables.maxNestingLevel',
      'core.telegram.botToken',
      'core.mattermost.clientSecret',
    ]);
    expect(entry(entries, 'core.general.productName')).toEqual({
      key: 'core.general.productName',
      type: 'string',
      label_key: 'settings:productName',
      description: expect.any(String),
      default: TEST_RUNTIME_CONFIG.productName,
      value: TEST_RUNTIME_CONFIG.productName,
      is_stored: false,
      min_length: 1,
      max_length: 100,
    });
    expect(entry<ValueSettingEntry>(entries, 'core.general.defaultLanguage')).toMatchObject({
      default: 'en',
      values: ['en', 'ru'],
    });
    expect(entry<ValueSettingEntry>(entries, 'core.telegram.botLink')).toMatchObject({
      default: BOT_LINK,
      value: BOT_LINK,
      format: 'url',
    });
    expect(entry<ValueSettingEntry>(entries, 'core.mattermost.url')).toMatchObject({
      default: '',
      value: '',
      format: 'url',
    });
    expect(entry(entries, 'sheets.tables.maxNestingLevel')).toMatchObject({
      type: 'integer',
      default: 3,
      value: 3,
      min: 1,
      max: 20,
    });
  });

  it('reports secrets only as set or not set, never their values', async () => {
    const response = await js.get('/system-settings');
    const entries = dataOf<SystemSettingEntry[]>(response);
    expect(entry<SecretSettingEntry>(entries, 'core.telegram.botToken')).toEqual({
      key: 'core.telegram.botToken',
      type: 'secret',
      label_key: 'settings:telegramBotToken',
      description: expect.any(String),
      is_set: true,
      env: 'ERP_TELEGRAM_BOT_TOKEN',
    });
    expect(entry<SecretSettingEntry>(entries, 'core.mattermost.clientSecret').is_set).toBe(false);
    expect(response.body).not.toContain('bot-token-do-not-leak');
  });
});

describe('PUT system-settings', () => {
  it('stores every value at once, trimmed, and answers the new list', async () => {
    const response = await js.put('/system-settings', {
      'core.general.productName': '  Acme Back Office ',
      'core.general.defaultLanguage': 'ru',
      'sheets.tables.maxNestingLevel': 5,
    });
    const entries = dataOf<SystemSettingEntry[]>(response);
    expect(response.json<{ message: string }>().message).toBe('Successfully updated');
    expect(entry(entries, 'core.general.productName')).toMatchObject({ value: 'Acme Back Office', is_stored: true });
    expect(entry(entries, 'sheets.tables.maxNestingLevel')).toMatchObject({ value: 5, is_stored: true });
    expect(await readSetting(server.db, NESTING)).toBe(5);
    const { rows } = await server.db.query<{ updated_by: string }>(
      `SELECT updated_by FROM core.system_settings WHERE key = 'core.general.productName'`,
    );
    expect(Number(rows[0]?.updated_by)).toBe(1);
  });

  it('publishes the stored product name and language at /config.json, and the bot link at telegram/link', async () => {
    await js.put('/system-settings', {
      'core.general.productName': 'Acme Back Office',
      'core.general.defaultLanguage': 'ru',
      'core.telegram.botLink': 'https://t.me/acme_bot',
    });
    const config = (await server.app.inject({ method: 'GET', url: '/config.json' })).json<{
      productName: string;
      defaultLanguage: string;
    }>();
    expect(config).toMatchObject({ productName: 'Acme Back Office', defaultLanguage: 'ru' });
    const link = await server.app.inject({ method: 'GET', url: '/api/auth/telegram/link' });
    expect(link.json()).toEqual({ data: { link: 'https://t.me/acme_bot' } });
  });

  it('returns a setting to its default with null', async () => {
    await js.put('/system-settings', { 'core.telegram.botLink': 'https://t.me/other_bot' });
    const entries = dataOf<SystemSettingEntry[]>(await js.put('/system-settings', { 'core.telegram.botLink': null }));
    expect(entry(entries, 'core.telegram.botLink')).toMatchObject({ value: BOT_LINK, is_stored: false });
    const link = await server.app.inject({ method: 'GET', url: '/api/auth/telegram/link' });
    expect(link.json()).toEqual({ data: { link: BOT_LINK } });
  });

  it.each([
    ['sheets.tables.maxNestingLevel', 0, 'The value must be at least 1.'],
    ['sheets.tables.maxNestingLevel', 21, 'The value must be at most 20.'],
    ['sheets.tables.maxNestingLevel', 2.5, 'The value must be a whole number.'],
    ['sheets.tables.maxNestingLevel', '4', 'The value must be a whole number.'],
    ['core.general.defaultLanguage', 'de', 'The value must be one of en, ru.'],
    ['core.general.productName', '   ', 'The value must have at least 1 character.'],
    ['core.general.productName', 'x'.repeat(101), 'The value must have at most 100 characters.'],
    ['core.telegram.botLink', 'not a link', 'The value must be an http or https address.'],
    ['core.mattermost.url', 42, 'The value must be text.'],
    ['core.telegram.botToken', 'new-token', 'This secret is set only in the environment (ERP_TELEGRAM_BOT_TOKEN).'],
    ['core.unknown.setting', 1, 'There is no such setting.'],
    [
      'core.general.productName',
      { name: 'x' },
      'The value must be text, a number, true or false, or null for the default.',
    ],
    ['core.general.productName', 'Acme\u0000', 'This field must not contain a NUL character.'],
  ])('answers 422 on %s for %j', async (key, value, message) => {
    const body = expectFieldErrors(await js.put('/system-settings', { [key]: value }), [key]);
    expect(body.errors?.[key]).toEqual([message]);
  });

  it('stores nothing when any key fails, and names every failing key', async () => {
    const before = dataOf<SystemSettingEntry[]>(await js.get('/system-settings'));
    const body = expectFieldErrors(
      await js.put('/system-settings', {
        'core.general.productName': 'Fine name',
        'sheets.tables.maxNestingLevel': 99,
        'core.general.defaultLanguage': 'xx',
      }),
      ['sheets.tables.maxNestingLevel', 'core.general.defaultLanguage'],
    );
    expect(body.message).toEqual(expect.any(String));
    expect(dataOf<SystemSettingEntry[]>(await js.get('/system-settings'))).toEqual(before);
  });

  it('answers 422 for a body that is not an object and 400 for one that is not JSON', async () => {
    expect((await js.send('PUT', '/system-settings', '[1]', { 'content-type': 'application/json' })).statusCode).toBe(
      422,
    );
    expect((await js.send('PUT', '/system-settings', 'nope', { 'content-type': 'application/json' })).statusCode).toBe(
      400,
    );
  });
});
