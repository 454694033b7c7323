import { addUser } from '@core/sdk/testing';
import { stockFixture } from '../positions/positions-support';
import type { ShopTestApp } from '../shop-support';

let people = 0;

/** A staff account of its own (a buyer); its id. */
export function person(t: ShopTestApp, name = 'buyer'): Promise<number> {
  people++;
  return addUser(t.db, {
    username: `${name}-${people}`,
    email: `${name}-${people}@example.com`,
    password: 'Secret-password-1',
  });
}

let teams = 0;

/** An agency team (with a bot when given); its id. */
export function team(t: ShopTestApp, values: Readonly<Record<string, unknown>> = {}): Promise<number> {
  teams++;
  return t.create('teams', { name: `Team ${teams}`, timezone: 'UTC', ...values });
}

export interface OrderFixture {
  readonly order: number;
  readonly product: number;
  readonly positions: readonly number[];
}

/**
 * An order of `quantity` units for `user` in `team`, completed as the order engine leaves one:
 * status completed, every unit handed out, its positions reserved for the buyer.
 */
export async function completedOrder(
  t: ShopTestApp,
  user: number,
  teamId: number,
  quantity = 2,
  values: Readonly<Record<string, unknown>> = {},
): Promise<OrderFixture> {
  const { product } = await stockFixture(t);
  const positions: number[] = [];
  for (let unit = 0; unit < quantity; unit++)
    positions.push(await t.create('positions', { product, state: 'free', data: `login${unit}:pass:mail@example.com` }));
  const order = await t.create('orders', { team: teamId, product, quantity, user, ...values });
  const completed = await t.shop(['SO'], 'POST', `orders/${order}/complete`, {});
  if (completed.statusCode !== 200) throw new Error(`order not completed: ${completed.statusCode} ${completed.body}`);
  return { order, product, positions };
}

/** The order's positions as stored: owner and state, in id order. */
export async function heldBy(
  t: ShopTestApp,
  order: number,
): Promise<{ id: number; owner: number | null; state: string }[]> {
  const { rows } = await t.db.query<{ id: string; owner: string | null; state: string }>(
    `SELECT id::text AS id, owner::text AS owner, state FROM shop.positions WHERE "order" = $1 ORDER BY id`,
    [order],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    owner: row.owner === null ? null : Number(row.owner),
    state: row.state,
  }));
}
