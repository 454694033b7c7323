import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EMAIL_OR_TELEGRAM_REQUIRED } from '@core/server/auth/account-resources';
import type { UserInfo } from '@core/server/auth/users-queries';
import type { SessionUser } from '@core/shared/session-user';
import {
  bearer,
  DB_TIMEOUT,
  login,
  postWithXsrf,
  refreshCookieOf,
  signIn,
} from '../../../support/server/test-database';
import { buildAuthServer, signAsTelegram } from './support-auth';
import {
  addPerson,
  addRole,
  adminId,
  clientWith,
  openDirectory,
  permissionsVersion,
  refreshAsBrowser,
  type Client,
  type Directory,
  type ErrorBody,
  type Person,
  type RefreshBody,
} from './support-directory';

let directory: Directory;
let api: Client;
let editors: number;
let viewers: number;

beforeEach(async () => {
  directory = await openDirectory();
  api = clientWith(directory.app, ['JU'], await adminId(directory.db));
  editors = await addRole(directory.db, 'editors', ['JA']);
  viewers = await addRole(directory.db, 'viewers', ['TF']);
}, DB_TIMEOUT);

afterEach(async () => {
  await directory.close();
});

const NEW_USER = {
  username: 'dora',
  email: 'dora@example.com',
  sub: 'dr-7',
  tg_user_id: 777,
  tg_login: 'dora_tg',
  password: 'dora-password-1',
};

function fieldErrors(body: string): Readonly<Record<string, readonly string[]>> {
  return (JSON.parse(body) as ErrorBody).errors ?? {};
}

async function storedEmail(id: number): Promise<string | null | undefined> {
  const { rows } = await directory.db.query<{ email: string | null }>('SELECT email FROM core.users WHERE id = $1', [
    id,
  ]);
  return rows[0]?.email;
}

async function userCount(): Promise<number> {
  const { rows } = await directory.db.query<{ n: number }>('SELECT count(*)::int AS n FROM core.users');
  return rows[0]?.n ?? 0;
}

/** NEW_USER without an e-mail (the key left out, so "absent" is what the server sees). */
const { email: _email, ...WITHOUT_EMAIL } = NEW_USER;

describe('POST /users', () => {
  it('creates the user (201, the info shape), upper-casing sub and hashing the password with argon2id', async () => {
    const response = await api.post('/users', {
      ...NEW_USER,
      roles: [editors, viewers],
      manager_id: await adminId(directory.db),
    });
    expect(response.statusCode, response.body).toBe(201);
    const info = response.json<{ data: UserInfo }>().data;
    expect(info).toMatchObject({
      username: 'dora',
      email: 'dora@example.com',
      status: 'active',
      sub: 'DR-7',
      tg_user_id: 777,
      tg_login: 'dora_tg',
      roles: ['editors', 'viewers'],
      role_ids: [editors, viewers].sort((a, b) => a - b),
      permissions: ['JA', 'TF'],
      additional_permissions: [],
      manager_id: await adminId(directory.db),
      deleted_at: null,
    });
    const { rows } = await directory.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM core.users WHERE id = $1',
      [info.id],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const session = await signIn(directory.app, NEW_USER.email, NEW_USER.password);
    expect(session.user.permissions).toEqual(['JA', 'TF']);
  });

  it('trims text and stores a blank sub or Telegram login as none; roles may be empty', async () => {
    const response = await api.post('/users', {
      username: '  dora  ',
      email: ' dora@example.com ',
      sub: '   ',
      tg_login: '',
      password: NEW_USER.password,
      roles: [],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: UserInfo }>().data).toMatchObject({
      username: 'dora',
      email: 'dora@example.com',
      sub: null,
      tg_login: null,
      tg_user_id: null,
      manager_id: null,
      roles: [],
    });
  });

  it('refuses a taken e-mail, username or Telegram id, whatever the case, even a deleted user’s', async () => {
    const taken = await addPerson(directory.db, 'erin');
    await directory.db.query('UPDATE core.users SET tg_user_id = 555, deleted_at = now() WHERE id = $1', [taken.id]);
    const cases: readonly [string, object, string][] = [
      ['email', { email: 'ERIN@example.com' }, 'The email has already been taken.'],
      ['username', { username: 'Erin' }, 'The username has already been taken.'],
      ['tg_user_id', { tg_user_id: 555 }, 'The Telegram user id has already been taken.'],
    ];
    for (const [field, change, message] of cases) {
      const response = await api.post('/users', { ...NEW_USER, roles: [], ...change });
      expect(response.statusCode, field).toBe(422);
      expect(fieldErrors(response.body)).toEqual({ [field]: [message] });
    }
  });

  it.each([
    ['absent', {}],
    ['null', { email: null }],
    ['empty', { email: '' }],
    ['blank', { email: '   ' }],
  ])(
    'creates a user with a Telegram id and the e-mail %s, storing no e-mail (201, email null)',
    async (_label, email) => {
      const response = await api.post('/users', { ...WITHOUT_EMAIL, roles: [], ...email });
      expect(response.statusCode, response.body).toBe(201);
      const info = response.json<{ data: UserInfo }>().data;
      expect(info).toMatchObject({
        username: 'dora',
        email: null,
        tg_user_id: 777,
        tg_login: 'dora_tg',
        status: 'active',
      });
      expect(await storedEmail(info.id)).toBeNull();
    },
  );

  it('creates several users without an e-mail: only given e-mails are unique', async () => {
    expect((await api.post('/users', { ...WITHOUT_EMAIL, roles: [] })).statusCode).toBe(201);
    const second = await api.post('/users', {
      ...WITHOUT_EMAIL,
      username: 'dora2',
      tg_user_id: 778,
      email: null,
      roles: [],
    });
    expect(second.statusCode, second.body).toBe(201);
  });

  it.each([
    ['absent', {}],
    ['null', { email: null }],
    ['empty', { email: '' }],
  ])(
    'refuses a user with neither an e-mail (%s) nor a Telegram id: 422 on email, nothing written',
    async (_label, email) => {
      const before = await userCount();
      const { tg_user_id: _tg, ...noSignIn } = WITHOUT_EMAIL;
      for (const telegram of [{ tg_user_id: null }, {}]) {
        const response = await api.post('/users', { ...noSignIn, roles: [], ...email, ...telegram });
        expect(response.statusCode, response.body).toBe(422);
        expect(fieldErrors(response.body)).toEqual({ email: [EMAIL_OR_TELEGRAM_REQUIRED] });
      }
      expect(await userCount()).toBe(before);
    },
  );

  it('still checks a given e-mail’s shape when there is a Telegram id', async () => {
    const response = await api.post('/users', { ...NEW_USER, email: 'not-an-email', roles: [] });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)).toEqual({ email: ['Invalid email. Please try again.'] });
  });
});

