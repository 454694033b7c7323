import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, catalogueCodes, DB_TIMEOUT, unreachableDatabase } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import { AUTH, openAdmin, type AdminServer, type ErrorBody } from './support-admin';

type Route = readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, string];

/** Every admin-plugin endpoint (its own and those the resource engine mounts for it) and the one code it needs. */
const ROUTES: readonly Route[] = [
  ['GET', '/articles', 'JA'],
  ['POST', '/articles', 'JA'],
  ['PATCH', '/articles/1', 'JA'],
  ['DELETE', '/articles/1', 'JA'],
  ['GET', '/articles/1', 'JA'],
  ['GET', '/articles/1/history', 'JA'],
  ['GET', '/articles/1/overview', 'JA'],
  ['GET', '/articles/1/timeline', 'JA'],
  ['POST', '/articles/1/comments', 'JA'],
  ['POST', '/articles/1/history/1/revert', 'JA'],
  ['GET', '/articles/export.csv', 'JA'],
  ['POST', '/articles/bulk-delete', 'JA'],
  ['GET', '/references/articles', 'JA'],
  ['GET', '/system-settings', 'JS'],
  ['PUT', '/system-settings', 'JS'],
  ['GET', '/plugins', 'JS'],
  ['GET', '/rdps/server', 'VR'],
  ['GET', '/rdps/server/1', 'VR'],
  ['GET', '/rdps/server/1/users', 'VR'],
  ['POST', '/rdps/server', 'VR'],
  ['PUT', '/rdps/server/1', 'VR'],
  ['PATCH', '/rdps/server/1', 'VR'],
  ['DELETE', '/rdps/server/1', 'VR'],
  ['GET', '/rdps/server/1/history', 'VR'],
  ['GET', '/rdps/server/1/overview', 'VR'],
  ['GET', '/rdps/server/1/timeline', 'VR'],
  ['POST', '/rdps/server/1/comments', 'VR'],
  ['POST', '/rdps/server/1/history/1/revert', 'VR'],
  ['GET', '/rdps/server/export.csv', 'VR'],
  ['POST', '/rdps/server/bulk-delete', 'VR'],
  ['GET', '/references/rdps/server', 'VR'],
  ['POST', '/rdps/1/users/1', 'VR'],
  ['DELETE', '/rdps/1', 'VR'],
  ['GET', '/keitaro/servers', 'VR'],
  ['POST', '/keitaro/servers', 'VR'],
  ['PUT', '/keitaro/servers/1', 'VR'],
  ['DELETE', '/keitaro/servers/1', 'VR'],
  ['POST', '/keitaro/reverses', 'VR'],
  ['DELETE', '/keitaro/reverses/1', 'VR'],
  ['POST', '/keitaro/reverses/1/transfer', 'VR'],
  ['POST', '/keitaro/reverses/1/wait', 'VR'],
  ['POST', '/keitaro/reverses/1/activate', 'VR'],
  ['POST', '/keitaro/reverses/1/release', 'VR'],
  // Keitaro servers and reverses are engine resources: their history, export, record, edit and bulk delete,
  // and the record page's overview, timeline, comments and revert.
  ['GET', '/keitaro/servers/1', 'VR'],
  ['PATCH', '/keitaro/servers/1', 'VR'],
  ['GET', '/keitaro/servers/1/history', 'VR'],
  ['GET', '/keitaro/servers/1/overview', 'VR'],
  ['GET', '/keitaro/servers/1/timeline', 'VR'],
  ['POST', '/keitaro/servers/1/comments', 'VR'],
  ['POST', '/keitaro/servers/1/history/1/revert', 'VR'],
  ['GET', '/keitaro/servers/export.csv', 'VR'],
  ['POST', '/keitaro/servers/bulk-delete', 'VR'],
  ['GET', '/references/keitaro/servers', 'VR'],
  ['GET', '/keitaro/reverses', 'VR'],
  ['GET', '/keitaro/reverses/1', 'VR'],
  ['PATCH', '/keitaro/reverses/1', 'VR'],
  ['GET', '/keitaro/reverses/1/history', 'VR'],
  ['GET', '/keitaro/reverses/1/overview', 'VR'],
  ['GET', '/keitaro/reverses/1/timeline', 'VR'],
  ['POST', '/keitaro/reverses/1/comments', 'VR'],
  ['POST', '/keitaro/reverses/1/history/1/revert', 'VR'],
  ['GET', '/keitaro/reverses/export.csv', 'VR'],
  ['POST', '/keitaro/reverses/bulk-delete', 'VR'],
  ['GET', '/references/keitaro/reverses', 'VR'],
  ['GET', '/you-track/groups', 'JU'],
  ['POST', '/you-track/groups', 'JU'],
  ['GET', '/you-track/users/groups/1', 'JU'],
  ['POST', '/you-track/users/1', 'JU'],
  ['DELETE', '/you-track/users/1', 'JU'],
  ['POST', '/you-track/users/groups/1/1', 'JU'],
  ['DELETE', '/you-track/users/groups/1/1', 'JU'],
  ['GET', '/tracker/users?user_id=1', 'JU'],
  ['POST', '/tracker/users', 'JU'],
  ['DELETE', '/tracker/users/1', 'JU'],
  ['GET', '/service-link/1', 'JU'],
  ['PATCH', '/service-link/1', 'JU'],
  ['GET', '/references/services', 'JU'],
];

