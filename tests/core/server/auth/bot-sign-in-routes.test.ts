import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@core/server/auth/access-token';
import { ACCOUNT_BLOCKED } from '@core/server/auth/auth-routes';
import { DEFAULT_AUTH_SETTINGS } from '@core/server/auth/auth-settings';
import {
  SIGN_IN_BOT_MISSING,
  SIGN_IN_CODE_EXPIRED,
  SIGN_IN_CODE_UNKNOWN,
  SIGN_IN_CODE_USED,
  TELEGRAM_NO_USER,
  type LoginCode,
} from '@core/server/auth/bot-sign-in';
import type { MessengerSignIn } from '@core/server/auth/messenger-sign-in';
import { SIGN_IN_CODE_MINUTES } from '@core/server/auth/sign-in-codes';
import { SIGN_IN_CODES_PER_WINDOW } from '@core/server/auth/sign-in-throttle';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin } from '@core/server/plugin';
import type { PluginManifest } from '@core/shared/manifest';
import type { SessionUser } from '@core/shared/session-user';
import {
  buildServer,
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  postWithXsrf,
  refreshCookieOf,
  TEST_SECRET,
} from '../../../support/server/test-database';
import { expectSignInRefused, signAsTelegram, telegramCheck, telegramUser } from './support-auth';

const BOT_LINK = 'https://t.me/erp_sign_in_bot';
const BOT_TOKEN = '7000000003:AAH-code-route-test-token';
const CODE_URL = '/api/auth/telegram/login-code';

const TG_ACTIVE = 610_000_001;
const TG_BLOCKED = 610_000_002;
const TG_NOBODY = 610_000_003;

const BOT_MANIFEST: PluginManifest = {
  id: 'signbot',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'signbot:title',
  service: 'signbot',
  dependencies: [],
  namespaces: ['signbot'],
  pages: [],
};

interface BotServer {
  readonly app: FastifyInstance;
  /** The kernel's binding as the messenger plugin gets it, standing in for its `/start <code>` handler. */
  readonly signIn: MessengerSignIn;
}

/** The server with a plugin in the messenger bot's place: it provides the bot link (or none) and keeps `context.signIn`. */
async function botServer(db: Database, link: string | null, botToken?: string): Promise<BotServer> {
  let signIn: MessengerSignIn | null = null;
  const bot = defineServerPlugin({
    manifest: BOT_MANIFEST,
    migrations: [],
    register: (_app, context) => {
      signIn = context.signIn;
      context.signIn.provideBotLink(async () => link);
    },
  });
  const auth = {
    ...DEFAULT_AUTH_SETTINGS,
    telegram: { ...DEFAULT_AUTH_SETTINGS.telegram, botToken, botLink: BOT_LINK },
  };
  const app = await buildServer({ db, plugins: [bot], auth });
  if (!signIn) throw new Error('The plugin was not registered.');
  return { app, signIn };
}

async function askCode(app: FastifyInstance): Promise<LoginCode> {
  const response = await postWithXsrf(app, CODE_URL, { payload: {} });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: LoginCode }>().data;
}

