import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS } from '@core/server/auth/access-token';
import { DEFAULT_AUTH_SETTINGS } from '@core/server/auth/auth-settings';
import type { Database, QueryResult } from '@core/server/database/database';
import { callerHolds, callerId, UndeclaredAccessError, type RouteAccess } from '@core/server/http/route-access';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import type { PluginManifest } from '@core/shared/manifest';
import { bearer, buildServer, errorBody, mintToken, unreachableDatabase } from '../../support/server/test-database';

const MANIFEST: PluginManifest = {
  id: 'probe',
  version: '0.0.0',
  sdk: '^2.0.0',
  titleKey: 'probe:title',
  service: 'finance',
  dependencies: [],
  namespaces: ['probe'],
  pages: [],
};

const GUARDED: Readonly<Record<string, RouteAccess>> = {
  open: { public: true },
  me: { signedIn: true },
  one: { requires: 'FA' },
  any: { requires: { anyOf: ['FA', 'FT'] } },
  all: { requires: { allOf: ['FA', 'FT'] } },
};

const guardedPlugin = defineServerPlugin({
  manifest: MANIFEST,
  migrations: [],
  register(app) {
    for (const [path, access] of Object.entries(GUARDED)) {
      app.get(`/${path}`, { config: { access } }, async (request) => ({
        data: { caller: access === GUARDED.open ? (request.claims?.sub ?? null) : callerId(request) },
      }));
    }
    // A route deciding by code itself: each requirement above, read by callerHolds.
    app.get('/holds', { config: { access: { public: true } } }, async (request) => ({
      data: Object.fromEntries(
        Object.entries(GUARDED).flatMap(([path, access]) =>
          'requires' in access ? [[path, callerHolds(request, access.requires)]] : [],
        ),
      ),
    }));
  },
});

function pluginRegistering(register: ServerPlugin['register']): ServerPlugin {
  return defineServerPlugin({ manifest: MANIFEST, migrations: [], register });
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('start-up refuses API routes that declare no access', () => {
  it('rejects a plugin route with no config at all', async () => {
    const plugin = pluginRegistering((app) => {
      app.get('/bare', async () => ({ data: 1 }));
    });
    const started = buildServer({ db: unreachableDatabase(), plugins: [plugin] });
    await expect(started).rejects.toBeInstanceOf(UndeclaredAccessError);
    await expect(started).rejects.toThrow('GET /api/finance/bare');
  });

  it('rejects a plugin route whose config has no access', async () => {
    const plugin = pluginRegistering((app) => {
      app.post('/items', { config: {} }, async () => ({ data: 1 }));
    });
    await expect(buildServer({ db: unreachableDatabase(), plugins: [plugin] })).rejects.toBeInstanceOf(
      UndeclaredAccessError,
    );
  });

  it('rejects an undeclared route registered inside a nested scope', async () => {
    const plugin = pluginRegistering(async (app) => {
      await app.register(
        async (inner) => {
          inner.delete('/deep', async () => ({ data: 1 }));
        },
        { prefix: '/nested' },
      );
    });
    const started = buildServer({ db: unreachableDatabase(), plugins: [plugin] });
    await expect(started).rejects.toBeInstanceOf(UndeclaredAccessError);
    await expect(started).rejects.toThrow('/api/finance/nested/deep');
  });

  it('starts when every route declares its access', async () => {
    const app = await buildServer({ db: unreachableDatabase(), plugins: [guardedPlugin] });
    await app.close();
  });
});

describe('declared access is enforced', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildServer({ db: unreachableDatabase(), plugins: [guardedPlugin] });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, token?: string) =>
    app.inject({ method: 'GET', url: `/api/finance/${path}`, headers: token === undefined ? {} : bearer(token) });

  it('lets anyone call a public route, reading the caller when a valid token is sent', async () => {
    expect((await get('open')).json()).toEqual({ data: { caller: null } });
    expect((await get('open', 'not-a-token')).statusCode).toBe(200);
    expect((await get('open', mintToken([], { sub: 42 }))).json()).toEqual({ data: { caller: 42 } });
  });

  it.each(['me', 'one', 'any', 'all'])('answers 401 on /%s without a token', async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('Unauthenticated.'));
  });

  it.each([
    ['a token signed with another secret', () => mintToken(['FA', 'FT'], { secret: 'some-other-secret' })],
    ['an expired token', () => mintToken(['FA', 'FT'], { now: nowSeconds() - ACCESS_TOKEN_SECONDS - 1 })],
    ['a malformed token', () => 'a.b.c'],
  ])('answers 401 with %s', async (_label, token) => {
    for (const path of ['me', 'one', 'any', 'all']) {
      const response = await get(path, token());
      expect(response.statusCode, path).toBe(401);
      expect(response.json()).toEqual(errorBody('Unauthenticated.'));
    }
  });

  it('answers 401 when the token is not sent as a Bearer credential', async () => {
    const token = mintToken(['FA', 'FT']);
    const response = await app.inject({
      method: 'GET',
      url: '/api/finance/one',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets any valid token call a signed-in route, whatever its codes', async () => {
    const response = await get('me', mintToken([], { sub: 9 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { caller: 9 } });
  });

  it('answers 403 when the token lacks the required code and 200 when it has it', async () => {
    const lacking = await get('one', mintToken(['FT', 'JA']));
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json()).toEqual(errorBody('This action is unauthorized.'));
    const holding = await get('one', mintToken(['FA'], { sub: 5 }));
    expect(holding.statusCode).toBe(200);
    expect(holding.json()).toEqual({ data: { caller: 5 } });
  });

  it('accepts any one code of an anyOf requirement', async () => {
    expect((await get('any', mintToken(['FA']))).statusCode).toBe(200);
    expect((await get('any', mintToken(['FT']))).statusCode).toBe(200);
    expect((await get('any', mintToken(['JA', 'FB']))).statusCode).toBe(403);
    expect((await get('any', mintToken([]))).statusCode).toBe(403);
  });

  it('demands every code of an allOf requirement', async () => {
    expect((await get('all', mintToken(['FA', 'FT']))).statusCode).toBe(200);
    expect((await get('all', mintToken(['FT', 'JA', 'FA']))).statusCode).toBe(200);
    expect((await get('all', mintToken(['FA']))).statusCode).toBe(403);
    expect((await get('all', mintToken(['FT']))).statusCode).toBe(403);
  });

  it('matches codes exactly, not by prefix or case', async () => {
    expect((await get('one', mintToken(['fa']))).statusCode).toBe(403);
    expect((await get('one', mintToken(['FAX']))).statusCode).toBe(403);
  });

  it('reads a requirement in a route as its declared access does (callerHolds)', async () => {
    const holds = async (token?: string) => (await get('holds', token)).json();
    expect(await holds()).toEqual({ data: { one: false, any: false, all: false } });
    expect(await holds(mintToken(['FT']))).toEqual({ data: { one: false, any: true, all: false } });
    expect(await holds(mintToken(['FA', 'FT']))).toEqual({ data: { one: true, any: true, all: true } });
    expect(await holds(mintToken(['fa', 'FAX']))).toEqual({ data: { one: false, any: false, all: false } });
  });
});

