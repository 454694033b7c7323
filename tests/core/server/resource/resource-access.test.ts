import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '@core/server/api-server';
import type { DeclaredRoute } from '@core/server/http/route-access';
import { defineServerPlugin } from '@core/server/plugin';
import { ResourceDefinitionError } from '@core/server/resource';
import { referenceGate, referenceRequirements, satisfiesAny } from '@core/server/resource/references';
import { requirementCodes } from '@core/shared/permissions';
import { defineResource, referenceTo } from '@core/shared/resource/definition';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  mintToken,
  TEST_RUNTIME_CONFIG,
  TEST_SECRET,
  unreachableDatabase,
} from '../../../support/server/test-database';
import {
  categories,
  EVERY_CODE,
  items,
  labClient,
  labManifest,
  labPlugin,
  openLab,
  READ_CATEGORIES,
  READ_ITEMS,
  SAMPLE_RESOURCES,
  SHOP,
  WRITE_CATEGORIES,
  WRITE_ITEMS,
  type Lab,
} from './support-resource';

let lab: Lab;
beforeAll(async () => {
  lab = await openLab();
}, DB_TIMEOUT);
afterAll(async () => {
  await lab.close();
});

const engineRoutes = (): DeclaredRoute[] =>
  lab.app.routeAccessTable.filter((route) => route.url.startsWith(`${SHOP}/`) && route.method !== 'HEAD');
const concrete = (url: string): string => url.replace(':id', '1').replace(':entryId', '1');

describe('the mounted routes', () => {
  it('are exactly the contract, each with the definition’s read or write code', () => {
    const table = engineRoutes().map(
      (route) => `${route.method} ${route.url.slice(SHOP.length)} ${JSON.stringify(route.access)}`,
    );
    const read = (code: string) => JSON.stringify({ requires: code });
    expect(table.sort()).toEqual(
      [
        `GET /categories ${read(READ_CATEGORIES)}`,
        `GET /categories/export.csv ${read(READ_CATEGORIES)}`,
        `GET /categories/:id ${read(READ_CATEGORIES)}`,
        `GET /categories/:id/history ${read(READ_CATEGORIES)}`,
        `GET /categories/:id/overview ${read(READ_CATEGORIES)}`,
        `GET /categories/:id/timeline ${read(READ_CATEGORIES)}`,
        `POST /categories/:id/comments ${read(READ_CATEGORIES)}`,
        `POST /categories/:id/history/:entryId/revert ${read(WRITE_CATEGORIES)}`,
        `POST /categories ${read(WRITE_CATEGORIES)}`,
        `POST /categories/bulk-delete ${read(WRITE_CATEGORIES)}`,
        `PATCH /categories/:id ${read(WRITE_CATEGORIES)}`,
        `DELETE /categories/:id ${read(WRITE_CATEGORIES)}`,
        `GET /references/categories ${JSON.stringify({ requires: { anyOf: [READ_CATEGORIES, READ_ITEMS, WRITE_ITEMS] } })}`,
        `GET /items ${read(READ_ITEMS)}`,
        `GET /items/export.csv ${read(READ_ITEMS)}`,
        `GET /items/:id ${read(READ_ITEMS)}`,
        `GET /items/:id/history ${read(READ_ITEMS)}`,
        `GET /items/:id/overview ${read(READ_ITEMS)}`,
        `GET /items/:id/timeline ${read(READ_ITEMS)}`,
        `POST /items/:id/comments ${read(READ_ITEMS)}`,
        `POST /items/:id/history/:entryId/revert ${read(WRITE_ITEMS)}`,
        `POST /items ${read(WRITE_ITEMS)}`,
        `POST /items/bulk-delete ${read(WRITE_ITEMS)}`,
        `PATCH /items/:id ${read(WRITE_ITEMS)}`,
        `DELETE /items/:id ${read(WRITE_ITEMS)}`,
        `POST /items/:id/restore ${read(WRITE_ITEMS)}`,
        `POST /items/:id/block ${read(WRITE_ITEMS)}`,
        `POST /items/:id/unblock ${read(WRITE_ITEMS)}`,
        `POST /items/:id/publish ${read(WRITE_ITEMS)}`,
        `GET /references/items ${JSON.stringify({ requires: { anyOf: [READ_ITEMS, WRITE_ITEMS] } })}`,
      ].sort(),
    );
  });

  it('answer 401 without a token and 403 without the route’s code', async () => {
    for (const route of engineRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const payload = route.method === 'GET' ? undefined : {};
      const anonymous = await lab.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (!('requires' in route.access)) continue;
      const needed = new Set(requirementCodes(route.access.requires));
      const others = EVERY_CODE.filter((code) => !needed.has(code));
      const refused = await lab.app.inject({ method, url, payload, headers: bearer(mintToken(others)) });
      expect(refused.statusCode, `${route.method} ${route.url} with ${others.join(',')}`).toBe(403);
    }
  });

  it('never answer 500 to bad input, whatever the body, query or path parameters', async () => {
    const token = mintToken(EVERY_CODE);
    const wrongTypes = {
      title: 1,
      price: 'x',
      tag_ids: 'x',
      attributes: [null],
      version: -1,
      ids: 'x',
      query: 1,
      page: -1,
    };
    const hostileQuery = `?page=abc&per_page=1e9&sort=-;drop&deleted=x&filter[title][contains]=${encodeURIComponent("'; drop table lab.items; --")}&filter[quantity][gte]=1e999&q=%00&ids=,`;
    for (const route of engineRoutes()) {
      const urls = route.url.includes(':id')
        ? ['abc', '-1', '99999999999999999999', '%00', '0'].map((value) => route.url.replace(':id', value))
        : [route.url, `${route.url}${hostileQuery}`];
      for (const url of urls) {
        for (const payload of route.method === 'GET' ? [undefined] : [{}, wrongTypes, 'not json', [1]]) {
          const response = await lab.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...bearer(token),
              ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
            },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          expect(response.statusCode, `${route.method} ${url} ${JSON.stringify(payload)}: ${response.body}`).not.toBe(
            500,
          );
        }
      }
    }
  });

  it('separate reading from writing', async () => {
    const reader = labClient(lab.app, [READ_ITEMS]);
    const writer = labClient(lab.app, [WRITE_ITEMS]);
    expect((await reader.get('/items')).statusCode).toBe(200);
    expect((await reader.get('/items/export.csv')).statusCode).toBe(200);
    expect((await reader.post('/items', { title: 'Nope' })).statusCode).toBe(403);
    expect((await reader.post('/items/bulk-delete', { ids: [1] })).statusCode).toBe(403);
    expect((await writer.get('/items')).statusCode).toBe(403);
    expect((await writer.post('/items', { title: 'Writer made' })).statusCode).toBe(201);
  });

  it('let whoever may fill a reference list its labels, and no one else', async () => {
    for (const code of [READ_CATEGORIES, READ_ITEMS, WRITE_ITEMS]) {
      expect((await labClient(lab.app, [code]).get('/references/categories')).statusCode, code).toBe(200);
    }
    expect((await labClient(lab.app, [WRITE_CATEGORIES]).get('/references/categories')).statusCode).toBe(403);
  });
});

