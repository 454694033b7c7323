import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@core/sdk/server';
import { placeOrder, teamDayRemainder } from '@plugins/shop/server/orders';
import { DB_TIMEOUT, errorBody } from '@core/sdk/testing';
import { person, team } from '../transfer/transfer-support';
import { act, ordersApp, product, type OrdersTestApp } from './orders-support';

/** An order's terms: what the engine computes, what it refuses, and the day limit on the team's own calendar day. */

let o: OrdersTestApp;
let buyer: number;
beforeAll(async () => {
  o = await ordersApp();
  buyer = await person(o.t);
}, DB_TIMEOUT);
afterAll(() => o.t.close());
beforeEach(() => o.setNow('2026-03-10T12:00:00.000Z'));

const order = (teamId: number, productId: number, quantity: number, language?: 'ru') =>
  o.t.shop(
    ['SO'],
    'POST',
    'orders',
    { team: teamId, product: productId, quantity, user: buyer },
    undefined,
    language ? { 'accept-language': language } : {},
  );

describe('the order’s terms', () => {
  it('computes title, value, time zone and team day, and starts new from the screens', async () => {
    const { product: productId } = await product(o.t, { price: { amount: '10.55', currency: 'EUR' } });
    const teamId = await team(o.t, { timezone: 'Asia/Tokyo' });
    o.setNow('2026-03-10T15:30:00.000Z');
    const created = await order(teamId, productId, 3);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      data: {
        title: expect.stringMatching(/^Farm account \d+ × 3$/),
        value: { amount: '31.65', currency: 'EUR' },
        timezone: 'Asia/Tokyo',
        team_day: '2026-03-11',
        status: 'new',
        count: 0,
        source: 'web',
      },
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    const edited = await o.t.patch(`orders/${id}`, { quantity: 2 });
    expect(edited.json()).toMatchObject({
      data: {
        title: expect.stringMatching(/ × 2$/),
        value: { amount: '21.10', currency: 'EUR' },
        team_day: '2026-03-11',
      },
    });
    expect(
      (
        await o.t.shop(['SO'], 'POST', 'orders', {
          team: teamId,
          product: productId,
          quantity: 1,
          user: buyer,
          source: 'bot',
        })
      ).statusCode,
    ).toBe(422);
  });

  it('fixes product, quantity and team once the order left new; other fields stay editable', async () => {
    const { product: productId } = await product(o.t);
    const teamId = await team(o.t);
    const id = await o.t.create('orders', { team: teamId, product: productId, quantity: 1, user: buyer });
    expect((await act(o.t, id, 'start')).statusCode).toBe(200);
    const refused = await o.t.patch(`orders/${id}`, { quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody('The product, quantity and team can only change while the order is new.'));
    expect((await o.t.patch(`orders/${id}`, { quantity: 1, campaign_group: 'Spring' })).statusCode).toBe(200);
  });

  it('refuses a product not on sale or not among the team’s products (422 on product)', async () => {
    const { product: hidden } = await product(o.t, { status: 'hidden' });
    const { product: allowed } = await product(o.t);
    const { product: other } = await product(o.t);
    const teamId = await team(o.t, { products: [allowed] });
    expect((await order(teamId, hidden, 1)).json()).toMatchObject({
      errors: { product: ['This product is not on sale: only active products can be ordered.'] },
    });
    expect((await order(teamId, other, 1)).json()).toMatchObject({
      errors: { product: ['This team may not order this product.'] },
    });
    expect((await order(teamId, other, 1, 'ru')).json()).toMatchObject({
      errors: { product: ['Этой команде нельзя заказывать этот товар.'] },
    });
    expect((await order(teamId, allowed, 1)).statusCode).toBe(201);
    expect((await order(teamId, 999_999, 1)).statusCode).toBe(422);
  });
});

describe('the day limit', () => {
  it('counts on the team’s calendar day in Tokyo: 23:59 and 00:01 are different days', async () => {
    const { product: productId } = await product(o.t, { day_limit: 10 });
    const tokyo = await team(o.t, { timezone: 'Asia/Tokyo' });
    o.setNow('2026-03-10T14:59:00.000Z'); // 23:59 on 10 March in Tokyo
    expect((await order(tokyo, productId, 7)).statusCode).toBe(201);
    const over = await order(tokyo, productId, 4);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual(
      errorBody('The day limit of this product is 10 for a team; 3 remain today.', {
        errors: { quantity: ['The day limit of this product is 10 for a team; 3 remain today.'] },
      }),
    );
    expect((await order(tokyo, productId, 4, 'ru')).json()).toMatchObject({
      errors: { quantity: ['Дневной лимит этого товара — 10 на команду; сегодня осталось 3.'] },
    });
    expect(await teamDayRemainder(o.t.db, tokyo, productId, new Date('2026-03-10T14:59:00.000Z'))).toBe(3);
    o.setNow('2026-03-10T15:01:00.000Z'); // 00:01 on 11 March in Tokyo
    const nextDay = await order(tokyo, productId, 10);
    expect(nextDay.json()).toMatchObject({ data: { team_day: '2026-03-11' } });
    expect(await teamDayRemainder(o.t.db, tokyo, productId, new Date('2026-03-10T15:01:00.000Z'))).toBe(0);
  });

  it('counts on the team’s calendar day in New York, whose day starts hours after UTC’s', async () => {
    const { product: productId } = await product(o.t, { day_limit: 5 });
    const newYork = await team(o.t, { timezone: 'America/New_York' });
    const utc = await team(o.t, { timezone: 'UTC' });
    o.setNow('2026-01-15T04:59:00.000Z'); // 23:59 on 14 January in New York, already 15 January in UTC
    expect((await order(newYork, productId, 5)).json()).toMatchObject({ data: { team_day: '2026-01-14' } });
    expect((await order(utc, productId, 5)).json()).toMatchObject({ data: { team_day: '2026-01-15' } });
    expect((await order(newYork, productId, 1)).json()).toMatchObject({
      errors: { quantity: ['The day limit of this product is 5 for a team; 0 remain today.'] },
    });
    o.setNow('2026-01-15T05:01:00.000Z'); // 00:01 on 15 January in New York
    expect((await order(newYork, productId, 5)).json()).toMatchObject({ data: { team_day: '2026-01-15' } });
    expect((await order(utc, productId, 1)).statusCode).toBe(422);
  });

  it('leaves cancelled orders out', async () => {
    const { product: productId } = await product(o.t, { day_limit: 2 });
    const teamId = await team(o.t);
    const id = await o.t.create('orders', { team: teamId, product: productId, quantity: 2, user: buyer });
    expect((await order(teamId, productId, 1)).statusCode).toBe(422);
    expect((await act(o.t, id, 'cancel')).statusCode).toBe(200);
    expect((await order(teamId, productId, 2)).statusCode).toBe(201);
  });

  it('cannot be exceeded by concurrent orders', async () => {
    const { product: productId } = await product(o.t, { day_limit: 5 });
    const teamId = await team(o.t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => order(teamId, productId, 1)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(7);
    const { rows } = await o.t.db.query<{ units: string }>(
      'SELECT sum(quantity)::text AS units FROM shop.orders WHERE team = $1 AND product = $2',
      [teamId, productId],
    );
    expect(rows[0]?.units).toBe('5');
  });

  it('holds for orders the team bot places, which keep their source', async () => {
    const { product: productId } = await product(o.t, { day_limit: 3 });
    const teamId = await team(o.t);
    const input = {
      teamId,
      productId,
      quantity: 2,
      userId: buyer,
      source: 'bot' as const,
      botId: null,
      teamUser: '@ann (555)',
    };
    const placed = await placeOrder(o.records, input, { id: buyer, language: 'en' });
    expect(placed).toMatchObject({ source: 'bot', team_user: '@ann (555)', status: 'new', quantity: 2 });
    const refused = placeOrder(o.records, input, { id: buyer, language: 'en' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 422,
      errors: { quantity: ['The day limit of this product is 3 for a team; 1 remain today.'] },
    });
    expect(await teamDayRemainder(o.t.db, teamId, productId, new Date('2026-03-10T12:00:00.000Z'))).toBe(1);
    const unlimited = await product(o.t);
    expect(await teamDayRemainder(o.t.db, teamId, unlimited.product, new Date())).toBeNull();
  });
});