describe('the revocation cache under route access', () => {
  const POLL_SECONDS = 1;
  /** A database whose every read says: user 7 is at permissions version 3, user 8 is blocked. */
  function changesDatabase(): { db: Database; reads: () => number } {
    let reads = 0;
    const db: Database = {
      ...unreachableDatabase(),
      // Answers the revocation cache's reads of users and counts its polls; the kernel's job runner reads this database too.
      query: async <Row extends object>(sql: string): Promise<QueryResult<Row>> => {
        if (!sql.includes('permissions_version')) return { rows: [], affectedRows: 0 };
        if (sql.includes('access_changed_at')) reads += 1;
        const rows = [
          { read_at: '2026-01-01 00:00:00+00', id: '7', permissions_version: 3, active: true },
          { read_at: '2026-01-01 00:00:00+00', id: '8', permissions_version: 1, active: false },
        ];
        return { rows: rows as unknown as Row[], affectedRows: 0 };
      },
    };
    return { db, reads: () => reads };
  }

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("refuses a blocked user's token and one older than the user's permissions version, accepts the rest", async () => {
    const { db } = changesDatabase();
    const app = await buildServer({
      db,
      plugins: [guardedPlugin],
      auth: { ...DEFAULT_AUTH_SETTINGS, revocationPollSeconds: POLL_SECONDS },
    });
    try {
      const status = async (sub: number, pv: number) =>
        (await app.inject({ method: 'GET', url: '/api/finance/me', headers: bearer(mintToken([], { sub, pv })) }))
          .statusCode;
      expect(await status(7, 2)).toBe(401);
      expect(await status(7, 3)).toBe(200);
      expect(await status(8, 1)).toBe(401);
      expect(await status(9, 1)).toBe(200);
      // A public route reads no caller from a refused token.
      const open = await app.inject({
        method: 'GET',
        url: '/api/finance/open',
        headers: bearer(mintToken([], { sub: 8 })),
      });
      expect(open.json()).toEqual({ data: { caller: null } });
    } finally {
      await app.close();
    }
  });

  it('polls while the server is open and stops when it closes', async () => {
    const { db, reads } = changesDatabase();
    const app = await buildServer({
      db,
      plugins: [guardedPlugin],
      auth: { ...DEFAULT_AUTH_SETTINGS, revocationPollSeconds: POLL_SECONDS },
    });
    expect(reads()).toBe(1);
    await wait(POLL_SECONDS * 1000 + 300);
    expect(reads()).toBe(2);
    await app.close();
    await wait(POLL_SECONDS * 1000 + 300);
    expect(reads()).toBe(2);
  });
});
