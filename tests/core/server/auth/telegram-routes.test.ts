import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@core/server/auth/access-token';
import { ACCOUNT_BLOCKED } from '@core/server/auth/auth-routes';
import { TELEGRAM_FAILURE_MESSAGES } from '@core/server/auth/telegram-login';
import { TELEGRAM_NO_USER, TELEGRAM_NOT_CONFIGURED } from '@core/server/auth/telegram-routes';
import type { Database } from '@core/server/database/database';
import { XSRF_COOKIE } from '@core/server/http/xsrf';
import type { SessionUser } from '@core/shared/session-user';
import {
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  refreshCookieOf,
  TEST_SECRET,
} from '../../../support/server/test-database';
import {
  buildAuthServer,
  expectSignInRefused,
  signAsTelegram,
  TELEGRAM_CHECK_URL,
  telegramCheck,
  telegramUser,
  type TelegramFields,
} from './support-auth';

const BOT_TOKEN = '7000000001:AAH-route-test-bot-token';
const BOT_LINK = 'https://t.me/erp_test_bot';
const LINK_URL = '/api/auth/telegram/link';
const FIELD = 'dataTelegramAuthButton';

const TG_ACTIVE = 111_000_111;
const TG_BLOCKED = 222_000_222;
const TG_DELETED = 333_000_333;
const TG_UNKNOWN = 444_000_444;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function widget(fields: TelegramFields, token = BOT_TOKEN): Record<string, string | number> {
  return signAsTelegram({ first_name: 'Tess', username: 'tess_tg', auth_date: nowSeconds() - 5, ...fields }, token);
}

