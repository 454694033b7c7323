import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import { createMessengerServerPlugin } from '@plugins/messenger/server';
import { createShopServerPlugin } from '@plugins/shop/server';
import { shopApp, SHOP_CODES, type ShopTestApp } from './shop-support';

/** The shop's demo fills every screen once, through the order engine, without a word to Telegram. */

let t: ShopTestApp;
const shop = createShopServerPlugin();

beforeAll(async () => {
  t = await shopApp({ shop, plugins: [admin] });
  const messenger = createMessengerServerPlugin();
  const plugins = [admin, messenger, shop];
  const demo = await demoContext(t.db, plugins);
  await admin.seedDemo?.(t.db, demo);
  // The server's start-up sync recorded the shop's handler class, which the team bots run.
  await shop.seedDemo?.(t.db, demo);
  await shop.seedDemo?.(t.db, demo);
}, DB_TIMEOUT * 2);
afterAll(() => t.close());

const rowsOf = async (path: string): Promise<Record<string, unknown>[]> =>
  (await t.shop(SHOP_CODES, 'GET', `${path}${path.includes('?') ? '&' : '?'}per_page=100`)).json<{
    data: { data: Record<string, unknown>[] };
  }>().data.data;

it('fills every shop screen once', async () => {
  const counts = await Promise.all(
    ['categories', 'products', 'positions', 'orders', 'teams', 'setup-tasks', 'reports'].map(
      async (path) => (await rowsOf(path)).length,
    ),
  );
  expect(counts).toEqual([3, 6, 33, 8, 2, 2, 24]);
});

it('has orders in every state, stock reserved for their buyers and counted', async () => {
  const orders = await rowsOf('orders');
  expect(new Set(orders.map((row) => row.status))).toEqual(new Set(['new', 'in_progress', 'completed', 'cancelled']));
  const presale = orders.find((row) => row.presale === true);
  expect(presale).toMatchObject({ status: 'in_progress', quantity: 10, count: 8 });
  const positions = await rowsOf('positions');
  const reserved = positions.filter((row) => row.state === 'reserved');
  expect(reserved.length).toBe(3 + 2 + 1 + 1 + 8);
  expect(reserved.every((row) => typeof row.owner === 'number' && typeof row.order === 'number')).toBe(true);
  const categories = await rowsOf('categories');
  const free = positions.filter((row) => row.state === 'free').length;
  expect(categories.reduce((sum, row) => sum + Number(row.count), 0)).toBe(free);
  expect(new Set((await rowsOf('setup-tasks')).map((row) => row.state))).toEqual(new Set(['taken', 'done']));
});

it('gives each team its shop bot, running the shop’s handler class, and sends nothing to Telegram', async () => {
  const teams = await rowsOf('teams');
  expect(teams.map((team) => (team._labels as Record<string, string>).bot).sort()).toEqual([
    'Alpha shop bot',
    'Bravo shop bot',
  ]);
  const bots = (await t.call(['MB'], 'GET', 'bots?per_page=100')).json().data.data as Record<string, unknown>[];
  expect(bots.filter((bot) => (bot._labels as Record<string, string>).handler_class === 'shop.orders')).toHaveLength(2);
  expect(t.telegram.sent).toEqual([]);
});