describe('sign-in through the bot with a one-time code', () => {
  let db: Database;
  let server: BotServer;
  let activeId: number;

  beforeAll(async () => {
    db = await freshDatabase();
    server = await botServer(db, BOT_LINK, BOT_TOKEN);
    activeId = await telegramUser(db, 'olga', TG_ACTIVE);
    const blockedId = await telegramUser(db, 'boris', TG_BLOCKED);
    await db.query('UPDATE core.users SET blocked_at = now() WHERE id = $1', [blockedId]);
  }, DB_TIMEOUT);
  afterAll(async () => {
    await server.app.close();
    await db.close();
  });

  it('gives anyone a code with the bot link that starts the bot with it', async () => {
    const before = Date.now();
    const { code, link, expiresAt } = await askCode(server.app);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toBe(`${BOT_LINK}?start=${code}`);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan((SIGN_IN_CODE_MINUTES * 60 - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual(SIGN_IN_CODE_MINUTES * 60 * 1000 + 1000);
  });

  it('answers 202 pending while the bot has not bound the code', async () => {
    const { code, expiresAt } = await askCode(server.app);
    const response = await telegramCheck(server.app, { code });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { status: 'pending', expiresAt } });
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('signs in the user the bot bound the code to, as the widget path does, and only once', async () => {
    const { code } = await askCode(server.app);
    expect(await server.signIn.bindCode(code, TG_ACTIVE)).toBe('bound');
    const response = await telegramCheck(server.app, { code });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { user: SessionUser; token: string } }>();
    expect(data.user).toMatchObject({ id: activeId, username: 'olga', status: 'active' });
    expect(verifyAccessToken(data.token, TEST_SECRET)).toMatchObject({ sub: activeId });
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{40,}$/);
    expectSignInRefused(await telegramCheck(server.app, { code }), 'code', SIGN_IN_CODE_USED);
  });

  it('refuses an expired code', async () => {
    const { code } = await askCode(server.app);
    await db.query("UPDATE core.sign_in_codes SET expires_at = now() - interval '1 second'");
    expectSignInRefused(await telegramCheck(server.app, { code }), 'code', SIGN_IN_CODE_EXPIRED);
    expect(await server.signIn.bindCode(code, TG_ACTIVE)).toBe('expired');
  });

  it.each([
    ['an unknown field', { payload: { code: 'mine' } }, 'code'],
    ['no body at all', {}, 'body'],
  ])('answers 422 on login-code for %s: the request carries nothing but {}', async (_what, request, field) => {
    const response = await postWithXsrf(server.app, CODE_URL, request);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
  });

  it('refuses a code it never gave out', async () => {
    expectSignInRefused(await telegramCheck(server.app, { code: 'A'.repeat(32) }), 'code', SIGN_IN_CODE_UNKNOWN);
  });

  it('says no account is linked when the bot found none', async () => {
    const { code } = await askCode(server.app);
    expect(await server.signIn.bindCode(code, TG_NOBODY)).toBe('no-account');
    expectSignInRefused(await telegramCheck(server.app, { code }), 'code', TELEGRAM_NO_USER);
  });

  it('refuses a blocked account as password sign-in does', async () => {
    const { code } = await askCode(server.app);
    expect(await server.signIn.bindCode(code, TG_BLOCKED)).toBe('blocked');
    expectSignInRefused(await telegramCheck(server.app, { code }), 'code', ACCOUNT_BLOCKED);
  });

  it('refuses an account blocked after the bot bound its code', async () => {
    const id = await telegramUser(db, 'late', 610_000_009);
    const { code } = await askCode(server.app);
    expect(await server.signIn.bindCode(code, 610_000_009)).toBe('bound');
    await db.query('UPDATE core.users SET blocked_at = now() WHERE id = $1', [id]);
    expectSignInRefused(await telegramCheck(server.app, { code }), 'code', ACCOUNT_BLOCKED);
  });

  it('still signs in through the Login Widget', async () => {
    const widget = signAsTelegram(
      { id: TG_ACTIVE, first_name: 'Olga', auth_date: Math.floor(Date.now() / 1000) - 5 },
      BOT_TOKEN,
    );
    const response = await telegramCheck(server.app, { dataTelegramAuthButton: widget });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { user: SessionUser } }>().data.user.id).toBe(activeId);
  });

  it.each([
    ['the code is a number', { code: 12345 }, 'code'],
    ['the code is null', { code: null }, 'code'],
    ['the code is a list', { code: ['a'] }, 'code'],
    ['the code is empty', { code: '' }, 'code'],
    ['the code is longer than any start parameter', { code: 'a'.repeat(65) }, 'code'],
    ['the code has characters no code has', { code: 'abc def' }, 'code'],
    ['a field beside the code is unknown', { code: 'A'.repeat(32), other: 1 }, 'other'],
    [
      'both the code and the widget payload are sent',
      { code: 'A'.repeat(32), dataTelegramAuthButton: { id: 1, auth_date: 1, hash: 'ab' } },
      'body',
    ],
  ])('answers 422 naming the field when %s', async (_what, payload, field) => {
    const response = await telegramCheck(server.app, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    expect(refreshCookieOf(response)).toBeUndefined();
  });
});

describe('sign-in through the bot, refusals of the server', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await db.close();
  });

  it.each([
    ['no plugin provides a bot link', false],
    ['the provider has no bot to sign in through', true],
  ])('answers 503 on login-code when %s', async (_what, withProvider) => {
    const app = withProvider ? (await botServer(db, null)).app : await buildServer({ db });
    try {
      const response = await postWithXsrf(app, CODE_URL, { payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorBody(SIGN_IN_BOT_MISSING));
      const { rows } = await db.query('SELECT 1 FROM core.sign_in_codes');
      expect(rows).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('checks a code without a bot token of its own: the bot that binds holds it', async () => {
    const { app } = await botServer(db, BOT_LINK);
    try {
      const { code } = await askCode(app);
      expect((await telegramCheck(app, { code })).statusCode).toBe(202);
    } finally {
      await app.close();
    }
  });

  it('refuses a second bot link provider at start-up', async () => {
    const twice = defineServerPlugin({
      manifest: BOT_MANIFEST,
      migrations: [],
      register: (_app, context) => {
        context.signIn.provideBotLink(async () => BOT_LINK);
        context.signIn.provideBotLink(async () => BOT_LINK);
      },
    });
    await expect(buildServer({ db, plugins: [twice] })).rejects.toThrow(/only one messenger bot/);
  });

  it('refuses more codes than the limit asked from one address within the window', async () => {
    const { app } = await botServer(db, BOT_LINK);
    await db.query('DELETE FROM core.sign_in_failures');
    try {
      for (let asked = 0; asked < SIGN_IN_CODES_PER_WINDOW; asked += 1) await askCode(app);
      const response = await postWithXsrf(app, CODE_URL, { payload: {} });
      expect(response.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
