import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { requirementCodes, satisfies } from '@core/shared/permissions';
import type { DeclaredRoute } from '@core/server/http/route-access';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  mintToken,
  TEMPLATE_CODES,
} from '../../support/server/test-database';

// Walks every API route of the core and of every plugin this build has, all enabled at once.
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await freshDatabase();
  app = await buildServer({ db, plugins: AVAILABLE_SERVER_PLUGINS });
  close = async () => {
    await app.close();
    await db.close();
  };
  // Building the template (every plugin's migrations and resource tables) takes longer than a hook's default.
}, DB_TIMEOUT);

afterAll(async () => {
  await close();
});

/** A concrete URL for a route pattern: every `:param` becomes 1. */
const concrete = (route: DeclaredRoute): string => route.url.replace(/:[A-Za-z_]+/g, '1');

const gated = (): DeclaredRoute[] =>
  app.routeAccessTable.filter((route) => route.method !== 'HEAD' && !('public' in route.access));

describe('every API route', () => {
  it('declares its access (the server refuses to start otherwise) and the table is not empty', () => {
    expect(app.routeAccessTable.length).toBeGreaterThan(10);
    for (const route of app.routeAccessTable) expect(route.access).toBeDefined();
  });

  it('answers 401 without a token unless it is public', async () => {
    for (const route of gated()) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in caller who lacks its codes', async () => {
    for (const route of gated()) {
      if (!('requires' in route.access)) continue;
      const required = new Set(requirementCodes(route.access.requires));
      // Every code in the catalogue except the ones this route asks for.
      const others = TEMPLATE_CODES.filter((code) => !required.has(code));
      expect(satisfies(new Set(others), route.access.requires)).toBe(false);
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route),
        headers: bearer(mintToken(others)),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it(
    'never answers 500 to bad input, whatever the body, query or path parameters',
    async () => {
      const everyCode = mintToken(TEMPLATE_CODES);
      const wrongTypes = {
        name: 1,
        email: [],
        roles: 'x',
        password: {},
        permissions: [null],
        page: -1,
        id: 'x',
        hash: 7,
      };
      const paths = (route: DeclaredRoute): string[] =>
        route.url.includes(':')
          ? ['abc', '-1', '99999999999999999999', '%00'].map((value) => route.url.replace(/:[A-Za-z_]+/g, value))
          : [route.url, `${route.url}?page=abc&per_page=1e9&q=${encodeURIComponent("'; drop table core.users; --")}`];
      for (const route of app.routeAccessTable.filter((candidate) => candidate.method !== 'HEAD')) {
        for (const url of paths(route)) {
          for (const payload of route.method === 'GET' ? [undefined] : [{}, wrongTypes, 'not json']) {
            const response = await app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                ...bearer(everyCode),
                ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
              },
              payload,
            });
            // 503 is an unconfigured integration saying so; 500 would be a fault bad input reached.
            expect(response.statusCode, `${route.method} ${url} ${JSON.stringify(payload)}: ${response.body}`).not.toBe(
              500,
            );
          }
        }
      }
    },
    DB_TIMEOUT * 2,
  ); // thousands of requests: every route of every plugin, several bad inputs each
});
