import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@core/server/auth/access-token';
import { DEFAULT_AUTH_SETTINGS } from '@core/server/auth/auth-settings';
import { REFRESH_COOKIE } from '@core/server/auth/session-issuer';
import type { Database } from '@core/server/database/database';
import {
  addUser,
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  postWithXsrf,
  refreshCookieOf,
  signIn,
  TEST_SECRET,
} from '../../../support/server/test-database';

const REFRESH_URL = '/api/auth/auth/refresh';

function refresh(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, REFRESH_URL, { cookies: { [REFRESH_COOKIE]: cookie } });
}

interface RefreshEnvelope {
  readonly data: { readonly token: string; readonly is_reload: boolean };
}

/** Moves every rotation of the user an hour back: their grace periods are over. */
async function endGracePeriods(db: Database, userId: number): Promise<void> {
  await db.query(
    `UPDATE core.refresh_tokens SET rotated_at = rotated_at - interval '1 hour' WHERE user_id = $1 AND rotated_at IS NOT NULL`,
    [userId],
  );
}

function successorOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(200);
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('the refresh set no cookie');
  return cookie;
}

// Two server copies on one database, as behind a load balancer; the second grants no grace at all.
let db: Database;
let first: FastifyInstance;
let second: FastifyInstance;
let graceless: FastifyInstance;
beforeAll(async () => {
  db = await freshDatabase();
  first = await buildServer({ db });
  second = await buildServer({ db });
  graceless = await buildServer({ db, auth: { ...DEFAULT_AUTH_SETTINGS, refreshGraceSeconds: 0 } });
}, DB_TIMEOUT);
afterAll(async () => {
  await Promise.all([first.close(), second.close(), graceless.close()]);
  await db.close();
});

let userCount = 0;
/** A user of the test's own, so a revoked family or a block touches nothing else. */
async function newUser(): Promise<{ id: number; email: string; password: string }> {
  userCount += 1;
  const user = { username: `grace${userCount}`, email: `grace${userCount}@example.com`, password: 'Grace-Password-42' };
  return { ...user, id: await addUser(db, user) };
}

describe('a refresh repeated within the grace period (two tabs, a retried request)', () => {
  it('answers 20 concurrent refreshes with one cookie, across two server copies, all 200 with one successor', async () => {
    const user = await newUser();
    const session = await signIn(first, user.email, user.password);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => refresh(index % 2 === 0 ? first : second, session.refreshCookie)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const successors = new Set(responses.map(successorOf));
    expect(successors.size).toBe(1);
    for (const response of responses) {
      const { token, is_reload } = response.json<RefreshEnvelope>().data;
      expect(is_reload).toBe(false);
      expect(verifyAccessToken(token, TEST_SECRET)).toMatchObject({ sub: user.id });
      expect(
        (await first.inject({ method: 'GET', url: '/api/auth/auth/user', headers: bearer(token) })).statusCode,
      ).toBe(200);
    }
    // The family lives on: the one successor refreshes once more.
    expect((await refresh(second, [...successors][0] ?? '')).statusCode).toBe(200);
  });

  it('answers a later repeat within the grace period with the same successor', async () => {
    const user = await newUser();
    const session = await signIn(first, user.email, user.password);
    const successor = successorOf(await refresh(first, session.refreshCookie));
    expect(successor).not.toBe(session.refreshCookie);

    expect(successorOf(await refresh(second, session.refreshCookie))).toBe(successor);
    expect(successorOf(await refresh(first, successor))).not.toBe(successor);
  });

  it('revokes the whole family when the rotated token comes back after the grace period', async () => {
    const user = await newUser();
    const session = await signIn(first, user.email, user.password);
    const successor = successorOf(await refresh(first, session.refreshCookie));
    await endGracePeriods(db, user.id);

    expect((await refresh(second, session.refreshCookie)).statusCode).toBe(401);
    // The copy was detected: the successor the rightful holder got is dead too.
    expect((await refresh(first, successor)).statusCode).toBe(401);
  });

  it('takes any repeat for theft when the grace period is 0 seconds', async () => {
    const user = await newUser();
    const session = await signIn(graceless, user.email, user.password);
    const successor = successorOf(await refresh(graceless, session.refreshCookie));

    expect((await refresh(graceless, session.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(graceless, successor)).statusCode).toBe(401);
  });

  it('refuses a repeat within the grace period once the user is blocked or the family signed out', async () => {
    const blocked = await newUser();
    const blockedSession = await signIn(first, blocked.email, blocked.password);
    successorOf(await refresh(first, blockedSession.refreshCookie));
    await db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [blocked.id]);
    expect((await refresh(first, blockedSession.refreshCookie)).statusCode).toBe(401);

    const signedOut = await newUser();
    const signedOutSession = await signIn(first, signedOut.email, signedOut.password);
    const successor = successorOf(await refresh(first, signedOutSession.refreshCookie));
    expect(
      (await postWithXsrf(first, '/api/auth/auth/logout', { cookies: { [REFRESH_COOKIE]: successor } })).statusCode,
    ).toBe(200);
    expect((await refresh(first, signedOutSession.refreshCookie)).statusCode).toBe(401);
  });
});
