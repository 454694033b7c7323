import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@core/server/auth/users-queries';
import { login, refreshCookieOf, signIn } from '../../../support/server/test-database';
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
});

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

describe('POST /users', () => {
  it('creates the user (201, the info shape), upper-casing sub and hashing the password with argon2id', async () => {
    const response = await api.post('/users', { ...NEW_USER, roles: [editors, viewers], manager_id: await adminId(directory.db) });
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
    const { rows } = await directory.db.query<{ password_hash: string }>('SELECT password_hash FROM core.users WHERE id = $1', [info.id]);
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
    expect((await api.patch(`/users/${erin.id}`, { email: 'ERIN@example.com', username: 'ERIN' })).statusCode).toBe(200);
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

