import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATTERMOST_EXPIRED,
  MATTERMOST_NOT_CONFIGURED,
  MATTERMOST_PENDING,
  MATTERMOST_TAKEN,
} from '@core/server/auth/mattermost-routes';
import type { Database } from '@core/server/database/database';
import { XSRF_COOKIE } from '@core/server/http/xsrf';
import {
  addUser,
  bearer,
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  mintToken,
} from '../../../support/server/test-database';
import {
  buildAuthServer,
  closedPortUrl,
  MM_ACCESS_TOKEN,
  MM_CLIENT_ID,
  MM_CLIENT_SECRET,
  MM_REDIRECT_URI,
  startFakeMattermost,
  type FakeMattermost,
} from './support-auth';

const AUTH_URL = '/api/auth/mattermost/auth';
const CALLBACK_URL = '/api/auth/mattermost/callback';
const CHECK_URL = '/api/auth/mattermost/auth-check';

interface Started {
  readonly redirect: string;
  readonly hash: string;
}

interface UserLinkRow {
  mattermost_user_id: string | null;
  mattermost_username: string | null;
  permissions_version: number;
  updated_at: string;
}

interface Caller {
  readonly id: number;
  readonly token: string;
}

async function addCaller(db: Database, username: string): Promise<Caller> {
  const id = await addUser(db, { username, email: `${username}@example.com`, password: 'Some-Password-123' });
  return { id, token: mintToken([], { sub: id }) };
}

async function start(app: FastifyInstance, caller: Caller): Promise<Started> {
  const response = await app.inject({ method: 'GET', url: AUTH_URL, headers: bearer(caller.token) });
  if (response.statusCode !== 200) throw new Error(`auth answered ${response.statusCode}: ${response.body}`);
  return response.json<{ data: Started }>().data;
}

function callback(app: FastifyInstance, query: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: CALLBACK_URL, query });
}

/** What Mattermost does after the user agrees: sends the browser back with a code and the state. */
function comeBack(app: FastifyInstance, started: Started, code: string): Promise<LightMyRequestResponse> {
  const state = new URL(started.redirect).searchParams.get('state') ?? '';
  return callback(app, { code, state });
}

function authCheck(app: FastifyInstance, caller: Caller, hash: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: CHECK_URL, headers: bearer(caller.token), payload: { hash } });
}

async function userLink(db: Database, id: number): Promise<UserLinkRow | undefined> {
  const { rows } = await db.query<UserLinkRow>(
    'SELECT mattermost_user_id, mattermost_username, permissions_version, updated_at::text FROM core.users WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function requestRows(db: Database, hash: string): Promise<{ error: string | null; completed: boolean }[]> {
  const { rows } = await db.query<{ error: string | null; completed: boolean }>(
    'SELECT error, completed_at IS NOT NULL AS completed FROM core.mattermost_link_requests WHERE hash = $1',
    [hash],
  );
  return rows;
}

function expectPage(response: LightMyRequestResponse, status: number, text: string | RegExp): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toMatch(text);
}

function expectNoSecrets(response: LightMyRequestResponse): void {
  expect(response.body).not.toContain(MM_CLIENT_SECRET);
  expect(response.body).not.toContain(MM_ACCESS_TOKEN);
}

