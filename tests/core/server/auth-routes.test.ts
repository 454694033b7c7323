import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@core/server/auth/access-token';
import { DEFAULT_AUTH_SETTINGS } from '@core/server/auth/auth-settings';
import { ACCOUNT_BLOCKED, INVALID_CREDENTIALS, REFRESH_COOKIE } from '@core/server/auth/auth-routes';
import { SIGN_IN_MAX_FAILURES } from '@core/server/auth/sign-in-throttle';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import { REFRESH_TOKEN_DAYS } from '@core/server/auth/refresh-tokens';
import type { SessionUser } from '@core/shared/session-user';
import type { Database } from '@core/server/database/database';
import {
  addUser,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  buildServer,
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  login,
  LOGIN_URL,
  mintToken,
  postWithXsrf,
  refreshCookieOf,
  signIn,
  TEMPLATE_CODES,
  TEST_SECRET,
} from '../../support/server/test-database';

const CATALOGUE_CODES = [...TEMPLATE_CODES].sort();

interface Server {
  readonly db: Database;
  readonly app: FastifyInstance;
}

async function openServer(): Promise<Server> {
  const db = await freshDatabase();
  return { db, app: await buildServer({ db }) };
}

async function closeServer(server: Server): Promise<void> {
  await server.app.close();
  await server.db.close();
}

const REFRESH_URL = '/api/auth/auth/refresh';
const LOGOUT_URL = '/api/auth/auth/logout';

function refresh(app: FastifyInstance, cookie?: string): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, REFRESH_URL, cookie === undefined ? {} : { cookies: { [REFRESH_COOKIE]: cookie } });
}

function logout(app: FastifyInstance, cookie?: string): Promise<LightMyRequestResponse> {
  return postWithXsrf(app, LOGOUT_URL, cookie === undefined ? {} : { cookies: { [REFRESH_COOKIE]: cookie } });
}

function currentUser(app: FastifyInstance, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/auth/user', headers: token === undefined ? {} : bearer(token) });
}

interface RefreshEnvelope {
  readonly data: { readonly token: string; readonly is_reload: boolean };
}

function expectInvalidCredentials(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual(errorBody(INVALID_CREDENTIALS, { errors: { email: [INVALID_CREDENTIALS] } }));
  expect(refreshCookieOf(response)).toBeUndefined();
}

// One database for the sign-in, session and XSRF tests: every test starts its own session family,
// a test that changes a user's state does so to a user of its own, and together they stay well
// under the sign-in throttle's limit of failures per IP. The throttle test has its own database.
let server: Server;
beforeAll(async () => {
  server = await openServer();
}, DB_TIMEOUT);
afterAll(async () => {
  await closeServer(server);
});

