import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';
import { bulk, counts, stockFixture, storedPositions, type StockFixture } from './positions-support';

/** Manual edits of positions and of their categories' format. */

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

/** A fixture with the given lines loaded; their ids in line order. */
async function loaded(lines: readonly string[], format?: string): Promise<StockFixture & { ids: number[] }> {
  const fixture = await stockFixture(t, format);
  expect((await bulk(t, { product: fixture.product, lines: lines.join('\n') })).statusCode).toBe(200);
  return { ...fixture, ids: (await storedPositions(t, fixture.product)).map((position) => position.id) };
}

const handOut = (id: number, state: 'reserved' | 'sold') =>
  t.db.query(`UPDATE shop.positions SET state = $2, owner = 1 WHERE id = $1`, [id, state]);

describe('the positions list', () => {
  it('holds 20 rows a page unless asked for another size, as every list does', async () => {
    const fixture = await stockFixture(t);
    expect(
      (
        await bulk(t, {
          product: fixture.product,
          lines: Array.from({ length: 21 }, (_, index) => `user${index}:pw:user${index}@example.com`).join('\n'),
        })
      ).statusCode,
    ).toBe(200);
    const page = await t.shop(['SQ'], 'GET', `positions?filter[product][eq]=${fixture.product}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: { per_page: number; data: unknown[] } }>().data).toMatchObject({
      per_page: 20,
      data: expect.any(Array),
    });
    expect(page.json<{ data: { data: unknown[] } }>().data.data).toHaveLength(20);
    expect((await t.shop(['SQ'], 'GET', 'positions?per_page=250')).statusCode).toBe(200);
  });
});

describe('creating one position', () => {
  it('checks the format and the product’s positions, titles it and counts it', async () => {
    const fixture = await loaded(['a:b:c@example.com']);
    const refused = await t.shop(['SQ'], 'POST', 'positions', { product: fixture.product, data: 'a:b', state: 'free' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { data: ['Expected 3 parts separated by colons (login:password:email), found 2.'] },
    });
    const twice = await t.shop(['SQ'], 'POST', 'positions', {
      product: fixture.product,
      data: ' a:b:c@example.com ',
      state: 'free',
    });
    expect(twice.json()).toMatchObject({ errors: { data: ['The product already has a position with this data.'] } });
    const sold = await t.shop(['SQ'], 'POST', 'positions', { product: fixture.product, data: 'x:y:z', state: 'sold' });
    expect(sold.json()).toMatchObject({
      errors: { state: ['Only free and defective can be set here: orders reserve and sell positions.'] },
    });
    const created = await t.shop(['SQ'], 'POST', 'positions', {
      product: fixture.product,
      data: ' x:y:z ',
      state: 'free',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: { title: string } }>().data.title).toMatch(/^Farm account \d+$/);
    expect((await storedPositions(t, fixture.product)).map((position) => position.data)).toEqual([
      'a:b:c@example.com',
      'x:y:z',
    ]);
    expect(await counts(t, fixture)).toEqual({ inStock: 2, category: 2 });
  });

  it('refuses an archived product', async () => {
    const fixture = await stockFixture(t);
    await t.patch(`products/${fixture.product}`, { status: 'archived' });
    const answer = await t.shop(['SQ'], 'POST', 'positions', {
      product: fixture.product,
      data: 'x:y:z',
      state: 'free',
    });
    expect(answer.json()).toMatchObject({
      errors: { product: ['The product is archived: no positions can be added to it.'] },
    });
  });
});

describe('editing a position', () => {
  it('moves a free position to defective and back, counting it', async () => {
    const fixture = await loaded(['a:b:c', 'd:e:f']);
    const [first] = fixture.ids;
    expect((await t.patch(`positions/${first}`, { state: 'defective' })).statusCode).toBe(200);
    expect(await counts(t, fixture)).toEqual({ inStock: 1, category: 1 });
    expect((await t.patch(`positions/${first}`, { state: 'free' })).statusCode).toBe(200);
    expect(await counts(t, fixture)).toEqual({ inStock: 2, category: 2 });
  });

  it('never sets reserved or sold by hand', async () => {
    const fixture = await loaded(['a:b:c']);
    for (const state of ['reserved', 'sold']) {
      const answer = await t.patch(`positions/${fixture.ids[0]}`, { state });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({
        errors: { state: ['Only free and defective can be set here: orders reserve and sell positions.'] },
      });
    }
  });

  it('leaves a reserved or sold position to its order: 409 for an edit or a delete', async () => {
    const fixture = await loaded(['a:b:c', 'd:e:f']);
    const [reserved, sold] = fixture.ids as [number, number];
    await handOut(reserved, 'reserved');
    await handOut(sold, 'sold');
    for (const id of [reserved, sold]) {
      for (const values of [{ state: 'free' }, { state: 'defective' }, { data: 'g:h:i' }]) {
        const answer = await t.patch(`positions/${id}`, values);
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toMatchObject({
          message: 'This position belongs to an order: only the order changes it.',
        });
      }
      expect((await t.shop(SHOP_CODES, 'DELETE', `positions/${id}`)).statusCode).toBe(409);
    }
    expect((await storedPositions(t, fixture.product)).map((position) => position.state)).toEqual(['reserved', 'sold']);
  });

  it('moves a free position to another product, retitled, counting both; not once it is defective', async () => {
    const from = await loaded(['a:b:c', 'd:e:f']);
    const to = await stockFixture(t);
    const [moving, broken] = from.ids as [number, number];
    const moved = await t.patch(`positions/${moving}`, { product: to.product });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: { title: string } }>().data.title).toBe(
      (await t.shop(SHOP_CODES, 'GET', `products/${to.product}`)).json<{ data: { name: string } }>().data.name,
    );
    expect(await counts(t, from)).toEqual({ inStock: 1, category: 1 });
    expect(await counts(t, to)).toEqual({ inStock: 1, category: 1 });
    await t.patch(`positions/${broken}`, { state: 'defective' });
    const refused = await t.patch(`positions/${broken}`, { product: to.product });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'The product can be changed only while the position is free.' });
  });

  it('refuses a move to a product that holds the same data or whose format it does not fit', async () => {
    const from = await loaded(['a:b:c']);
    const holder = await loaded(['a:b:c']);
    const tokens = await stockFixture(t, 'login:password:email:phone');
    expect((await t.patch(`positions/${from.ids[0]}`, { product: holder.product })).json()).toMatchObject({
      errors: { data: ['The product already has a position with this data.'] },
    });
    expect((await t.patch(`positions/${from.ids[0]}`, { product: tokens.product })).json()).toMatchObject({
      errors: { data: ['Expected 4 parts separated by colons (login:password:email:phone), found 3.'] },
    });
  });

  it('counts a deleted free position out and a restored one back in, unless its data came back meanwhile', async () => {
    const fixture = await loaded(['a:b:c', 'd:e:f']);
    const [first] = fixture.ids as [number];
    expect((await t.shop(SHOP_CODES, 'DELETE', `positions/${first}`)).statusCode).toBe(200);
    expect(await counts(t, fixture)).toEqual({ inStock: 1, category: 1 });
    expect((await t.shop(SHOP_CODES, 'POST', `positions/${first}/restore`)).statusCode).toBe(200);
    expect(await counts(t, fixture)).toEqual({ inStock: 2, category: 2 });
    await t.shop(SHOP_CODES, 'DELETE', `positions/${first}`);
    expect((await bulk(t, { product: fixture.product, lines: 'a:b:c' })).statusCode).toBe(200);
    const restore = await t.shop(SHOP_CODES, 'POST', `positions/${first}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toMatchObject({ message: 'The product already has a position with this data.' });
  });
});

describe("a category's format", () => {
  it('changes only to one every free position fits, saying how many would not', async () => {
    const fixture = await loaded(['a:b:c', 'd:e:f', 'g:h:i']);
    await t.patch(`positions/${fixture.ids[2]}`, { state: 'defective' });
    // Two parts fit: the last takes the rest of the line. Four do not fit the two free ones (the defective one is not asked).
    expect((await t.patch(`categories/${fixture.category}`, { format: 'login:rest' })).statusCode).toBe(200);
    const refused = await t.patch(`categories/${fixture.category}`, { format: 'a:b:c:d' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Free positions not matching the new format: 2. Change or remove them first.',
    });
    const inRussian = await t.shop(
      SHOP_CODES,
      'PATCH',
      `categories/${fixture.category}`,
      { format: 'a:b:c:d', version: 2 },
      undefined,
      { 'accept-language': 'ru' },
    );
    expect(inRussian.json()).toMatchObject({
      message: 'Свободных позиций, не подходящих под новый формат: 2. Сначала измените или удалите их.',
    });
    expect((await t.patch(`categories/${fixture.category}`, { comment: 'format unchanged' })).statusCode).toBe(200);
  });
});
