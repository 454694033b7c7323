import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';

/** Setup tasks come from completed orders and move only by take, done and fail: the engine offers no other write. */

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

describe('the setup queue as a read-only resource', () => {
  it('lists, but mounts no create, edit, delete or restore', async () => {
    expect((await t.shop(SHOP_CODES, 'GET', 'setup-tasks')).statusCode).toBe(200);
    for (const [method, path] of [
      ['POST', 'setup-tasks'],
      ['PUT', 'setup-tasks/1'],
      ['PATCH', 'setup-tasks/1'],
      ['DELETE', 'setup-tasks/1'],
      ['POST', 'setup-tasks/1/restore'],
      ['POST', 'setup-tasks/bulk-delete'],
    ] as const) {
      expect(
        (await t.shop(SHOP_CODES, method, path, method === 'DELETE' ? undefined : { state: 'done' })).statusCode,
        `${method} ${path}`,
      ).toBe(404);
    }
  });
});
