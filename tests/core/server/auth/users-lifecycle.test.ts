import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKED, INVALID_CREDENTIALS } from '@core/server/auth/auth-routes';
import type { UserInfo } from '@core/server/auth/users-queries';
import { login, signIn } from '../../../support/server/test-database';
import {
  addPerson,
  adminId,
  clientWith,
  openDirectory,
  refreshAsBrowser,
  type Client,
  type Directory,
  type ErrorBody,
  type Person,
} from './support-directory';

let directory: Directory;
let api: Client;
let admin: number;
let erin: Person;

beforeEach(async () => {
  directory = await openDirectory();
  admin = await adminId(directory.db);
  api = clientWith(directory.app, ['JU'], admin);
  erin = await addPerson(directory.db, 'erin');
});

afterEach(async () => {
  await directory.close();
});

interface ActionBody {
  readonly data: UserInfo;
  readonly message: string;
}

async function liveRefreshTokens(userId: number): Promise<number> {
  const { rows } = await directory.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM core.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

async function signInMessage(person: Person): Promise<string | number> {
  const response = await login(directory.app, person.email, person.password);
  return response.statusCode === 200 ? 200 : response.json<ErrorBody>().message;
}

describe('DELETE /users/:id/delete and POST /users/:id/restore', () => {
  it('soft-deletes: the row stays, sign-in and refresh stop; restore undoes it', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    const deleted = await api.delete(`/users/${erin.id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const body = deleted.json<ActionBody>();
    expect(body.message).toBe('Successfully deleted');
    expect(body.data).toMatchObject({ id: erin.id, deleted_at: expect.any(String) });
    expect(await liveRefreshTokens(erin.id)).toBe(0);
    expect((await refreshAsBrowser(directory.app, session.refreshCookie)).statusCode).toBe(401);
    expect(await signInMessage(erin)).toBe(INVALID_CREDENTIALS);

    const restored = await api.post(`/users/${erin.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<ActionBody>()).toMatchObject({ message: 'Successfully restored', data: { deleted_at: null } });
    expect(await signInMessage(erin)).toBe(200);
    // Tokens revoked by the deletion stay revoked.
    expect((await refreshAsBrowser(directory.app, session.refreshCookie)).statusCode).toBe(401);
  });

  it('keeps the first deletion time when deleting again', async () => {
    const first = (await api.delete(`/users/${erin.id}/delete`)).json<ActionBody>().data.deleted_at;
    const second = await api.delete(`/users/${erin.id}/delete`);
    expect(second.statusCode).toBe(200);
    expect(second.json<ActionBody>().data.deleted_at).toBe(first);
  });

  it('does not let a user delete themself', async () => {
    const response = await api.delete(`/users/${admin}/delete`);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ id: ['You cannot delete yourself.'] });
    expect((await api.get(`/users/${admin}/info`)).json<ActionBody>().data.deleted_at).toBeNull();
  });
});

describe('POST /users/:id/block and /unblock', () => {
  it('blocks: the status changes, refresh tokens are revoked and sign-in says why; unblock lets them back', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    const blocked = await api.post(`/users/${erin.id}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<ActionBody>()).toMatchObject({
      message: 'Successfully blocked',
      data: { id: erin.id, status: 'blocked' },
    });
    expect(await liveRefreshTokens(erin.id)).toBe(0);
    expect((await refreshAsBrowser(directory.app, session.refreshCookie)).statusCode).toBe(401);
    expect(await signInMessage(erin)).toBe(ACCOUNT_BLOCKED);

    const unblocked = await api.post(`/users/${erin.id}/unblock`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json<ActionBody>()).toMatchObject({
      message: 'Successfully unblocked',
      data: { status: 'active' },
    });
    expect(await signInMessage(erin)).toBe(200);
  });

  it('does not let a user block themself, but unblocking oneself is harmless', async () => {
    const response = await api.post(`/users/${admin}/block`);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ id: ['You cannot block yourself.'] });
    expect((await api.post(`/users/${admin}/unblock`)).statusCode).toBe(200);
  });
});

describe('unknown users', () => {
  it.each([
    ['DELETE', '/users/999999/delete'],
    ['POST', '/users/999999/restore'],
    ['POST', '/users/999999/block'],
    ['POST', '/users/999999/unblock'],
  ] as const)('%s %s answers 404', async (method, path) => {
    const response = await api.send(method, path);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().message).toBe('User not found.');
  });
});
