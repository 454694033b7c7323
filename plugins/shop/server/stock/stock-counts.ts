import type { DerivedFields, Queryable, ResourceHooks } from '@core/sdk/server';
import { categoriesResource, productsResource } from '../../shared/resources';
import type { HandoutPolicy } from './reservation';

/**
 * `products.in_stock` and `categories.count` are derived fields: the free, not deleted positions
 * of the product, and of every product in the category. The engine writes them
 * (`records.refreshDerivedIn`) without bumping the product's or category's version, so an edit
 * dialog open on them never answers 409 for a recount nobody made there, and their history keeps
 * only people's edits.
 *
 * The engine locks the rows before it recounts, in id order, and recounts in a later statement
 * (whose snapshot then sees what a writer it waited for committed); products are refreshed before
 * their categories, so every writer takes its locks in the same order (no deadlock).
 */

const FREE_POSITIONS = `s.state = 'free' AND s.deleted_at IS NULL`;

/** The product's in_stock, declared with the products resource. */
export const productStockHooks: ResourceHooks = {
  derived: {
    in_stock: (product) =>
      `(SELECT count(*) FROM shop.positions s WHERE s.product = ${product}.id AND ${FREE_POSITIONS})`,
  },
};

/** The category's count, declared with the categories resource's other hooks. */
export const categoryCountDerived: DerivedFields = {
  count: (category) =>
    `(SELECT count(*) FROM shop.positions s JOIN shop.products p ON p.id = s.product WHERE p.category = ${category}.id AND ${FREE_POSITIONS})`,
};

const numberOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Recounts these products and their categories, and tells `lowStock` of the active products whose
 * free stock this recount took below their day limit (not of every later sale below it). Call it
 * in the transaction that changed positions' states, after the change.
 */
export async function refreshStockCounts(
  tx: Queryable,
  productIds: readonly number[],
  policy: Pick<HandoutPolicy, 'records' | 'lowStock'>,
): Promise<void> {
  if (productIds.length === 0) return;
  const recounted = await policy.records.refreshDerivedIn(tx, productsResource, productIds, ['in_stock']);
  const ids = recounted.map((change) => change.id);
  const { rows } = await tx.query<{
    id: string;
    category: string | null;
    name: string;
    day_limit: number | null;
    live: boolean;
  }>(
    `SELECT id::text AS id, category::text AS category, name, day_limit::int AS day_limit,
            (status = 'active' AND deleted_at IS NULL) AS live
       FROM shop.products WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  const products = new Map(rows.map((row) => [Number(row.id), row]));
  // Only the recount that takes a product from at or above its day limit to below it tells of it.
  const low = recounted.flatMap((change) => {
    const product = products.get(change.id);
    const was = numberOf(change.before.in_stock);
    const free = numberOf(change.after.in_stock);
    if (!product?.live || product.day_limit === null || was === null || free === null) return [];
    if (was < product.day_limit || free >= product.day_limit) return [];
    return [{ id: change.id, name: product.name, free, dayLimit: product.day_limit }];
  });
  const categories = rows.flatMap((row) => (row.category === null ? [] : [Number(row.category)]));
  await policy.records.refreshDerivedIn(tx, categoriesResource, categories, ['count']);
  if (low.length > 0) await policy.lowStock(tx, low);
}