describe('chat-platform linking against a local Mattermost', () => {
  let db: Database;
  let fake: FakeMattermost;
  let app: FastifyInstance;
  let ann: Caller;
  let ben: Caller;

  beforeAll(async () => {
    db = await freshDatabase();
    fake = await startFakeMattermost();
    app = await buildAuthServer(db, {
      mattermost: {
        url: fake.url,
        clientId: MM_CLIENT_ID,
        clientSecret: MM_CLIENT_SECRET,
        redirectUri: MM_REDIRECT_URI,
      },
    });
    ann = await addCaller(db, 'ann');
    ben = await addCaller(db, 'ben');
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await fake.close();
    await db.close();
  });

  it('starts a link: the authorize address on Mattermost, with the hash as the OAuth state', async () => {
    const started = await start(app, ann);
    expect(started.hash).toMatch(/^[\w-]{43}$/);
    const redirect = new URL(started.redirect);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      client_id: MM_CLIENT_ID,
      response_type: 'code',
      redirect_uri: MM_REDIRECT_URI,
      state: started.hash,
    });
    expect(started.redirect).not.toContain(MM_CLIENT_SECRET);
    expect(await requestRows(db, started.hash)).toEqual([{ error: null, completed: false }]);
  });

  it('gives every start its own hash', async () => {
    const [first, second] = [await start(app, ann), await start(app, ann)];
    expect(first.hash).not.toBe(second.hash);
  });

  it('refuses to start without a signed-in caller', async () => {
    expect((await app.inject({ method: 'GET', url: AUTH_URL })).statusCode).toBe(401);
  });

  it('links the account: auth, then the callback, then auth-check sets it on the user', async () => {
    const before = await userLink(db, ann.id);
    fake.codes.set('ann-code', { id: 'mm-user-ann', username: 'ann.chat' });
    const started = await start(app, ann);

    const page = await comeBack(app, started, 'ann-code');
    expectPage(page, 200, /Your Mattermost account @ann\.chat is linked\. You can close this window/);
    expectNoSecrets(page);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(await requestRows(db, started.hash)).toEqual([{ error: null, completed: true }]);

    const check = await authCheck(app, ann, started.hash);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ data: { linked: true, mattermost_username: 'ann.chat' } });
    expect(await userLink(db, ann.id)).toEqual({
      mattermost_user_id: 'mm-user-ann',
      mattermost_username: 'ann.chat',
      permissions_version: before?.permissions_version,
      updated_at: before?.updated_at,
    });
    // The request is spent: it is gone, and asking again finds nothing.
    expect(await requestRows(db, started.hash)).toEqual([]);
    expect((await authCheck(app, ann, started.hash)).statusCode).toBe(404);
  });

  it('answers 409 to auth-check before the callback, then links once it came', async () => {
    fake.codes.set('ben-code', { id: 'mm-user-ben', username: 'ben.chat' });
    const started = await start(app, ben);
    const early = await authCheck(app, ben, started.hash);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(errorBody(MATTERMOST_PENDING));

    expect((await comeBack(app, started, 'ben-code')).statusCode).toBe(200);
    expect((await authCheck(app, ben, started.hash)).json()).toEqual({
      data: { linked: true, mattermost_username: 'ben.chat' },
    });
  });

  it('refuses to link a chat account that another user already linked', async () => {
    fake.codes.set('ann-again', { id: 'mm-user-ann', username: 'ann.chat' });
    await authCheck(app, ann, (await comeBackAndStart(ann, 'ann-again')).hash);
    fake.codes.set('ben-takes-ann', { id: 'mm-user-ann', username: 'ann.chat' });
    const started = await comeBackAndStart(ben, 'ben-takes-ann');
    const check = await authCheck(app, ben, started.hash);
    expect(check.statusCode).toBe(422);
    expect(check.json()).toEqual(errorBody(MATTERMOST_TAKEN, { errors: { hash: [MATTERMOST_TAKEN] } }));
    expect((await userLink(db, ben.id))?.mattermost_user_id).not.toBe('mm-user-ann');
  });

  async function comeBackAndStart(caller: Caller, code: string) {
    const started = await start(app, caller);
    expect((await comeBack(app, started, code)).statusCode).toBe(200);
    return started;
  }

  it("answers 404 to another user's hash and leaves the request to its owner", async () => {
    fake.codes.set('ann-code-2', { id: 'mm-user-ann', username: 'ann.chat' });
    const started = await start(app, ann);
    expect((await comeBack(app, started, 'ann-code-2')).statusCode).toBe(200);
    const stolen = await authCheck(app, ben, started.hash);
    expect(stolen.statusCode).toBe(404);
    expect((await userLink(db, ben.id))?.mattermost_user_id).toBe('mm-user-ben');
    expect((await authCheck(app, ann, started.hash)).statusCode).toBe(200);
  });

  it('answers 404 to an unknown hash', async () => {
    expect((await authCheck(app, ann, 'no-such-hash')).statusCode).toBe(404);
  });

  it('refuses auth-check without a signed-in caller, and without a hash', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: CHECK_URL,
      payload: { hash: 'x' },
      cookies: { [XSRF_COOKIE]: 'v' },
      headers: { 'x-xsrf-token': 'v' },
    });
    expect(anonymous.statusCode).toBe(401);
    const empty = await app.inject({ method: 'POST', url: CHECK_URL, headers: bearer(ann.token), payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { hash: ['This field is required.'] } });
  });

  it('stores a refused code on the request; auth-check then answers 422 with it', async () => {
    const started = await start(app, ann);
    const page = await comeBack(app, started, 'not-a-code');
    const message = 'Mattermost refused the authorization code (HTTP 400): Invalid or expired authorization code.';
    expectPage(page, 502, message);
    expectNoSecrets(page);
    expect(await requestRows(db, started.hash)).toEqual([{ error: message, completed: true }]);

    const check = await authCheck(app, ann, started.hash);
    expect(check.statusCode).toBe(422);
    expect(check.json()).toEqual(errorBody(message, { errors: { hash: [message] } }));
    expectNoSecrets(check);
  });

  it('records a refusal by the user and escapes what Mattermost echoes', async () => {
    const started = await start(app, ann);
    const page = await callback(app, {
      state: started.hash,
      error: 'access_denied',
      error_description: '<script>alert(1)</script> & no',
    });
    expectPage(page, 400, 'Mattermost did not authorize the link: &lt;script&gt;alert(1)&lt;/script&gt; &amp; no');
    expect(page.body).not.toContain('<script>');
    const check = await authCheck(app, ann, started.hash);
    expect(check.statusCode).toBe(422);
    expect(check.json<{ message: string }>().message).toBe(
      'Mattermost did not authorize the link: <script>alert(1)</script> & no',
    );
  });

  it('answers 400 to a callback with an unknown or missing state, storing nothing', async () => {
    expectPage(await callback(app, { code: 'x', state: 'no-such-state' }), 400, /unknown or has expired/);
    expectPage(await callback(app, { code: 'x' }), 400, /unknown or has expired/);
  });

  it('answers 400 to a callback whose request is older than ten minutes; auth-check says it expired', async () => {
    fake.codes.set('late-code', { id: 'mm-late', username: 'late' });
    const started = await start(app, ann);
    await db.query(
      "UPDATE core.mattermost_link_requests SET created_at = now() - interval '11 minutes' WHERE hash = $1",
      [started.hash],
    );
    expectPage(await comeBack(app, started, 'late-code'), 400, /unknown or has expired/);
    // The code was never spent on an expired request.
    expect(fake.codes.has('late-code')).toBe(true);
    const check = await authCheck(app, ann, started.hash);
    expect(check.statusCode).toBe(422);
    expect(check.json()).toEqual(errorBody(MATTERMOST_EXPIRED, { errors: { hash: [MATTERMOST_EXPIRED] } }));
  });

  it('answers 400 to a second callback with the same state', async () => {
    fake.codes.set('once-code', { id: 'mm-once', username: 'once' });
    fake.codes.set('twice-code', { id: 'mm-twice', username: 'twice' });
    const started = await start(app, ann);
    expect((await comeBack(app, started, 'once-code')).statusCode).toBe(200);
    expectPage(await comeBack(app, started, 'twice-code'), 400, /already been used/);
    expect((await authCheck(app, ann, started.hash)).json()).toEqual({
      data: { linked: true, mattermost_username: 'once' },
    });
  });
});

