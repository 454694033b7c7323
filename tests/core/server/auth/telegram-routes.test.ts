import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@core/server/auth/access-token';
import { ACCOUNT_BLOCKED } from '@core/server/auth/auth-routes';
import { TELEGRAM_FAILURE_MESSAGES } from '@core/server/auth/telegram-login';
import { TELEGRAM_NO_USER, TELEGRAM_NOT_CONFIGURED } from '@core/server/auth/telegram-routes';
import type { Database } from '@core/server/database/database';
import { XSRF_COOKIE } from '@core/server/http/xsrf';
import type { SessionUser } from '@core/shared/session-user';
import { addUser, DB_TIMEOUT, freshDatabase, postWithXsrf, refreshCookieOf, TEST_SECRET } from '../../../support/server/test-database';
import { buildAuthServer, signAsTelegram, type TelegramFields } from './support-auth';

const BOT_TOKEN = '7000000001:AAH-route-test-bot-token';
const BOT_LINK = 'https://t.me/erp_test_bot';
const LINK_URL = '/api/auth/telegram/link';
const CHECK_URL = '/api/auth/telegram/auth-check';
const FIELD = 'dataTelegramAuthButton';

const TG_ACTIVE = 111_000_111;
const TG_BLOCKED = 222_000_222;
const TG_DELETED = 333_000_333;
const TG_UNKNOWN = 444_000_444;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function widget(fields: TelegramFields, token = BOT_TOKEN): Record<string, string | number> {
  return signAsTelegram({ first_name: 'Tess', username: 'tess_tg', auth_date: nowSeconds() - 5, ...fields }, token);
}

function check(app: FastifyInstance, payload: object): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, CHECK_URL, { payload });
}

function expectRefused(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ message, errors: { [FIELD]: [message] } });
  expect(refreshCookieOf(response)).toBeUndefined();
}

async function linkTelegram(db: Database, username: string, tgId: number): Promise<number> {
  const id = await addUser(db, { username, email: `${username}@example.com`, password: 'Some-Password-123' });
  await db.query('UPDATE core.users SET tg_user_id = $2 WHERE id = $1', [id, tgId]);
  return id;
}

describe('messenger sign-in, configured', () => {
  let db: Database;
  let app: FastifyInstance;
  let activeId: number;

  beforeAll(async () => {
    db = await freshDatabase();
    app = await buildAuthServer(db, { telegram: { botToken: BOT_TOKEN, botLink: BOT_LINK } });
    activeId = await linkTelegram(db, 'tess', TG_ACTIVE);
    const blockedId = await linkTelegram(db, 'bert', TG_BLOCKED);
    await db.query("UPDATE core.users SET status = 'blocked' WHERE id = $1", [blockedId]);
    const deletedId = await linkTelegram(db, 'gone', TG_DELETED);
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
    const response = await check(app, { [FIELD]: widget({ id: TG_ACTIVE, photo_url: 'https://t.me/i/userpic/320/tess.jpg' }) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { user: SessionUser; token: string } }>();
    expect(data.user).toMatchObject({ id: activeId, username: 'tess', email: 'tess@example.com', status: 'active', roles: [] });
    expect(verifyAccessToken(data.token, TEST_SECRET)).toMatchObject({ sub: activeId });
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts a signed field it does not know, since Telegram may add fields', async () => {
    const response = await check(app, { [FIELD]: widget({ id: TG_ACTIVE, language_code: 'en' }) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a payload whose field was changed after signing', async () => {
    const payload = { ...widget({ id: TG_UNKNOWN }), id: TG_ACTIVE };
    expectRefused(await check(app, { [FIELD]: payload }), TELEGRAM_FAILURE_MESSAGES.signature);
  });

  it('refuses a payload with an unsigned field added', async () => {
    const payload = { ...widget({ id: TG_ACTIVE }), last_name: 'Intruder' };
    expectRefused(await check(app, { [FIELD]: payload }), TELEGRAM_FAILURE_MESSAGES.signature);
  });

  it("refuses a payload signed with another bot's token", async () => {
    expectRefused(await check(app, { [FIELD]: widget({ id: TG_ACTIVE }, '7000000002:other-bot') }), TELEGRAM_FAILURE_MESSAGES.signature);
  });

  it('refuses a payload older than the allowed age (one day by default)', async () => {
    const payload = widget({ id: TG_ACTIVE, auth_date: nowSeconds() - 86_400 - 60 });
    expectRefused(await check(app, { [FIELD]: payload }), TELEGRAM_FAILURE_MESSAGES.stale);
  });

  it('refuses a payload dated more than a minute ahead', async () => {
    const payload = widget({ id: TG_ACTIVE, auth_date: nowSeconds() + 600 });
    expectRefused(await check(app, { [FIELD]: payload }), TELEGRAM_FAILURE_MESSAGES.future);
  });

  it('refuses a Telegram id no user is linked to', async () => {
    expectRefused(await check(app, { [FIELD]: widget({ id: TG_UNKNOWN }) }), TELEGRAM_NO_USER);
  });

  it('refuses a deleted user as not linked', async () => {
    expectRefused(await check(app, { [FIELD]: widget({ id: TG_DELETED }) }), TELEGRAM_NO_USER);
  });

  it('refuses a blocked user', async () => {
    expectRefused(await check(app, { [FIELD]: widget({ id: TG_BLOCKED }) }), ACCOUNT_BLOCKED);
  });

  it('answers 419 without the XSRF header, before looking at the payload', async () => {
    const response = await app.inject({
      method: 'POST',
      url: CHECK_URL,
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
    ['an extra field is an object', { [FIELD]: { id: 1, auth_date: 1, hash: 'ab', extra: { a: 1 } } }, `${FIELD}.extra`],
    ['a field beside the payload is unknown', { [FIELD]: { id: 1, auth_date: 1, hash: 'ab' }, other: 1 }, 'other'],
  ])('answers 422 naming the field when %s', async (_what, payload, field) => {
    const response = await check(app, payload);
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
      expect(response.json()).toEqual({ message: TELEGRAM_NOT_CONFIGURED });
    } finally {
      await app.close();
    }
  });

  it('answers 503 on auth-check without a bot token, whatever the body', async () => {
    const app = await buildAuthServer(db, { telegram: { botLink: BOT_LINK } });
    try {
      for (const payload of [{ [FIELD]: widget({ id: TG_ACTIVE }) }, {}]) {
        const response = await check(app, payload);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: TELEGRAM_NOT_CONFIGURED });
      }
    } finally {
      await app.close();
    }
  });
});
