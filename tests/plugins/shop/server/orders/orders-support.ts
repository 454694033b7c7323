import type { LightMyRequestResponse } from 'fastify';
import type { PermissionCode } from '@core/sdk/shared';
import type { RecordWriter } from '@core/sdk/server';
import { demoContext } from '@core/sdk/testing';
import { createShopServerPlugin } from '@plugins/shop/server';
import { OrderEngine, type OrderEvent } from '@plugins/shop/server/orders';
import { bulk, stockFixture, type StockFixture } from '../positions/positions-support';
import { shopApp, type ShopAppOptions, type ShopTestApp } from '../shop-support';

/** A shop app whose clock the test sets, with the order engine's announcements recorded. */
export interface OrdersTestApp {
  readonly t: ShopTestApp;
  readonly orders: OrderEngine;
  /** The engine's writes over the app's database, as the shop's `context.records`. */
  readonly records: RecordWriter;
  readonly completed: OrderEvent[];
  readonly cancelled: OrderEvent[];
  /** Sets the shop's clock. */
  setNow(instant: string): void;
}

export async function ordersApp(
  start = '2026-03-10T12:00:00.000Z',
  options: ShopAppOptions = {},
): Promise<OrdersTestApp> {
  let now = new Date(start);
  const clock = (): Date => now;
  const orders = new OrderEngine(clock);
  const shop = createShopServerPlugin({ now: clock, orders });
  const t = await shopApp({ ...options, shop });
  const { records } = await demoContext(t.db, [shop]);
  const completed: OrderEvent[] = [];
  const cancelled: OrderEvent[] = [];
  orders.events.on('completed', async (event) => void completed.push(event));
  orders.events.on('cancelled', async (event) => void cancelled.push(event));
  return { t, orders, records, completed, cancelled, setNow: (instant) => (now = new Date(instant)) };
}

let lines = 0;

/** `count` position lines of the `login:password:email` format, never used before in this file. */
export function positionLines(count: number): string[] {
  return Array.from({ length: count }, () => {
    lines++;
    return `login${lines}:secret-pass-${lines}:buyer${lines}@example.com`;
  });
}

/** Loads `count` free positions into the product through the bulk load (which tells the stock engine); the lines loaded. */
export async function stock(t: ShopTestApp, product: number, count: number): Promise<string[]> {
  const loaded = positionLines(count);
  const answer = await bulk(t, { product, lines: loaded.join('\n') });
  if (answer.statusCode !== 200) throw new Error(`bulk load: ${answer.statusCode} ${answer.body}`);
  return loaded;
}

/** A category and an active product of it (with extra product values), made through the API. */
export async function product(t: ShopTestApp, values: Readonly<Record<string, unknown>> = {}): Promise<StockFixture> {
  const fixture = await stockFixture(t);
  if (Object.keys(values).length > 0) {
    const answer = await t.patch(`products/${fixture.product}`, values);
    if (answer.statusCode !== 200) throw new Error(`product: ${answer.statusCode} ${answer.body}`);
  }
  return fixture;
}

/** `POST orders/{id}/<action>` as a holder of `codes` (SO by default). */
export function act(
  t: ShopTestApp,
  order: number,
  action: 'start' | 'complete' | 'cancel',
  codes: readonly PermissionCode[] = ['SO'],
): Promise<LightMyRequestResponse> {
  return t.shop(codes, 'POST', `orders/${order}/${action}`);
}

/** An order as stored: the fields the engine keeps. */
export async function storedOrder(
  t: ShopTestApp,
  order: number,
): Promise<{ status: string; count: number; version: number }> {
  const { rows } = await t.db.query<{ status: string; count: string; version: number }>(
    'SELECT status, count::text AS count, version FROM shop.orders WHERE id = $1',
    [order],
  );
  const row = rows[0];
  if (!row) throw new Error(`no order ${order}`);
  return { status: row.status, count: Number(row.count), version: Number(row.version) };
}

/** The product's positions as stored, in id order. */
export async function positionsOf(
  t: ShopTestApp,
  productId: number,
): Promise<{ id: number; state: string; order: number | null; owner: number | null; reservedUntil: string | null }[]> {
  const { rows } = await t.db.query<{
    id: string;
    state: string;
    order: string | null;
    owner: string | null;
    reserved_until: string | null;
  }>(
    `SELECT id::text AS id, state, "order"::text AS "order", owner::text AS owner, to_char(reserved_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS reserved_until
       FROM shop.positions WHERE product = $1 AND deleted_at IS NULL ORDER BY id`,
    [productId],
  );
  const id = (text: string | null): number | null => (text === null ? null : Number(text));
  return rows.map((row) => ({
    id: Number(row.id),
    state: row.state,
    order: id(row.order),
    owner: id(row.owner),
    reservedUntil: row.reserved_until,
  }));
}