describe('sign-in and its input checks', () => {
  it('signs the superadmin in: the user with roles, every catalogue code, a token and a refresh cookie', async () => {
    const response = await login(server.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { user: SessionUser; token: string } }>();
    expect(data.user).toEqual({
      id: expect.any(Number),
      username: 'admin',
      email: ADMIN_EMAIL,
      status: 'active',
      roles: ['superadmin'],
      permissions: expect.any(Array),
    });
    expect([...data.user.permissions].sort()).toEqual(CATALOGUE_CODES);
    const claims = verifyAccessToken(data.token, TEST_SECRET);
    expect(claims).toMatchObject({ sub: data.user.id, pv: 1 });
    expect([...(claims?.codes ?? [])].sort()).toEqual(CATALOGUE_CODES);
    expect(refreshCookieOf(response)).toMatch(/^[\w-]{40,}$/);
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    expect((await login(server.app, `  ${ADMIN_EMAIL.toUpperCase()} `, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password with the one invalid-credentials message', async () => {
    expectInvalidCredentials(await login(server.app, ADMIN_EMAIL, `${ADMIN_PASSWORD}x`));
  });

  it('refuses an unknown e-mail with the very same message', async () => {
    expectInvalidCredentials(await login(server.app, 'nobody@example.com', ADMIN_PASSWORD));
  });

  it.each([
    ['email', { password: ADMIN_PASSWORD }],
    ['password', { email: ADMIN_EMAIL }],
    ['email', { email: '', password: ADMIN_PASSWORD }],
    ['password', { email: ADMIN_EMAIL, password: '' }],
  ])('answers 422 naming %s when it is missing or empty', async (field, payload) => {
    const response = await postWithXsrf(server.app, LOGIN_URL, { payload });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]?.[0]).toMatch(/^This field /);
  });

  it('answers 422 on the fields when the body is an empty object', async () => {
    const response = await postWithXsrf(server.app, LOGIN_URL, { payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.email).toEqual(['This field is required.']);
  });

  it('answers a caller who prefers Russian in Russian, and anyone else in English', async () => {
    const russian = await postWithXsrf(server.app, LOGIN_URL, {
      payload: {},
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(russian.json()).toEqual(
      errorBody('Данные заполнены неверно.', {
        errors: { email: ['Это поле обязательно.'], password: ['Это поле обязательно.'] },
      }),
    );
    const english = await postWithXsrf(server.app, LOGIN_URL, {
      payload: {},
      headers: { 'accept-language': 'de-DE,en;q=0.5' },
    });
    expect(english.json<{ message: string }>().message).toBe('The given data was invalid.');
    const signedOut = await server.app.inject({
      method: 'GET',
      url: '/api/auth/auth/user',
      headers: { 'accept-language': 'ru' },
    });
    expect(signedOut.json()).toEqual(errorBody('Требуется вход.'));
  });

  it('answers 400 with a message when the body is not valid JSON', async () => {
    const response = await postWithXsrf(server.app, LOGIN_URL, {
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('The request body is not valid JSON.'));
  });

  it('answers 413 when the body is over 1 MiB', async () => {
    const response = await postWithXsrf(server.app, LOGIN_URL, {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody('The request body is too large.'));
  });

  it('returns the signed-in user at auth/user, and 401 without a token', async () => {
    const session = await signIn(server.app);
    const response = await currentUser(server.app, session.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: session.user });

    const anonymous = await currentUser(server.app);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorBody('Unauthenticated.'));
  });

  it('answers 401 at auth/user for a well-signed token of a user that does not exist', async () => {
    expect((await currentUser(server.app, mintToken([], { sub: 999_999 }))).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('gives a user the codes of their roles and their own, and only those', async () => {
    const { db, app } = server;
    const userId = await addUser(db, {
      username: 'ann',
      email: 'ann@example.com',
      password: 'ann-password',
      codes: ['JU'],
    });
    const role = await db.query<{ id: string }>(`INSERT INTO core.roles (name) VALUES ('editor') RETURNING id`);
    await db.query(
      `INSERT INTO core.role_permissions (role_id, permission_id) SELECT $1, id FROM core.permissions WHERE name IN ('JA', 'JU')`,
      [role.rows[0]?.id],
    );
    await db.query('INSERT INTO core.user_roles (user_id, role_id) VALUES ($1, $2)', [userId, role.rows[0]?.id]);

    const session = await signIn(app, 'ann@example.com', 'ann-password');
    expect(session.user).toEqual({
      id: userId,
      username: 'ann',
      email: 'ann@example.com',
      status: 'active',
      roles: ['editor'],
      permissions: ['JA', 'JU'],
    });
    expect(verifyAccessToken(session.token, TEST_SECRET)?.codes).toEqual(['JA', 'JU']);
  });

  it('sets the refresh cookie httpOnly, SameSite=Lax, on the auth path only, for 30 days', async () => {
    const response = await login(server.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/',
      maxAge: REFRESH_TOKEN_DAYS * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeFalsy();
    const header = String(response.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/auth/');
  });

  it('rotates the refresh cookie; reusing the old one after the grace period answers 401 and revokes the whole family', async () => {
    const { app, db } = server;
    const session = await signIn(app);

    const rotated = await refresh(app, session.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json<RefreshEnvelope>();
    expect(body.data.is_reload).toBe(false);
    expect(verifyAccessToken(body.data.token, TEST_SECRET)).toMatchObject({ sub: session.user.id, pv: 1 });
    const next = refreshCookieOf(rotated);
    expect(next).toBeDefined();
    expect(next).not.toBe(session.refreshCookie);

    // The grace period for a repeat (another tab) is over.
    await db.query(
      `UPDATE core.refresh_tokens SET rotated_at = rotated_at - interval '1 hour' WHERE user_id = $1 AND rotated_at IS NOT NULL`,
      [session.user.id],
    );
    const reused = await refresh(app, session.refreshCookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(errorBody('Unauthenticated.'));
    // The refused cookie is cleared on the auth path.
    expect(reused.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/api/auth/',
    });

    // The copy was detected: the newest cookie of that family is dead too.
    expect((await refresh(app, next)).statusCode).toBe(401);
  });

  it('keeps refreshing along the chain while each cookie is used once', async () => {
    const { app } = server;
    let cookie = (await signIn(app)).refreshCookie;
    for (let round = 0; round < 3; round++) {
      const response = await refresh(app, cookie);
      expect(response.statusCode).toBe(200);
      cookie = refreshCookieOf(response) ?? '';
    }
  });

  it('issues access tokens for the configured lifetime, at sign-in and at refresh', async () => {
    const app = await buildServer({ db: server.db, auth: { ...DEFAULT_AUTH_SETTINGS, accessTokenSeconds: 60 } });
    try {
      const session = await signIn(app);
      const signedIn = verifyAccessToken(session.token, TEST_SECRET);
      expect(signedIn && signedIn.exp - signedIn.iat).toBe(60);
      const refreshed = (await refresh(app, session.refreshCookie)).json<RefreshEnvelope>().data.token;
      const claims = verifyAccessToken(refreshed, TEST_SECRET);
      expect(claims && claims.exp - claims.iat).toBe(60);
    } finally {
      await app.close();
    }
  });

  it('answers 401 to a refresh without a cookie or with an unknown one', async () => {
    expect((await refresh(server.app)).statusCode).toBe(401);
    expect((await refresh(server.app, 'not-a-refresh-token')).statusCode).toBe(401);
  });

  it('reports is_reload once the permissions version moved, with a token of the new version', async () => {
    const { db, app } = server;
    const id = await addUser(db, { username: 'dora', email: 'dora@example.com', password: 'dora-password' });
    const session = await signIn(app, 'dora@example.com', 'dora-password');
    await db.query('UPDATE core.users SET permissions_version = permissions_version + 1 WHERE id = $1', [id]);

    const changed = await refresh(app, session.refreshCookie);
    expect(changed.statusCode).toBe(200);
    const body = changed.json<RefreshEnvelope>();
    expect(body.data.is_reload).toBe(true);
    expect(verifyAccessToken(body.data.token, TEST_SECRET)?.pv).toBe(2);

    // The next refresh carries the new version: nothing changed since.
    const again = await refresh(app, refreshCookieOf(changed));
    expect(again.json<RefreshEnvelope>().data.is_reload).toBe(false);
  });

  it('logs out: the refresh cookie is revoked and cleared', async () => {
    const { app } = server;
    const session = await signIn(app);
    const response = await logout(app, session.refreshCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { signed_out: true } });
    const cleared = response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth/');
    expect((await refresh(app, session.refreshCookie)).statusCode).toBe(401);
  });

  it('logs out only the session whose cookie was sent', async () => {
    const { app } = server;
    const first = await signIn(app);
    const second = await signIn(app);
    await logout(app, first.refreshCookie);
    expect((await refresh(app, first.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(app, second.refreshCookie)).statusCode).toBe(200);
  });

  it('answers a logout without a cookie as signed out', async () => {
    const response = await logout(server.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { signed_out: true } });
  });

  it('does not let a blocked user sign in, refresh or read auth/user', async () => {
    const { db, app } = server;
    const id = await addUser(db, { username: 'bob', email: 'bob@example.com', password: 'bob-password' });
    const session = await signIn(app, 'bob@example.com', 'bob-password');
    await db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [id]);

    const blocked = await login(app, 'bob@example.com', 'bob-password');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toEqual(errorBody(ACCOUNT_BLOCKED, { errors: { email: [ACCOUNT_BLOCKED] } }));
    expect(ACCOUNT_BLOCKED).toBe('This account is blocked.');
    expect(refreshCookieOf(blocked)).toBeUndefined();
    // Without the password nobody learns that the account exists and is blocked.
    expectInvalidCredentials(await login(app, 'bob@example.com', 'wrong-password'));

    expect((await refresh(app, session.refreshCookie)).statusCode).toBe(401);
    expect((await currentUser(app, session.token)).statusCode).toBe(401);
  });

  it('does not let a soft-deleted user sign in, refresh or read auth/user', async () => {
    const { db, app } = server;
    const id = await addUser(db, { username: 'cid', email: 'cid@example.com', password: 'cid-password' });
    const session = await signIn(app, 'cid@example.com', 'cid-password');
    await db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [id]);

    expectInvalidCredentials(await login(app, 'cid@example.com', 'cid-password'));
    expect((await refresh(app, session.refreshCookie)).statusCode).toBe(401);
    expect((await currentUser(app, session.token)).statusCode).toBe(401);
  });

  it('does not refresh an expired refresh token', async () => {
    const { db, app } = server;
    const id = await addUser(db, { username: 'eve', email: 'eve@example.com', password: 'eve-password' });
    const session = await signIn(app, 'eve@example.com', 'eve-password');
    await db.query(`UPDATE core.refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    expect((await refresh(app, session.refreshCookie)).statusCode).toBe(401);
  });
});

describe('cookie-vouched requests need the XSRF double submit', () => {
  const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

  it('hands out a readable XSRF-TOKEN cookie to a caller that has none', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((candidate) => candidate.name === XSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it.each([
    ['no cookie and no header', {}, {}],
    ['a cookie but no header', { [XSRF_COOKIE]: 'abc' }, {}],
    ['a header but no cookie', {}, { [XSRF_HEADER]: 'abc' }],
    ['a header that differs from the cookie', { [XSRF_COOKIE]: 'abc' }, { [XSRF_HEADER]: 'abd' }],
  ])('answers 419 to a sign-in with %s, before looking at the credentials', async (_label, cookies, headers) => {
    const response = await server.app.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: credentials,
      cookies,
      headers,
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual(
      errorBody('The page has expired (XSRF token mismatch). Please reload and try again.'),
    );
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('guards refresh and logout too, so another site cannot use or end the session', async () => {
    const session = await signIn(server.app);
    const cookies = { [REFRESH_COOKIE]: session.refreshCookie };
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/auth/refresh', cookies })).statusCode).toBe(419);
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/auth/logout', cookies })).statusCode).toBe(419);
    // Neither refused call touched the session.
    expect((await refresh(server.app, session.refreshCookie)).statusCode).toBe(200);
  });
});

describe('sign-in throttle', () => {
  it(
    `lets a sign-in through below ${SIGN_IN_MAX_FAILURES} failures and refuses even the right password from then on`,
    async () => {
      // Its own database: the failures it records would throttle every other sign-in from this IP.
      const throttled = await openServer();
      try {
        for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES - 1; attempt++) {
          expectInvalidCredentials(await login(throttled.app, ADMIN_EMAIL, `wrong-${attempt}`));
        }
        expect((await login(throttled.app, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);

        expectInvalidCredentials(await login(throttled.app, ADMIN_EMAIL, 'wrong-again'));
        const refused = await login(throttled.app, ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
        expect(refused.statusCode).toBe(429);
        expect(refused.json<{ message: string }>().message).toMatch(/^Too many sign-in attempts/);
        expect(refreshCookieOf(refused)).toBeUndefined();
      } finally {
        await closeServer(throttled);
      }
    },
    DB_TIMEOUT,
  );
});
