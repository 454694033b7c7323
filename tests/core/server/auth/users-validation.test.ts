import 'reflect-metadata';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { DB_TIMEOUT } from '../../../support/server/test-database';
import { clientWith, openDirectory, type Directory, type ErrorBody } from './support-directory';

const NEW_USER = {
  username: 'vera',
  email: 'vera@example.com',
  sub: 'vr-1',
  tg_user_id: 778,
  tg_login: 'vera_tg',
  password: 'vera-password-1',
};

async function userCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM core.users');
  return rows[0]?.n ?? 0;
}

function fieldErrors(body: string): Readonly<Record<string, readonly string[]>> {
  return (JSON.parse(body) as ErrorBody).errors ?? {};
}

// Refused bodies write nothing, so these share one database.
describe('POST /users validation', () => {
  let shared: Directory;

  beforeAll(async () => {
    shared = await openDirectory();
  }, DB_TIMEOUT);

  afterAll(async () => {
    await shared.close();
  });

  const post = (body: object): Promise<LightMyRequestResponse> => clientWith(shared.app, ['JU']).post('/users', body);

  it.each([
    ['username', { username: 'd' }],
    ['username', { username: '  d  ' }],
    ['username', { username: 'd'.repeat(65) }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: null, tg_user_id: null }],
    ['email', { email: '  ', tg_user_id: null }],
    ['password', { password: 'short' }],
    ['password', { password: '          ' }],
    ['roles', { roles: [999_999] }],
    ['roles', { roles: 'editors' }],
    ['roles.0', { roles: ['1'] }],
    ['manager_id', { manager_id: 999_999 }],
    ['tg_user_id', { tg_user_id: 'abc' }],
    ['tg_user_id', { tg_user_id: 1.5 }],
    ['sub', { sub: 'S'.repeat(65) }],
  ])('refuses a bad %s with 422 on that field and writes nothing', async (field, change) => {
    const before = await userCount(shared.db);
    const response = await post({ ...NEW_USER, roles: [], ...change });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(fieldErrors(response.body))).toEqual([field]);
    expect(await userCount(shared.db)).toBe(before);
  });

  it('says which required field is missing', async () => {
    const { roles: _omitted, ...withoutRoles } = { ...NEW_USER, roles: [] };
    const response = await post(withoutRoles);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)).toEqual({ roles: ['This field is required.'] });
  });

  it('reports every failing rule at once, with the e-mail message the browser shows', async () => {
    const response = await post({ ...NEW_USER, email: 'nope', password: 'short', roles: [999_999] });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)).toEqual({
      email: ['Invalid email. Please try again.'],
      password: ['The password must be at least 8 characters.'],
      roles: ['The selected roles are invalid.'],
    });
  });
});
