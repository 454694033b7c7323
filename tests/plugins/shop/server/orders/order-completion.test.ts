import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReservationHours } from '@plugins/shop/server/stock/reservation';
import { RESERVATION_SWEEP, sellExpiredReservations } from '@plugins/shop/server/stock/reservation-sweep';
import { DB_TIMEOUT, errorBody, testJobs } from '@core/sdk/testing';
import { counts } from '../positions/positions-support';
import { SHOP_CODES } from '../shop-support';
import { person, team } from '../transfer/transfer-support';
import { act, ordersApp, positionsOf, product, stock, storedOrder, type OrdersTestApp } from './orders-support';

/** Completing orders hands each position out once; cancelling gives back what is still reserved. */

let o: OrdersTestApp;
beforeAll(async () => {
  o = await ordersApp();
}, DB_TIMEOUT);
afterAll(() => o.t.close());

async function orderOf(
  productId: number,
  quantity: number,
  values: Readonly<Record<string, unknown>> = {},
): Promise<{ order: number; buyer: number; team: number }> {
  const buyer = await person(o.t);
  const teamId = await team(o.t);
  const order = await o.t.create('orders', { team: teamId, product: productId, quantity, user: buyer, ...values });
  return { order, buyer, team: teamId };
}

describe('completing orders concurrently', () => {
  it('hands 20 free positions to exactly 20 of 50 concurrent completions, none twice; the other 30 get 409', async () => {
    const fixture = await product(o.t);
    const teamId = await team(o.t);
    const buyer = await person(o.t);
    const orders: number[] = [];
    for (let index = 0; index < 50; index++)
      orders.push(await o.t.create('orders', { team: teamId, product: fixture.product, quantity: 1, user: buyer }));
    await stock(o.t, fixture.product, 20);
    expect(await counts(o.t, fixture)).toEqual({ inStock: 20, category: 20 });
    const before = o.completed.length;

    const answers = await Promise.all(orders.map((order) => act(o.t, order, 'complete')));

    const won = orders.filter((_order, index) => answers[index]?.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const answer of refused)
      expect(answer.json()).toEqual(errorBody('Not enough stock: 0 of 1 available.', { available: 0, needed: 1 }));
    const positions = await positionsOf(o.t, fixture.product);
    expect(positions.every((position) => position.state === 'reserved' && position.owner === buyer)).toBe(true);
    expect(new Set(positions.map((position) => position.order))).toEqual(new Set(won));
    for (const order of won) expect(await storedOrder(o.t, order)).toMatchObject({ status: 'completed', count: 1 });
    for (const order of orders.filter((order) => !won.includes(order)))
      expect(await storedOrder(o.t, order)).toMatchObject({ status: 'new', count: 0, version: 1 });
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
    const events = o.completed.slice(before);
    expect(events.map((event) => event.orderId).sort((a, b) => a - b)).toEqual([...won].sort((a, b) => a - b));
    expect(new Set(events.flatMap((event) => event.positionIds)).size).toBe(20);
  });
});

