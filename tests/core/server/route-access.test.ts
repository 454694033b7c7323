import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS } from '@core/server/auth/access-token';
import { callerId, UndeclaredAccessError, type RouteAccess } from '@core/server/http/route-access';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import type { PluginManifest } from '@core/shared/manifest';
import { bearer, buildServer, mintToken, unreachableDatabase } from '../../support/server/test-database';

const MANIFEST: PluginManifest = {
  id: 'probe',
  version: '0.0.0',
  titleKey: 'probe:title',
  service: 'finance',
  dependencies: [],
  namespaces: ['probe'],
  routes: [],
  sidebar: [],
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
    await expect(buildServer({ db: unreachableDatabase(), plugins: [plugin] })).rejects.toBeInstanceOf(UndeclaredAccessError);
  });

  it('rejects an undeclared route registered inside a nested scope', async () => {
    const plugin = pluginRegistering(async (app) => {
      await app.register(async (inner) => {
        inner.delete('/deep', async () => ({ data: 1 }));
      }, { prefix: '/nested' });
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
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each([
    ['a token signed with another secret', () => mintToken(['FA', 'FT'], { secret: 'some-other-secret' })],
    ['an expired token', () => mintToken(['FA', 'FT'], { now: nowSeconds() - ACCESS_TOKEN_SECONDS - 1 })],
    ['a malformed token', () => 'a.b.c'],
  ])('answers 401 with %s', async (_label, token) => {
    for (const path of ['me', 'one', 'any', 'all']) {
      const response = await get(path, token());
      expect(response.statusCode, path).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 401 when the token is not sent as a Bearer credential', async () => {
    const token = mintToken(['FA', 'FT']);
    const response = await app.inject({ method: 'GET', url: '/api/finance/one', headers: { authorization: `Token ${token}` } });
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
    expect(lacking.json()).toEqual({ message: 'This action is unauthorized.' });
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
});
