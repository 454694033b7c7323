import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferPreview, TransferPreviewRow, TransferResult } from '@plugins/shop/shared/transfer';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { SHOP_CODES, shopApp, type ShopTestApp } from '../shop-support';
import { completedOrder, heldBy, person, team } from './transfer-support';

interface HistoryEntry {
  readonly action: string;
  readonly actor_id: number | null;
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
}

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

const preview = (body: unknown, codes = ['SM'] as const) => t.shop([...codes], 'POST', 'transfer/preview', body);
const transfer = (body: unknown) => t.shop(['SM'], 'POST', 'transfer', body);
const rowsOf = (answer: { json: <T>() => T }) => answer.json<{ data: TransferPreview }>().data.rows;
const versionOf = async (order: number) =>
  (await t.shop(['SO'], 'GET', `orders/${order}`)).json<{ data: { version: number } }>().data.version;
const historyOf = async (path: string) => (await t.shop(SHOP_CODES, 'GET', path)).json<{ data: HistoryEntry[] }>().data;

describe('access', () => {
  it('answers 403 to every transfer route without SM', async () => {
    const others = SHOP_CODES.filter((code) => code !== 'SM');
    const calls = [
      ['POST', 'transfer/preview', { orders: [1], to_user: 1 }],
      ['POST', 'transfer', { orders: [1], to_user: 1, versions: { 1: 1 } }],
      ['GET', 'transfer/orders?user=1'],
      ['GET', 'transfer/users/1/history'],
      ['GET', 'references/transfer/users?q=a'],
      ['GET', 'references/transfer/teams?q=a'],
    ] as const;
    for (const [method, path, body] of calls)
      expect((await t.shop(others, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
  });
});

describe('strict bodies', () => {
  it.each([
    ['orders as text', { orders: ['1'], to_user: 1 }],
    ['an order id as text', { orders: 1, to_user: 1 }],
    ['no orders', { orders: [], to_user: 1 }],
    ['a user id as text', { orders: [1], to_user: '1' }],
    ['a fraction', { orders: [1.5], to_user: 1 }],
    ['an unknown field', { orders: [1], to_user: 1, note: 'x' }],
    ['no target', { orders: [1] }],
    ['an order twice', { orders: [1, 1], to_user: 1 }],
  ])('refuses %s with 422', async (_name, body) => {
    expect((await preview(body)).statusCode).toBe(422);
  });

  it('refuses a target that does not exist, on its field', async () => {
    const user = await person(t);
    const answer = await preview({ orders: [1], to_user: 999_999 });
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ errors: Record<string, string[]> }>().errors.to_user).toEqual([
      'There is no such user to transfer to.',
    ]);
    expect(
      (await preview({ orders: [1], to_user: user, to_team: 999_999 })).json<{ errors: Record<string, string[]> }>()
        .errors.to_team,
    ).toEqual(['There is no such team to transfer to.']);
  });

  it('wants exactly one version per order, as whole numbers', async () => {
    const user = await person(t);
    for (const body of [
      { orders: [1], to_user: user },
      { orders: [1], to_user: user, versions: {} },
      { orders: [1], to_user: user, versions: { 1: '1' } },
      { orders: [1], to_user: user, versions: { 1: 1, 2: 1 } },
      { orders: [1], to_user: user, versions: { x: 1 } },
    ]) {
      expect((await transfer(body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('preview', () => {
  it('shows each order with its buyer and team now and after, and its positions', async () => {
    const [ann, bob] = [await person(t, 'ann'), await person(t, 'bob')];
    const [red, blue] = [await team(t), await team(t)];
    const { order } = await completedOrder(t, ann, red, 3);
    const answer = await preview({ orders: [order], to_user: bob, to_team: blue });
    expect(answer.statusCode).toBe(200);
    const [row] = rowsOf(answer);
    expect(row).toMatchObject({
      order,
      from_user: { id: ann, label: expect.stringMatching(/^ann-/) },
      from_team: { id: red },
      to_user: { id: bob, label: expect.stringMatching(/^bob-/) },
      to_team: { id: blue },
      positions: 3,
      refusal: null,
    } satisfies Partial<Record<keyof TransferPreviewRow, unknown>>);
    expect(answer.json<{ data: TransferPreview }>().data).toMatchObject({ movable: 1, positions: 3 });
    // A preview changes nothing.
    expect((await heldBy(t, order)).every((position) => position.owner === ann)).toBe(true);
  });

  it('says why an order cannot move', async () => {
    const [ann, bob] = [await person(t, 'ann'), await person(t, 'bob')];
    const red = await team(t);
    const done = await completedOrder(t, ann, red, 1);
    const already = await completedOrder(t, bob, red, 1);
    const deleted = await completedOrder(t, ann, red, 1);
    expect((await t.shop(SHOP_CODES, 'DELETE', `orders/${deleted.order}`)).statusCode).toBe(200);
    const moved = await completedOrder(t, ann, red, 2);
    // One of its positions went to someone else since.
    await t.db.query('UPDATE shop.positions SET owner = $1 WHERE id = $2', [bob, moved.positions[0]]);
    const fresh = await t.create('orders', { team: red, product: done.product, quantity: 1, user: ann });

    const rows = rowsOf(
      await preview({
        orders: [done.order, already.order, deleted.order, moved.order, fresh, 9_999_999],
        to_user: bob,
      }),
    );
    expect(rows.map((row) => [row.order, row.refusal])).toEqual([
      [done.order, null],
      [already.order, 'unchanged'],
      [deleted.order, 'deleted'],
      [moved.order, 'positionsElsewhere'],
      [fresh, 'notCompleted'],
      [9_999_999, 'notFound'],
    ]);
  });
});

describe('transfer', () => {
  it('moves the orders and their positions to the new buyer, in the order history and both users’ histories', async () => {
    const [ann, bob] = [await person(t, 'ann'), await person(t, 'bob')];
    const red = await team(t);
    const first = await completedOrder(t, ann, red, 2);
    const second = await completedOrder(t, ann, red, 1);
    const versions = { [first.order]: await versionOf(first.order), [second.order]: await versionOf(second.order) };

    const answer = await transfer({ orders: [first.order, second.order], to_user: bob, versions });
    expect(answer.statusCode).toBe(200);
    const result = answer.json<{ data: TransferResult }>().data;
    expect(result.positions).toBe(3);
    expect(result.orders).toEqual([
      { id: first.order, version: (versions[first.order] ?? 0) + 1 },
      { id: second.order, version: (versions[second.order] ?? 0) + 1 },
    ]);

    const order = (await t.shop(['SO'], 'GET', `orders/${first.order}`)).json<{
      data: { user: number; team: number; status: string };
    }>().data;
    expect(order).toMatchObject({ user: bob, team: red, status: 'completed' });
    expect((await heldBy(t, first.order)).map((position) => position.owner)).toEqual([bob, bob]);

    const [orderEntry] = await historyOf(`orders/${first.order}/history`);
    expect(orderEntry).toMatchObject({ action: 'transfer', actor_id: 1, before: { user: ann }, after: { user: bob } });
    const [positionEntry] = await historyOf(`positions/${first.positions[0]}/history`);
    expect(positionEntry).toMatchObject({ action: 'transfer', before: { owner: ann }, after: { owner: bob } });

    const annHistory = await historyOf(`transfer/users/${ann}/history`);
    const bobHistory = await historyOf(`transfer/users/${bob}/history`);
    expect(annHistory.map((entry) => [entry.action, entry.after?.order])).toEqual([
      ['transfer-out', second.order],
      ['transfer-out', first.order],
    ]);
    expect(bobHistory.map((entry) => [entry.action, entry.after?.order])).toEqual([
      ['transfer-in', second.order],
      ['transfer-in', first.order],
    ]);
    expect(bobHistory.at(-1)).toMatchObject({
      actor_id: 1,
      before: { user: ann, team: red, positions: 2 },
      after: { user: bob, team: red, positions: 2 },
    });
  });

  it('moves an order to another team, keeping its buyer and positions', async () => {
    const ann = await person(t, 'ann');
    const [red, blue] = [await team(t), await team(t)];
    const { order } = await completedOrder(t, ann, red, 1);
    const answer = await transfer({ orders: [order], to_team: blue, versions: { [order]: await versionOf(order) } });
    expect(answer.statusCode).toBe(200);
    expect(
      (await t.shop(['SO'], 'GET', `orders/${order}`)).json<{ data: { user: number; team: number } }>().data,
    ).toMatchObject({ user: ann, team: blue });
    expect((await heldBy(t, order)).map((position) => position.owner)).toEqual([ann]);
    const [entry] = await historyOf(`transfer/users/${ann}/history`);
    expect(entry).toMatchObject({ action: 'transfer-out', before: { team: red }, after: { team: blue, user: ann } });
  });

  it('moves nothing when one order is stale or cannot move (409)', async () => {
    const [ann, bob] = [await person(t, 'ann'), await person(t, 'bob')];
    const red = await team(t);
    const first = await completedOrder(t, ann, red, 1);
    const second = await completedOrder(t, ann, red, 1);
    const stale = await transfer({
      orders: [first.order, second.order],
      to_user: bob,
      versions: { [first.order]: await versionOf(first.order), [second.order]: 1_000 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe('This record was changed by someone else');

    const fresh = await t.create('orders', { team: red, product: first.product, quantity: 1, user: ann });
    const refused = await t.shop(
      ['SM'],
      'POST',
      'transfer',
      {
        orders: [first.order, fresh],
        to_user: bob,
        versions: { [first.order]: await versionOf(first.order), [fresh]: 1 },
      },
      undefined,
      {
        'accept-language': 'ru',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Заказ #${fresh} не выполнен: передаются только выполненные заказы.`,
    );

    for (const { order } of [first, second])
      expect((await heldBy(t, order)).map((position) => position.owner)).toEqual([ann]);
    expect(await historyOf(`transfer/users/${bob}/history`)).toEqual([]);
  });
});

describe('the page’s lists', () => {
  it('lists one buyer’s completed orders, and the people and teams to pick', async () => {
    const ann = await person(t, 'picky');
    const red = await team(t, { users: [ann] });
    const { order, product } = await completedOrder(t, ann, red, 1);
    await t.create('orders', { team: red, product, quantity: 1, user: ann });
    const listed = await t.shop(['SM'], 'GET', `transfer/orders?user=${ann}&per_page=10`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: { data: { id: number }[]; total: number } }>().data).toMatchObject({
      total: 1,
      data: [{ id: order }],
    });
    expect(
      (await t.shop(['SM'], 'GET', `transfer/orders?team=${red}`)).json<{ data: { total: number } }>().data.total,
    ).toBe(1);
    expect((await t.shop(['SM'], 'GET', 'transfer/orders')).statusCode).toBe(422);
    expect((await t.shop(['SM'], 'GET', `transfer/orders?user=${ann}&team=${red}`)).statusCode).toBe(422);

    const people = (await t.shop(['SM'], 'GET', 'references/transfer/users?q=PICKY')).json<{
      data: { id: number; label: string }[];
    }>().data;
    expect(people.map((option) => option.id)).toEqual([ann]);
    const labels = (await t.shop(['SM'], 'GET', `references/transfer/users?ids=${ann}`)).json<{
      data: { id: number }[];
    }>().data;
    expect(labels.map((option) => option.id)).toEqual([ann]);
    const teams = (await t.shop(['SM'], 'GET', `references/transfer/teams?ids=${red}`)).json<{
      data: { id: number }[];
    }>().data;
    expect(teams.map((option) => option.id)).toEqual([red]);
  });
});