describe('completing an order', () => {
  it('reserves its positions for the buyer for 72 hours and completes it; 409 with what is available when short, nothing changed', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 3);
    const { order, buyer } = await orderOf(fixture.product, 5);
    const short = await act(o.t, order, 'complete');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual(errorBody('Not enough stock: 3 of 5 available.', { available: 3, needed: 5 }));
    const inRussian = await o.t.shop(['SO'], 'POST', `orders/${order}/complete`, undefined, undefined, {
      'accept-language': 'ru',
    });
    expect(inRussian.json()).toMatchObject({
      message: 'Недостаточно товара на складе: доступно 3 из 5.',
      available: 3,
    });
    expect((await positionsOf(o.t, fixture.product)).map((position) => position.state)).toEqual([
      'free',
      'free',
      'free',
    ]);
    expect(await storedOrder(o.t, order)).toMatchObject({ status: 'new', version: 1 });

    await stock(o.t, fixture.product, 2);
    const done = await act(o.t, order, 'complete');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      data: { id: order, status: 'completed', count: 5, completed_at: '2026-03-10T12:00:00.000000Z' },
    });
    const positions = await positionsOf(o.t, fixture.product);
    expect(
      positions.map(({ state, order: held, owner, reservedUntil }) => ({ state, held, owner, reservedUntil })),
    ).toEqual(Array(5).fill({ state: 'reserved', held: order, owner: buyer, reservedUntil: '2026-03-13T12:00:00Z' }));
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
    expect(o.completed.at(-1)).toMatchObject({
      orderId: order,
      userId: buyer,
      quantity: 5,
      positionIds: positions.map((position) => position.id),
      botId: null,
      teamUser: null,
    });
    // A position's history says who it was reserved for.
    const history = await o.t.shop(['SQ'], 'GET', `positions/${positions[0]?.id}/history`);
    expect(history.json<{ data: { action: string }[] }>().data.map((entry) => entry.action)).toContain('reserve');
  });

  it('moves the stock counters without a version bump: a product opened before the hand-out saves unrefused', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 3);
    const opened = (await o.t.shop(SHOP_CODES, 'GET', `products/${fixture.product}`)).json<{
      data: { version: number };
    }>().data;
    const { order } = await orderOf(fixture.product, 2);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    expect(await counts(o.t, fixture)).toEqual({ inStock: 1, category: 1 });
    const saved = await o.t.shop(SHOP_CODES, 'PATCH', `products/${fixture.product}`, {
      day_limit: 50,
      version: opened.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: { version: number; in_stock: number } }>().data).toMatchObject({
      version: opened.version + 1,
      in_stock: 1,
    });
  });

  it('starts a new order; refuses what the status does not allow', async () => {
    const fixture = await product(o.t);
    const { order } = await orderOf(fixture.product, 1);
    const started = await act(o.t, order, 'start');
    expect(started.json()).toMatchObject({ data: { status: 'in_progress' } });
    const again = await act(o.t, order, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody('This action does not apply to the order in its current state.'));
    expect((await act(o.t, order, 'cancel')).json()).toMatchObject({ data: { status: 'cancelled' } });
    expect((await act(o.t, order, 'complete')).statusCode).toBe(409);
    expect((await act(o.t, order, 'cancel')).statusCode).toBe(409);
    expect((await act(o.t, 999_999, 'complete')).statusCode).toBe(404);
    expect((await o.t.shop(['SO'], 'POST', `orders/${order}/start`, { version: 1 })).statusCode).toBe(422);
  });

  it('queues an order that needs setup once it completes', async () => {
    const fixture = await product(o.t, { needs_setup: true });
    await stock(o.t, fixture.product, 1);
    const { order, buyer } = await orderOf(fixture.product, 1);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    const { rows } = await o.t.db.query<{ title: string; user: string; state: string }>(
      'SELECT title, "user"::text AS "user", state FROM shop.setup_tasks WHERE "order" = $1',
      [order],
    );
    expect(rows).toEqual([
      { title: expect.stringMatching(/^Farm account \d+ × 1$/), user: String(buyer), state: 'queued' },
    ]);
  });

  it('answers 403 without SO on every action', async () => {
    const fixture = await product(o.t);
    const { order } = await orderOf(fixture.product, 1);
    const others = SHOP_CODES.filter((code) => code !== 'SO');
    for (const action of ['start', 'complete', 'cancel'] as const)
      expect((await act(o.t, order, action, others)).statusCode).toBe(403);
    expect(await storedOrder(o.t, order)).toMatchObject({ status: 'new', version: 1 });
  });
});

