import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLine } from '../../../messenger/server/messenger-support';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { SHOP_CODES } from '../shop-support';
import { person, team } from '../transfer/transfer-support';
import { act, ordersApp, product, stock, type OrdersTestApp } from './orders-support';

/** An order's positions: their data for the buyer and stock staff only, audited; never elsewhere, never in a log. */

let o: OrdersTestApp;
let buyer: number;
let stranger: number;
let order: number;
let data: string[];
const bodies: string[] = [];

beforeAll(async () => {
  o = await ordersApp();
  buyer = await person(o.t);
  stranger = await person(o.t);
  const fixture = await product(o.t);
  data = await stock(o.t, fixture.product, 2);
  order = await o.t.create('orders', { team: await team(o.t), product: fixture.product, quantity: 2, user: buyer });
  const completed = await act(o.t, order, 'complete');
  expect(completed.statusCode).toBe(200);
  bodies.push(completed.body);
}, DB_TIMEOUT);
afterAll(() => o.t.close());

const positions = async (codes: Parameters<typeof o.t.shop>[0], userId: number) => {
  const answer = await o.t.shop(codes, 'GET', `orders/${order}/positions`, undefined, userId);
  bodies.push(answer.body);
  return answer;
};

const reveals = async (): Promise<number> => {
  const { rows } = await o.t.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM core.audit_log WHERE resource = 'shop.positions' AND action = 'reveal'`,
  );
  return Number(rows[0]?.n);
};

describe('GET orders/:id/positions', () => {
  it('shows the buyer the data, even without any code, and audits each position shown', async () => {
    const before = await reveals();
    const answer = await positions([], buyer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answer
        .json<{ data: { data: string; state: string }[] }>()
        .data.map((position) => [position.data, position.state]),
    ).toEqual(data.map((line) => [line, 'reserved']));
    expect(await reveals()).toBe(before + 2);
  });

  it('shows stock staff (SQ) the data', async () => {
    const answer = await positions(['SQ'], stranger);
    expect(answer.json<{ data: { data: string }[] }>().data.map((position) => position.data)).toEqual(data);
  });

  it('shows order staff (SO) the positions without their data, unaudited', async () => {
    const before = await reveals();
    const answer = await positions(['SO'], stranger);
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json<{ data: { data: string | null; state: string }[] }>()
        .data.map((position) => [position.data, position.state]),
    ).toEqual([
      [null, 'reserved'],
      [null, 'reserved'],
    ]);
    expect(await reveals()).toBe(before);
  });

  it('tells anyone else there is no such order', async () => {
    const others = SHOP_CODES.filter((code) => code !== 'SO' && code !== 'SQ');
    expect((await positions(others, stranger)).statusCode).toBe(404);
    expect((await o.t.shop(['SQ'], 'GET', 'orders/999999/positions')).statusCode).toBe(404);
  });
});

describe('position data', () => {
  it('never leaves in an order or position answer, nor in a log', async () => {
    bodies.push((await o.t.shop(['SO'], 'GET', `orders/${order}`)).body);
    bodies.push((await o.t.shop(['SO'], 'GET', 'orders')).body);
    bodies.push((await o.t.shop(SHOP_CODES, 'GET', 'positions')).body);
    bodies.push((await o.t.shop(['SO'], 'GET', `orders/${order}/history`)).body);
    bodies.push((await act(o.t, order, 'cancel')).body);
    const shown = bodies.filter((body) => data.some((line) => body.includes(line)));
    // Only the two answers to the buyer and to SQ above carry it.
    expect(shown).toHaveLength(2);
    const logged = o.t.logs.map(logLine).join('\n');
    for (const line of data) expect(logged).not.toContain(line);
  });
});