describe('PATCH /users/:id', () => {
  let erin: Person;

  beforeEach(async () => {
    erin = await addPerson(directory.db, 'erin');
  });

  it('changes only the given fields, upper-casing sub', async () => {
    const response = await api.patch(`/users/${erin.id}`, { username: 'erin2', sub: 'ab-9', tg_user_id: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: UserInfo }>().data).toMatchObject({
      id: erin.id,
      username: 'erin2',
      email: erin.email,
      sub: 'AB-9',
      tg_user_id: null,
    });
  });

  it('answers with the user unchanged for an empty body', async () => {
    const response = await api.patch(`/users/${erin.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: UserInfo }>().data).toMatchObject({ username: 'erin', email: erin.email });
  });

  it('keeps the password when the new one is empty or blank, changes it otherwise', async () => {
    for (const password of ['', '    ']) {
      expect((await api.patch(`/users/${erin.id}`, { password })).statusCode).toBe(200);
      expect((await login(directory.app, erin.email, erin.password)).statusCode).toBe(200);
    }
    expect((await api.patch(`/users/${erin.id}`, { password: 'erin-new-password' })).statusCode).toBe(200);
    expect((await login(directory.app, erin.email, erin.password)).statusCode).toBe(422);
    expect((await login(directory.app, erin.email, 'erin-new-password')).statusCode).toBe(200);
  });

  it('refuses a short new password', async () => {
    const response = await api.patch(`/users/${erin.id}`, { password: 'short' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(response.body))).toEqual(['password']);
  });

  it('refuses another user’s e-mail but accepts the user’s own in another case', async () => {
    await addPerson(directory.db, 'fred');
    const clash = await api.patch(`/users/${erin.id}`, { email: 'Fred@Example.com' });
    expect(clash.statusCode).toBe(422);
    expect(fieldErrors(clash.body)).toEqual({ email: ['The email has already been taken.'] });
    expect((await api.patch(`/users/${erin.id}`, { email: 'ERIN@example.com', username: 'ERIN' })).statusCode).toBe(
      200,
    );
  });

  it('removes the e-mail (null or empty) of a user who has a Telegram id, given before or with it', async () => {
    const given = await api.patch(`/users/${erin.id}`, { email: null, tg_user_id: 901 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ data: UserInfo }>().data).toMatchObject({ email: null, tg_user_id: 901 });
    expect(await storedEmail(erin.id)).toBeNull();

    const fred = await addPerson(directory.db, 'fred');
    await directory.db.query('UPDATE core.users SET tg_user_id = 902 WHERE id = $1', [fred.id]);
    const before = await api.patch(`/users/${fred.id}`, { email: '' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ data: UserInfo }>().data).toMatchObject({ email: null, tg_user_id: 902 });
  });

  it('refuses to leave a user with neither an e-mail nor a Telegram id (422 on email), changing nothing', async () => {
    const noTelegram = await api.patch(`/users/${erin.id}`, { email: null, username: 'erin2' });
    expect(noTelegram.statusCode).toBe(422);
    expect(fieldErrors(noTelegram.body)).toEqual({ email: [EMAIL_OR_TELEGRAM_REQUIRED] });
    expect(await storedEmail(erin.id)).toBe(erin.email);

    expect((await api.patch(`/users/${erin.id}`, { email: null, tg_user_id: 903 })).statusCode).toBe(200);
    const dropTelegram = await api.patch(`/users/${erin.id}`, { tg_user_id: null });
    expect(dropTelegram.statusCode).toBe(422);
    expect(fieldErrors(dropTelegram.body)).toEqual({ email: [EMAIL_OR_TELEGRAM_REQUIRED] });
    const both = await api.patch(`/users/${erin.id}`, { email: '', tg_user_id: null });
    expect(both.statusCode).toBe(422);
    expect(fieldErrors(both.body)).toEqual({ email: [EMAIL_OR_TELEGRAM_REQUIRED] });

    // An edit touching neither field, and swapping the Telegram id for an e-mail, are fine.
    expect((await api.patch(`/users/${erin.id}`, { username: 'erin3' })).statusCode).toBe(200);
    const swapped = await api.patch(`/users/${erin.id}`, { email: 'erin@example.com', tg_user_id: null });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json<{ data: UserInfo }>().data).toMatchObject({ email: 'erin@example.com', tg_user_id: null });
  });

  it('refuses the user as their own manager', async () => {
    const response = await api.patch(`/users/${erin.id}`, { manager_id: erin.id });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)).toEqual({ manager_id: ['A user cannot be their own manager.'] });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await api.patch('/users/999999', { username: 'ghost' })).statusCode).toBe(404);
  });

  it('replaces the roles, bumping the permissions version only when they change', async () => {
    const start = await permissionsVersion(directory.db, erin.id);
    const first = await api.patch(`/users/${erin.id}`, { roles: [editors, viewers] });
    expect(first.json<{ data: UserInfo }>().data.roles).toEqual(['editors', 'viewers']);
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 1);
    await api.patch(`/users/${erin.id}`, { roles: [viewers, editors, editors] });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 1);
    const second = await api.patch(`/users/${erin.id}`, { roles: [viewers] });
    expect(second.json<{ data: UserInfo }>().data).toMatchObject({ roles: ['viewers'], permissions: ['TF'] });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 2);
    await api.patch(`/users/${erin.id}`, { username: 'erin3' });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 2);
  });

  it('tells the user’s next refresh to reload after their roles changed, and only that one', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    expect((await api.patch(`/users/${erin.id}`, { roles: [editors] })).statusCode).toBe(200);
    const refreshed = await refreshAsBrowser(directory.app, session.refreshCookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<RefreshBody>().data.is_reload).toBe(true);
    const next = await refreshAsBrowser(directory.app, refreshCookieOf(refreshed) ?? '');
    expect(next.json<RefreshBody>().data.is_reload).toBe(false);
  });
});

describe('a user without an e-mail signs in through the messenger bot', () => {
  const BOT_TOKEN = '7000000003:AAH-users-test-bot-token';
  const TG_ID = 424_242_424;
  let bot: FastifyInstance;

  beforeEach(async () => {
    bot = await buildAuthServer(directory.db, {
      telegram: { botToken: BOT_TOKEN, botLink: 'https://t.me/erp_users_bot' },
    });
  });

  afterEach(async () => {
    await bot.close();
  });

  it('POST telegram/auth-check answers the user with email null; user/update then gives them one', async () => {
    const created = await api.post('/users', { ...WITHOUT_EMAIL, tg_user_id: TG_ID, roles: [viewers] });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: UserInfo }>().data;

    const widget = signAsTelegram(
      { id: TG_ID, first_name: 'Dora', username: 'dora_tg', auth_date: Math.floor(Date.now() / 1000) - 5 },
      BOT_TOKEN,
    );
    const signedIn = await postWithXsrf(bot, '/api/auth/telegram/auth-check', {
      payload: { dataTelegramAuthButton: widget },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { user, token } = signedIn.json<{ data: { user: SessionUser; token: string } }>().data;
    expect(user).toEqual({
      id,
      username: 'dora',
      email: null,
      status: 'active',
      roles: ['viewers'],
      permissions: ['TF'],
    });
    expect(refreshCookieOf(signedIn)).toBeDefined();

    const current = await bot.inject({ method: 'GET', url: '/api/auth/auth/user', headers: bearer(token) });
    expect(current.json<{ data: SessionUser }>().data).toMatchObject({ id, email: null });

    const updated = await bot.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: bearer(token),
      payload: { email: 'dora@example.com' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: SessionUser }>().data).toEqual({ ...user, email: 'dora@example.com' });
    expect(await storedEmail(id)).toBe('dora@example.com');
  });
});