describe('chat-platform linking with Mattermost unreachable', () => {
  let db: Database;
  let app: FastifyInstance;
  let caller: Caller;
  beforeAll(async () => {
    db = await freshDatabase();
    app = await buildAuthServer(db, {
      mattermost: {
        url: await closedPortUrl(),
        clientId: MM_CLIENT_ID,
        clientSecret: MM_CLIENT_SECRET,
        redirectUri: MM_REDIRECT_URI,
      },
    });
    caller = await addCaller(db, 'cara');
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('stores the failure, answers a 502 page, and auth-check answers 422 with it', async () => {
    const started = await start(app, caller);
    const page = await comeBack(app, started, 'any-code');
    expectPage(page, 502, /Mattermost is unreachable for the token request/);
    expectNoSecrets(page);
    const check = await authCheck(app, caller, started.hash);
    expect(check.statusCode).toBe(422);
    expect(check.json<{ message: string }>().message).toMatch(/^Mattermost is unreachable for the token request/);
  });
});

describe('chat-platform linking, unconfigured', () => {
  const FULL = {
    url: 'http://chat.example',
    clientId: MM_CLIENT_ID,
    clientSecret: MM_CLIENT_SECRET,
    redirectUri: MM_REDIRECT_URI,
  };
  let db: Database;
  let caller: Caller;
  beforeAll(async () => {
    db = await freshDatabase();
    caller = await addCaller(db, 'dan');
  }, DB_TIMEOUT);
  afterAll(async () => {
    await db.close();
  });

  it.each(['url', 'clientId', 'clientSecret', 'redirectUri'] as const)(
    'answers 503 naming what to set when %s is missing',
    async (missing) => {
      const app = await buildAuthServer(db, { mattermost: { ...FULL, [missing]: undefined } });
      try {
        const response = await app.inject({ method: 'GET', url: AUTH_URL, headers: bearer(caller.token) });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(errorBody(MATTERMOST_NOT_CONFIGURED));
        expectPage(await callback(app, { code: 'x', state: 'y' }), 503, 'Chat-platform linking is not configured');
      } finally {
        await app.close();
      }
    },
  );
});
