import type { LightMyRequestResponse } from 'fastify';
import type { PermissionCode } from '@core/sdk/shared';
import type { ShopTestApp } from '../shop-support';

/** A category with a format and a product of it, made through the API. */
export interface StockFixture {
  readonly category: number;
  readonly product: number;
}

let made = 0;

/** A fresh category (format `login:password:email` unless given) and an active product of it. */
export async function stockFixture(t: ShopTestApp, format = 'login:password:email'): Promise<StockFixture> {
  made++;
  const category = await t.create('categories', { name: `Accounts ${made}`, format });
  const product = await t.create('products', {
    name: `Farm account ${made}`,
    price: { amount: '10.00', currency: 'USD' },
    category,
    status: 'active',
    type: 'ad-account',
  });
  return { category, product };
}

/** `POST positions/bulk` as a holder of `codes` (SQ by default). */
export function bulk(
  t: ShopTestApp,
  body: unknown,
  codes: readonly PermissionCode[] = ['SQ'],
  headers: Readonly<Record<string, string>> = {},
): Promise<LightMyRequestResponse> {
  return t.shop(codes, 'POST', 'positions/bulk', body, undefined, headers);
}

/** The product's positions that are not deleted, as stored: id, data and state, in id order. */
export async function storedPositions(
  t: ShopTestApp,
  product: number,
): Promise<{ id: number; data: string; state: string }[]> {
  const { rows } = await t.db.query<{ id: string; data: string; state: string }>(
    'SELECT id::text AS id, data, state FROM shop.positions WHERE product = $1 AND deleted_at IS NULL ORDER BY id',
    [product],
  );
  return rows.map((row) => ({ id: Number(row.id), data: row.data, state: row.state }));
}

/** The product's and its category's free counts as the stock engine keeps them. */
export async function counts(t: ShopTestApp, fixture: StockFixture): Promise<{ inStock: number; category: number }> {
  const product = await t.db.query<{ n: string }>('SELECT in_stock::text AS n FROM shop.products WHERE id = $1', [
    fixture.product,
  ]);
  const category = await t.db.query<{ n: string }>('SELECT count::text AS n FROM shop.categories WHERE id = $1', [
    fixture.category,
  ]);
  return { inStock: Number(product.rows[0]?.n), category: Number(category.rows[0]?.n) };
}
