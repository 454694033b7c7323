import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@core/server/auth/auth-routes';
import type { Database } from '@core/server/database/database';
import type { SessionUser } from '@core/shared/session-user';
import {
  addUser,
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  mintToken,
  signIn,
} from '../../support/server/test-database';

const PROFILE_URL = '/api/auth/auth/profile';
const USER_URL = '/api/auth/auth/user';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await freshDatabase();
  app = await buildServer({ db });
}, DB_TIMEOUT);

afterAll(async () => {
  await app.close();
  await db.close();
});

function profile(token?: string) {
  return app.inject({ method: 'GET', url: PROFILE_URL, headers: token === undefined ? {} : bearer(token) });
}

async function addPerson(username: string): Promise<{ id: number; token: string }> {
  const id = await addUser(db, {
    username,
    email: `${username}@example.com`,
    password: 'Some-Password-123',
    codes: ['FW', 'TA'],
  });
  return { id, token: mintToken([], { sub: id }) };
}

describe('GET auth/profile', () => {
  it('answers the session user of auth/user plus the chat accounts, none linked yet', async () => {
    const session = await signIn(app);
    const response = await profile(session.token);
    expect(response.statusCode, response.body).toBe(200);
    const user = (await app.inject({ method: 'GET', url: USER_URL, headers: bearer(session.token) })).json<{
      data: SessionUser;
    }>().data;
    expect(response.json<{ data: UserProfile }>().data).toEqual({ ...user, mattermost_username: null, tg_login: null });
  });

  it('names the linked chat-platform and messenger accounts', async () => {
    const person = await addPerson('lena');
    await db.query(
      "UPDATE core.users SET mattermost_user_id = 'mm-1', mattermost_username = 'lena.mm', tg_user_id = 77, tg_login = 'lena_tg' WHERE id = $1",
      [person.id],
    );
    const response = await profile(person.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: UserProfile }>().data).toEqual({
      id: person.id,
      username: 'lena',
      email: 'lena@example.com',
      status: 'active',
      roles: [],
      permissions: ['FW', 'TA'],
      mattermost_username: 'lena.mm',
      tg_login: 'lena_tg',
    });
  });

  it('reads the permissions from the database, not from the token', async () => {
    const person = await addPerson('mark');
    // The token claims every code; the profile tells what the user really holds.
    const response = await profile(mintToken(['JA', 'JU', 'FW'], { sub: person.id }));
    expect(response.json<{ data: UserProfile }>().data.permissions).toEqual(['FW', 'TA']);
  });

  it('needs a signed-in caller', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 to a forged or foreign-key token', async () => {
    expect((await profile('not-a-token')).statusCode).toBe(401);
    expect((await profile(mintToken([], { secret: 'another-secret-0123456789abcdefgh' }))).statusCode).toBe(401);
  });

  it('answers 401 for a well-signed token of a user that does not exist', async () => {
    expect((await profile(mintToken([], { sub: 999_999 }))).statusCode).toBe(401);
  });

  it('answers 401 to a user blocked or deleted since the token was issued', async () => {
    const blocked = await addPerson('nina');
    await db.query('UPDATE core.users SET blocked_at = now() WHERE id = $1', [blocked.id]);
    expect((await profile(blocked.token)).statusCode).toBe(401);

    const deleted = await addPerson('oleg');
    await db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [deleted.id]);
    expect((await profile(deleted.token)).statusCode).toBe(401);
  });

  it('never shows secrets of the account', async () => {
    const session = await signIn(app);
    const body = (await profile(session.token)).body;
    expect(body).not.toMatch(/password|hash|mattermost_user_id|tg_user_id|permissions_version/);
  });
});