describe('cancelling an order', () => {
  it('releases its reserved positions, recounts the stock and announces it', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 2);
    const { order } = await orderOf(fixture.product, 2);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    const held = (await positionsOf(o.t, fixture.product)).map((position) => position.id);
    expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });

    const cancelled = await act(o.t, order, 'cancel');
    expect(cancelled.json()).toMatchObject({ data: { status: 'cancelled', count: 0 } });
    expect(
      (await positionsOf(o.t, fixture.product)).map(({ state, order: of, owner, reservedUntil }) => ({
        state,
        of,
        owner,
        reservedUntil,
      })),
    ).toEqual(Array(2).fill({ state: 'free', of: null, owner: null, reservedUntil: null }));
    expect(await counts(o.t, fixture)).toEqual({ inStock: 2, category: 2 });
    expect(o.cancelled.at(-1)).toMatchObject({ orderId: order, positionIds: held });
  });

  it('refuses to cancel an order whose reservation ran out: its positions are sold', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 1);
    const { order } = await orderOf(fixture.product, 1);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    o.setNow('2026-03-13T12:00:01.000Z');
    try {
      const refused = await act(o.t, order, 'cancel');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(errorBody('This order cannot be cancelled: its positions are already sold.'));
      expect((await positionsOf(o.t, fixture.product)).map((position) => position.state)).toEqual(['sold']);
      expect(await storedOrder(o.t, order)).toMatchObject({ status: 'completed' });
      expect(await counts(o.t, fixture)).toEqual({ inStock: 0, category: 0 });
    } finally {
      o.setNow('2026-03-10T12:00:00.000Z');
    }
  });
});

describe('reservations', () => {
  it('sells what ran out, once, however many server copies sweep', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 2);
    const { order } = await orderOf(fixture.product, 2);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    const early = await o.t.db.transaction((tx) =>
      sellExpiredReservations(tx, o.records, new Date('2026-03-13T11:59:59.000Z')),
    );
    expect(early).toEqual([]);
    const sweeps = await Promise.all(
      [1, 2, 3].map(() =>
        o.t.db.transaction((tx) => sellExpiredReservations(tx, o.records, new Date('2026-03-13T12:00:00.000Z'))),
      ),
    );
    const held = (await positionsOf(o.t, fixture.product)).map((position) => position.id);
    expect(
      sweeps
        .flat()
        .filter((id) => held.includes(id))
        .sort((a, b) => a - b),
    ).toEqual(held);
    expect((await positionsOf(o.t, fixture.product)).map((position) => position.state)).toEqual(['sold', 'sold']);
  });

  it('are swept by the job of the schedule shop.reservation-sweep, every minute across copies', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 1);
    const { order } = await orderOf(fixture.product, 1);
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    const jobs = testJobs(o.t.db);
    o.setNow('2026-03-13T12:00:00.000Z');
    try {
      const job = await jobs.runSchedule(RESERVATION_SWEEP);
      const { rows } = await o.t.db.query<{ state: string; result: unknown }>(
        `SELECT state, result FROM core.jobs WHERE id = $1`,
        [job],
      );
      expect(rows[0]?.state).toBe('succeeded');
      expect((rows[0]?.result as { sold: number } | undefined)?.sold).toBeGreaterThanOrEqual(1);
      expect((await positionsOf(o.t, fixture.product)).map((position) => position.state)).toEqual(['sold']);
      const schedule = await o.t.db.query<{ every_ms: number }>(
        `SELECT every_ms::int AS every_ms FROM core.job_schedules WHERE id = $1`,
        [RESERVATION_SWEEP],
      );
      expect(schedule.rows[0]?.every_ms).toBe(60_000);
    } finally {
      o.setNow('2026-03-10T12:00:00.000Z');
    }
  });

  it('lasts pluginSettings.shop.reservationHours, 72 unless set, a whole number of hours', () => {
    expect(readReservationHours({})).toBe(72);
    expect(readReservationHours({ reservationHours: 24 })).toBe(24);
    for (const wrong of ['24', 0, 1.5, 10_000]) {
      expect(() => readReservationHours({ reservationHours: wrong })).toThrow(
        'pluginSettings.shop.reservationHours must be a whole number of hours from 1 to 8784.',
      );
    }
  });
});