describe('messenger sign-in, configured', () => {
  let db: Database;
  let app: FastifyInstance;
  let activeId: number;

  beforeAll(async () => {
    db = await freshDatabase();
    app = await buildAuthServer(db, { telegram: { botToken: BOT_TOKEN, botLink: BOT_LINK } });
    activeId = await telegramUser(db, 'tess', TG_ACTIVE);
    const blockedId = await telegramUser(db, 'bert', TG_BLOCKED);
    await db.query('UPDATE core.users SET blocked_at = now() WHERE id = $1', [blockedId]);
    const deletedId = await telegramUser(db, 'gone', TG_DELETED);
    await db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [deletedId]);
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers the bot dialog link to anyone', async () => {
    const response = await app.inject({ method: 'GET', url: LINK_URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { link: BOT_LINK } });
  });

  it('signs in the user linked to the Telegram id, as POST auth/login does', async () => {
    const response = await telegramCheck(app, {
      [FIELD]: widget({ id: TG_ACTIVE, photo_url: 'https://t.me/i/userpic/320/tess.jpg' }),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { user: SessionUser; token: string } }>();
    expect(data.user).toMatchObject({
      id: activeId,
      username: 'tess',
      email: 'tess@example.com',
      status: 'active',
      roles: [],
    });
    expect(verifyAccessToken(data.token, TEST_SECRET)).toMatchObject({ sub: activeId });
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts a signed field it does not know, since Telegram may add fields', async () => {
    const response = await telegramCheck(app, { [FIELD]: widget({ id: TG_ACTIVE, language_code: 'en' }) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a payload whose field was changed after signing', async () => {
    const payload = { ...widget({ id: TG_UNKNOWN }), id: TG_ACTIVE };
    expectSignInRefused(await telegramCheck(app, { [FIELD]: payload }), FIELD, TELEGRAM_FAILURE_MESSAGES.signature);
  });

  it('refuses a payload with an unsigned field added', async () => {
    const payload = { ...widget({ id: TG_ACTIVE }), last_name: 'Intruder' };
    expectSignInRefused(await telegramCheck(app, { [FIELD]: payload }), FIELD, TELEGRAM_FAILURE_MESSAGES.signature);
  });

  it("refuses a payload signed with another bot's token", async () => {
    expectSignInRefused(
      await telegramCheck(app, { [FIELD]: widget({ id: TG_ACTIVE }, '7000000002:other-bot') }),
      FIELD,
      TELEGRAM_FAILURE_MESSAGES.signature,
    );
  });

  it('refuses a payload older than the allowed age (one day by default)', async () => {
    const payload = widget({ id: TG_ACTIVE, auth_date: nowSeconds() - 86_400 - 60 });
    expectSignInRefused(await telegramCheck(app, { [FIELD]: payload }), FIELD, TELEGRAM_FAILURE_MESSAGES.stale);
  });

  it('refuses a payload dated more than a minute ahead', async () => {
    const payload = widget({ id: TG_ACTIVE, auth_date: nowSeconds() + 600 });
    expectSignInRefused(await telegramCheck(app, { [FIELD]: payload }), FIELD, TELEGRAM_FAILURE_MESSAGES.future);
  });

  it('refuses a Telegram id no user is linked to', async () => {
    expectSignInRefused(await telegramCheck(app, { [FIELD]: widget({ id: TG_UNKNOWN }) }), FIELD, TELEGRAM_NO_USER);
  });

  it('refuses a deleted user as not linked', async () => {
    expectSignInRefused(await telegramCheck(app, { [FIELD]: widget({ id: TG_DELETED }) }), FIELD, TELEGRAM_NO_USER);
  });

  it('refuses a blocked user', async () => {
    expectSignInRefused(await telegramCheck(app, { [FIELD]: widget({ id: TG_BLOCKED }) }), FIELD, ACCOUNT_BLOCKED);
  });

  it('answers 419 without the XSRF header, before looking at the payload', async () => {
    const response = await app.inject({
      method: 'POST',
      url: TELEGRAM_CHECK_URL,
      payload: { [FIELD]: widget({ id: TG_ACTIVE }) },
      cookies: { [XSRF_COOKIE]: 'some-cookie-value' },
    });
    expect(response.statusCode).toBe(419);
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it.each([
    ['the payload is missing', {}, FIELD],
    ['the hash is missing', { [FIELD]: { id: TG_ACTIVE, auth_date: 1 } }, `${FIELD}.hash`],
    ['the id is not a whole number', { [FIELD]: { id: 1.5, auth_date: 1, hash: 'ab' } }, `${FIELD}.id`],
    ['the auth_date is text', { [FIELD]: { id: 1, auth_date: 'yesterday', hash: 'ab' } }, `${FIELD}.auth_date`],
    [
      'an extra field is an object',
      { [FIELD]: { id: 1, auth_date: 1, hash: 'ab', extra: { a: 1 } } },
      `${FIELD}.extra`,
    ],
    ['a field beside the payload is unknown', { [FIELD]: { id: 1, auth_date: 1, hash: 'ab' }, other: 1 }, 'other'],
  ])('answers 422 naming the field when %s', async (_what, payload, field) => {
    const response = await telegramCheck(app, payload);
    expect(response.statusCode).toBe(422);
    const fields = Object.keys(response.json<{ errors: Record<string, string[]> }>().errors);
    // A missing property may be named alone or with its parent's path; either names it.
    expect(fields.some((name) => name === field || name.endsWith(`.${field}`))).toBe(true);
  });
});

describe('messenger sign-in, unconfigured', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await db.close();
  });

  it.each([
    ['nothing is set', {}],
    ['only the link is set', { botLink: BOT_LINK }],
    ['only the token is set', { botToken: BOT_TOKEN }],
  ])('answers 503 naming what to set on GET telegram/link when %s', async (_what, telegram) => {
    const app = await buildAuthServer(db, { telegram });
    try {
      const response = await app.inject({ method: 'GET', url: LINK_URL });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorBody(TELEGRAM_NOT_CONFIGURED));
    } finally {
      await app.close();
    }
  });

  it('answers 503 on auth-check without a bot token, whatever the body', async () => {
    const app = await buildAuthServer(db, { telegram: { botLink: BOT_LINK } });
    try {
      for (const payload of [{ [FIELD]: widget({ id: TG_ACTIVE }) }, {}]) {
        const response = await telegramCheck(app, payload);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(errorBody(TELEGRAM_NOT_CONFIGURED));
      }
    } finally {
      await app.close();
    }
  });
});
