import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, DB_TIMEOUT, storedNotifications } from '@core/sdk/testing';
import { storedPositions } from './positions/positions-support';
import { person, team } from './transfer/transfer-support';
import { act, ordersApp, product, stock, type OrdersTestApp } from './orders/orders-support';

/*
 * The shop's low-stock source: the recount that takes a product's free stock below its day limit
 * tells the holders of SP, once per product and day, whichever writer moved the stock (a position
 * marked defective by hand, an order completed).
 */

const SOURCE = 'shop.low-stock';

let o: OrdersTestApp;
let keeper: number;
let clerk: number;
beforeAll(async () => {
  o = await ordersApp('2026-03-10T12:00:00.000Z');
  keeper = await addUser(o.t.db, {
    username: 'stock-keeper',
    email: 'keeper@example.com',
    password: 'keeper-password-1',
    codes: ['SP'],
  });
  clerk = await addUser(o.t.db, {
    username: 'order-clerk',
    email: 'clerk@example.com',
    password: 'clerk-password-1',
    codes: ['SO', 'SQ'],
  });
}, DB_TIMEOUT);
afterAll(() => o.t.close());

const noticesAbout = async (productId: number) =>
  (await storedNotifications(o.t.db, SOURCE)).filter((notice) => notice.link === `/products/${productId}`);

async function markAs(position: number, state: 'free' | 'defective'): Promise<void> {
  const answer = await o.t.patch(`positions/${position}`, { state });
  expect(answer.statusCode, answer.body).toBe(200);
}
const markDefective = (position: number) => markAs(position, 'defective');
const markFree = (position: number) => markAs(position, 'free');

describe('low stock', { timeout: DB_TIMEOUT }, () => {
  it('tells the holders of SP when free stock falls below the day limit, once: not on the sales below it, nor again that day', async () => {
    const fixture = await product(o.t, { day_limit: 3, name: 'Farm account BM' });
    await stock(o.t, fixture.product, 5);
    const positions = await storedPositions(o.t, fixture.product);
    await markDefective(positions[0]!.id);
    await markDefective(positions[1]!.id);
    expect(await noticesAbout(fixture.product)).toEqual([]);

    await markDefective(positions[2]!.id);
    const told = await noticesAbout(fixture.product);
    expect(told).toEqual([
      {
        user: keeper,
        title: {
          en: 'Low stock: Farm account BM has 2 free, below its day limit of 3',
          ru: 'Мало на складе: у товара «Farm account BM» свободно 2 — меньше дневного лимита 3',
        },
        text: {
          en: 'A team may order up to 3 a day. Load more positions of this product.',
          ru: 'Команда может заказать до 3 в день. Загрузите ещё позиции этого товара.',
        },
        link: `/products/${fixture.product}`,
        severity: 'warning',
      },
    ]);
    expect(told.some((notice) => notice.user === clerk)).toBe(false);

    // Further down, and back up then down again the same day: no second notice.
    await markDefective(positions[3]!.id);
    await markFree(positions[0]!.id);
    await markFree(positions[1]!.id);
    await markDefective(positions[0]!.id);
    expect(await noticesAbout(fixture.product)).toHaveLength(1);

    // The next day's fall is news again.
    o.setNow('2026-03-11T09:00:00.000Z');
    await markFree(positions[0]!.id);
    await markDefective(positions[0]!.id);
    expect(await noticesAbout(fixture.product)).toHaveLength(2);
  });

  it('tells when an order takes the stock below the limit', async () => {
    const fixture = await product(o.t, { day_limit: 2 });
    await stock(o.t, fixture.product, 3);
    const order = await o.t.create('orders', {
      team: await team(o.t),
      product: fixture.product,
      quantity: 2,
      user: await person(o.t),
    });
    expect((await act(o.t, order, 'complete')).statusCode).toBe(200);
    expect((await noticesAbout(fixture.product)).map((notice) => notice.title.en)).toEqual([
      expect.stringMatching(/has 1 free, below its day limit of 2$/),
    ]);
  });

  it('stays silent for a product without a day limit', async () => {
    const fixture = await product(o.t);
    await stock(o.t, fixture.product, 1);
    await markDefective((await storedPositions(o.t, fixture.product))[0]!.id);
    expect(await noticesAbout(fixture.product)).toEqual([]);
  });
});