describe('reference access', () => {
  it('is exact when a requirement is an all-of: the declared any-of is only the gate', () => {
    const guarded = defineResource({
      ...categories,
      id: 'lab.guarded',
      table: 'lab.guarded',
      path: 'guarded',
      access: { read: { allOf: ['AA', 'BB'] }, write: 'AA' },
    });
    const pointing = defineResource({
      ...categories,
      id: 'lab.pointing',
      table: 'lab.pointing',
      path: 'pointing',
      access: { read: 'CC', write: 'CC' },
      fields: [
        ...categories.fields,
        { kind: 'reference', name: 'guarded_id', labelKey: 'x', target: referenceTo(guarded) },
      ],
    });
    const requirements = referenceRequirements(guarded, [guarded, pointing]);
    expect(requirements).toEqual([{ allOf: ['AA', 'BB'] }, 'CC']);
    expect(referenceGate(requirements)).toEqual({ anyOf: ['AA', 'BB', 'CC'] });
    expect(satisfiesAny(['AA'], requirements)).toBe(false);
    expect(satisfiesAny(['AA', 'BB'], requirements)).toBe(true);
    expect(satisfiesAny(['CC'], requirements)).toBe(true);
  });
});

describe('mounting', () => {
  it('leaves a route the plugin declared itself to the plugin', async () => {
    const overriding = defineServerPlugin({
      ...labPlugin(),
      register(app) {
        app.get('/items', { config: { access: { requires: READ_ITEMS } } }, async () => ({
          data: 'the plugin’s own list',
        }));
      },
    });
    const app = await buildServer({ db: lab.db, plugins: [overriding] });
    try {
      const response = await app.inject({
        method: 'GET',
        url: `${SHOP}/items`,
        headers: bearer(mintToken([READ_ITEMS])),
      });
      expect(response.json()).toEqual({ data: 'the plugin’s own list' });
      expect(
        (await app.inject({ method: 'GET', url: `${SHOP}/items/export.csv`, headers: bearer(mintToken([READ_ITEMS])) }))
          .statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a definition that has problems, naming them', async () => {
    const broken = defineResource({ ...items, id: 'lab.broken', table: 'Lab.Broken', labelField: 'missing' });
    const plugin = defineServerPlugin({
      manifest: labManifest,
      migrations: [],
      resources: [...SAMPLE_RESOURCES, broken],
      register() {},
    });
    const start = createApiServer({
      db: unreachableDatabase(),
      secret: TEST_SECRET,
      plugins: [plugin],
      runtimeConfig: TEST_RUNTIME_CONFIG,
      pluginSettings: {},
      webRoot: null,
      logger: false,
    });
    await expect(start).rejects.toBeInstanceOf(ResourceDefinitionError);
    await expect(start).rejects.toThrow('lab.broken: table "Lab.Broken" must be schema.table in lower snake case');
    await expect(start).rejects.toThrow('lab.broken: labelField "missing" is not a field');
  });

  it('refuses a resource outside its plugin’s service, and hooks for a resource it does not declare', async () => {
    const elsewhere = defineResource({
      ...categories,
      id: 'lab.elsewhere',
      table: 'lab.elsewhere',
      path: 'elsewhere',
      service: 'finance',
    });
    const plugin = defineServerPlugin({
      manifest: labManifest,
      migrations: [],
      resources: [elsewhere],
      resourceHooks: { 'lab.unknown': {} },
      register() {},
    });
    const start = createApiServer({
      db: unreachableDatabase(),
      secret: TEST_SECRET,
      plugins: [plugin],
      runtimeConfig: TEST_RUNTIME_CONFIG,
      pluginSettings: {},
      webRoot: null,
      logger: false,
    });
    await expect(start).rejects.toThrow(`lab.elsewhere: service "finance" is not plugin lab's service "shop"`);
    await expect(start).rejects.toThrow(`plugin lab has hooks for "lab.unknown", which is not one of its resources`);
  });
});
