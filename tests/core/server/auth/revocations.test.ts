import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '@core/server/auth/auth-settings';
import type { Database } from '@core/server/database/database';
import { bearer, buildServer, DB_TIMEOUT, freshDatabase, signIn } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  adminId,
  AUTH,
  clientWith,
  giveRole,
  permissionId,
  refreshAsBrowser,
  type Client,
  type Person,
  type RefreshBody,
} from './support-directory';

const POLL_SECONDS = 1;
const AUTH_SETTINGS: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, revocationPollSeconds: POLL_SECONDS };
/** A poll interval, the poll itself and the probes' own pace. */
const DEADLINE_MS = POLL_SECONDS * 1000 + 1500;

// Two server copies on one database, as behind a load balancer: the change is made on one, the
// token is used on the other, which learns of the change only from its revocation cache.
let db: Database;
let acting: FastifyInstance;
let other: FastifyInstance;
let admin: Client;
beforeAll(async () => {
  db = await freshDatabase();
  acting = await buildServer({ db, auth: AUTH_SETTINGS });
  other = await buildServer({ db, auth: AUTH_SETTINGS });
  admin = clientWith(acting, ['JU', 'JQ', 'JT'], await adminId(db));
}, DB_TIMEOUT);
afterAll(async () => {
  await Promise.all([acting.close(), other.close()]);
  await db.close();
});

/** GET auth/users, a data route that reads nothing of the caller's account itself. */
async function listUsers(app: FastifyInstance, token: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: `${AUTH}/users`, headers: bearer(token) })).statusCode;
}

/** How long until `app` answers 401 to the token; fails the test past the deadline. */
async function msUntilRefused(app: FastifyInstance, token: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < DEADLINE_MS) {
    if ((await listUsers(app, token)) === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the token was still accepted ${DEADLINE_MS} ms after the change`);
}

/** A user with JU (through a role of their own, so its codes can change) signed in. */
async function signedInPerson(
  name: string,
): Promise<{ person: Person; role: number; token: string; refreshCookie: string }> {
  const person = await addPerson(db, name);
  const role = await addRole(db, `${name}-role`, ['JU']);
  await giveRole(db, person.id, role);
  const session = await signIn(acting, person.email, person.password);
  expect(await listUsers(other, session.token)).toBe(200);
  return { person, role, token: session.token, refreshCookie: session.refreshCookie };
}

describe('the revocation cache: every server copy refuses a token within one poll', () => {
  it('refuses the token of a user blocked on another copy, and a copy started later refuses it at once', async () => {
    const { person, token } = await signedInPerson('blocked');
    expect((await admin.post(`/users/${person.id}/block`)).statusCode).toBe(200);

    expect(await msUntilRefused(other, token)).toBeLessThan(DEADLINE_MS);
    // The copy that made the change learns of it by its own poll too, which need not come before the other's.
    expect(await msUntilRefused(acting, token)).toBeLessThan(DEADLINE_MS);

    const later = await buildServer({ db, auth: AUTH_SETTINGS });
    try {
      expect(await listUsers(later, token)).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('lets a user unblocked since the last poll sign in and stay, on every copy, before the next poll says so', async () => {
    const { person, token } = await signedInPerson('unblocked');
    expect((await admin.post(`/users/${person.id}/block`)).statusCode).toBe(200);
    expect(await msUntilRefused(other, token)).toBeLessThan(DEADLINE_MS);
    // Both copies now hold "blocked" for the user; the unblock is not polled yet when the new token arrives.
    expect((await admin.post(`/users/${person.id}/unblock`)).statusCode).toBe(200);
    const session = await signIn(acting, person.email, person.password);
    expect(await listUsers(other, session.token)).toBe(200);
    expect(await listUsers(acting, session.token)).toBe(200);
  });

  it('refuses the token of a user deleted on another copy', async () => {
    const { person, token } = await signedInPerson('deleted');
    expect((await admin.delete(`/users/${person.id}/delete`)).statusCode).toBe(200);

    expect(await msUntilRefused(other, token)).toBeLessThan(DEADLINE_MS);
  });

  it("refuses a token issued before the user's role codes changed; the refresh says is_reload and its token carries the new codes", async () => {
    const { role, token, refreshCookie } = await signedInPerson('regranted');
    const changed = await admin.post(`/roles/${role}/assign-permissions`, {
      permissions: [await permissionId(db, 'JA')],
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await msUntilRefused(other, token)).toBeLessThan(DEADLINE_MS);

    const refreshed = await refreshAsBrowser(other, refreshCookie);
    expect(refreshed.statusCode).toBe(200);
    const { data } = refreshed.json<RefreshBody>();
    expect(data.is_reload).toBe(true);
    // The new token is of the current version: accepted, and its codes no longer include JU.
    expect(await listUsers(other, data.token)).toBe(403);
    expect(
      (await other.inject({ method: 'GET', url: `${AUTH}/auth/user`, headers: bearer(data.token) })).statusCode,
    ).toBe(200);
  });

  it('keeps accepting the tokens of users nothing happened to', async () => {
    const { token } = await signedInPerson('untouched');
    await new Promise((resolve) => setTimeout(resolve, POLL_SECONDS * 1000 + 200));
    expect(await listUsers(other, token)).toBe(200);
  });
});