const everyCodeBut = (code: string): string[] => catalogueCodes([admin]).filter((other) => other !== code);

let server: AdminServer;

beforeAll(async () => {
  server = await openAdmin();
}, DB_TIMEOUT);

afterAll(async () => {
  await server.close();
});

describe('admin routes access', () => {
  it('declares exactly the listed code on every admin route the plugin mounts', () => {
    for (const [method, path, code] of ROUTES) {
      const pattern = new RegExp(`^${AUTH}${(path.split('?')[0] ?? '').replace(/\/1(?=\/|$)/g, '/:[A-Za-z]+')}$`);
      const route = server.app.routeAccessTable.find(
        (candidate) => candidate.method === method && pattern.test(candidate.url),
      );
      expect(route, `${method} ${path}`).toBeDefined();
      expect(route?.access, `${method} ${path}`).toEqual({ requires: code });
    }
  });

  it('lists every route the plugin adds to the core', async () => {
    const core = await buildServer({ db: unreachableDatabase() });
    const coreRoutes = new Set(core.routeAccessTable.map((route) => `${route.method} ${route.url}`));
    await core.close();
    const added = server.app.routeAccessTable.filter(
      (route) => route.method !== 'HEAD' && !coreRoutes.has(`${route.method} ${route.url}`),
    );
    const listed = (route: { method: string; url: string }) =>
      ROUTES.some(
        ([method, path]) =>
          method === route.method &&
          new RegExp(`^${AUTH}${(path.split('?')[0] ?? '').replace(/\/1(?=\/|$)/g, '/:[A-Za-z]+')}$`).test(route.url),
      );
    expect(added.filter((route) => !listed(route)).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(added).toHaveLength(ROUTES.length);
  });

  it.each(ROUTES)('%s %s answers 401 without a token', async (method, path) => {
    const response = await server.app.inject({
      method,
      url: `${AUTH}${path}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(ROUTES)('%s %s answers 403 with every code but %s', async (method, path, code) => {
    const response = await server
      .as(everyCodeBut(code))
      .send(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe('This action is unauthorized.');
  });

  it.each(ROUTES)('%s %s lets a caller with only %s past the guard', async (method, path, code) => {
    const response = await server
      .as([code])
      .send(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect([401, 403]).not.toContain(response.statusCode);
    expect(response.statusCode).toBeLessThan(500);
  });
});
