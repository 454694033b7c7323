import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginInventoryItem } from '@core/sdk/shared';
import { defineServerPlugin, type PluginInventory } from '@core/sdk/server';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import { ADMIN, BROKEN, FINANCE, REPORTS } from '../plugin-inventory-samples';

const URL = '/api/auth/plugins';

/** What the host reports; the test changes it after start-up, as loading finishing would. */
let inventory: readonly PluginInventoryItem[] = [ADMIN, REPORTS, BROKEN, FINANCE];
const fakeInventory: PluginInventory = { list: () => inventory };

/**
 * The admin plugin as the host registers it, but handed a fake inventory: testApp has no option
 * for one, and the host's own inventory may still be empty.
 */
const adminWithInventory = defineServerPlugin({
  ...admin,
  register: (app, context) => admin.register(app, { ...context, plugins: fakeInventory }),
});

describe('GET plugins with the host’s inventory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [admin] });
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('answers a JS holder with the inventory in a data envelope', async () => {
    const response = await app.as(['JS']).get(URL);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: PluginInventoryItem[] }>();
    expect(Array.isArray(body.data)).toBe(true);
    for (const item of body.data) {
      // A running plugin carries its services as resolved at start-up.
      const services = item.state === 'running' ? ['services'] : [];
      expect(Object.keys(item).sort()).toEqual(
        ['enabled', 'error', 'id', 'sdk', 'source', 'state', 'titleKey', 'version', ...services].sort(),
      );
      expect(['running', 'disabled', 'refused', 'failed']).toContain(item.state);
    }
    const admin = body.data.find((item) => item.id === 'admin');
    expect(admin?.services).toEqual({ provides: [], offers: [], requires: [], uses: [], extends: [] });
  });

  it('refuses a caller without JS, whatever else they hold', async () => {
    expect((await app.as([]).get(URL)).statusCode).toBe(403);
    const response = await app.as(['JU', 'JA', 'JQ', 'VR']).get(URL);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe('This action is unauthorized.');
  });

  it('refuses a caller without a token', async () => {
    expect((await app.server.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('is read-only: nothing else is mounted at the path', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await app.asSuperadmin().call(method, URL, {})).statusCode, method).toBe(404);
    }
  });
});

describe('GET plugins with a known inventory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [adminWithInventory] });
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('lists every plugin with its version, SDK range, source, enablement, state and error', async () => {
    const response = await app.as(['JS']).get(URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [ADMIN, REPORTS, BROKEN, FINANCE] });
  });

  it('reads the inventory on each call, and lets only the declared fields leave', async () => {
    const leaky = {
      ...REPORTS,
      state: 'running',
      error: null,
      secret: 'do-not-send',
      source: { kind: 'external', path: '/opt/reports', token: 'x' },
    };
    inventory = [leaky as PluginInventoryItem];
    try {
      const response = await app.as(['JS']).get(URL);
      expect(response.json()).toEqual({
        data: [{ ...REPORTS, state: 'running', error: null, source: { kind: 'external', path: '/opt/reports' } }],
      });
      expect(response.body).not.toContain('do-not-send');
    } finally {
      inventory = [ADMIN, REPORTS, BROKEN, FINANCE];
    }
  });

  it('still refuses a caller without JS', async () => {
    expect((await app.as(['JU']).get(URL)).statusCode).toBe(403);
  });
});
