import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { counts } from '../positions/positions-support';
import { person, team } from '../transfer/transfer-support';
import { act, ordersApp, positionsOf, product, stock, storedOrder, type OrdersTestApp } from './orders-support';

/** Presale orders take what there is, wait, and are served first, oldest first, when stock arrives. */

let o: OrdersTestApp;
let buyer: number;
let teamId: number;
beforeAll(async () => {
  o = await ordersApp();
  buyer = await person(o.t);
  teamId = await team(o.t);
}, DB_TIMEOUT);
afterAll(() => o.t.close());

const presaleOrder = (productId: number, quantity: number, presale = true) =>
  o.t.create('orders', { team: teamId, product: productId, quantity, user: buyer, presale });

describe('presale', () => {
  it('takes what there is on completion and waits in progress', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 2);
    const order = await presaleOrder(fixture.product, 5);
    const answer = await act(o.t, order, 'complete');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ data: { status: 'in_progress', count: 2, completed_at: null } });
    expect((await positionsOf(o.t, fixture.product)).map((position) => position.order)).toEqual([order, order]);
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
  });

  it('fills waiting orders oldest first when stock arrives, completing each that becomes full', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 1);
    const older = await presaleOrder(fixture.product, 4);
    const newer = await presaleOrder(fixture.product, 2);
    const ordinary = await presaleOrder(fixture.product, 1, false);
    expect((await act(o.t, older, 'complete')).json()).toMatchObject({ data: { status: 'in_progress', count: 1 } });
    expect((await act(o.t, newer, 'start')).statusCode).toBe(200);
    expect((await act(o.t, ordinary, 'start')).statusCode).toBe(200);

    await stock(o.t, fixture.product, 4);
    expect(await storedOrder(o.t, older)).toMatchObject({ status: 'completed', count: 4 });
    expect(await storedOrder(o.t, newer)).toMatchObject({ status: 'in_progress', count: 1 });
    expect(await storedOrder(o.t, ordinary)).toMatchObject({ status: 'in_progress', count: 0 });
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
    // Announced once the load committed.
    await vi.waitFor(() => expect(o.completed.map((event) => event.orderId)).toContain(older));
    expect(o.completed.find((event) => event.orderId === older)?.positionIds).toHaveLength(4);

    await stock(o.t, fixture.product, 2);
    expect(await storedOrder(o.t, newer)).toMatchObject({ status: 'completed', count: 2 });
    expect(await counts(o.t, fixture)).toEqual({ inStock: 1, category: 1 });
    await vi.waitFor(() => expect(o.completed.map((event) => event.orderId)).toContain(newer));
    const held = await positionsOf(o.t, fixture.product);
    expect(held.filter((position) => position.order === older)).toHaveLength(4);
    expect(held.filter((position) => position.order === newer)).toHaveLength(2);
    expect(held.filter((position) => position.state === 'free')).toHaveLength(1);
  });

  it('serves a waiting order first from what a cancelled order gives back', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 2);
    const cancelled = await presaleOrder(fixture.product, 2, false);
    expect((await act(o.t, cancelled, 'complete')).statusCode).toBe(200);
    const waiting = await presaleOrder(fixture.product, 2);
    expect((await act(o.t, waiting, 'complete')).json()).toMatchObject({ data: { status: 'in_progress', count: 0 } });

    expect((await act(o.t, cancelled, 'cancel')).statusCode).toBe(200);
    expect(await storedOrder(o.t, waiting)).toMatchObject({ status: 'completed', count: 2 });
    expect(o.completed.at(-1)).toMatchObject({ orderId: waiting });
    expect(o.cancelled.at(-1)).toMatchObject({ orderId: cancelled });
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
  });

  it('serves through the engine’s own entry point too', async () => {
    const fixture = await product(o.t);
    const order = await presaleOrder(fixture.product, 1);
    expect((await act(o.t, order, 'complete')).json()).toMatchObject({ data: { status: 'in_progress', count: 0 } });
    // A position freed outside the engine, then announced as arrived.
    await o.t.db.query(
      `INSERT INTO shop.positions (product, data, state, title) VALUES ($1, 'late:arrival:x@example.com', 'free', 'late')`,
      [fixture.product],
    );
    await o.orders.stockArrived(o.t.db, [fixture.product], { id: 1, language: 'en' });
    expect(await storedOrder(o.t, order)).toMatchObject({ status: 'completed', count: 1 });
    expect(o.completed.at(-1)).toMatchObject({ orderId: order });
  });
});
