import type { Queryable } from '@core/sdk/server';
import type { LowStockAlert } from './low-stock';

/**
 * Recomputes `products.in_stock` and `categories.count` (free, not deleted positions) for these
 * products and their categories, and tells `lowStock` of the active products whose free stock this
 * recount took below their day limit. Call it in the transaction that changed positions' states,
 * after the change.
 *
 * Written with direct SQL, not through the engine: these are derived counters, not anybody's edit.
 * Going through the engine would bump the product's and category's versions (an edit dialog open on
 * them would then answer 409 for a change nobody made there) and fill their history with noise.
 *
 * The rows are locked first and counted in a later statement: a statement's snapshot is taken when
 * it starts, so a count taken while waiting for a concurrent writer's lock would miss what that
 * writer committed. Locking products before categories, in id order, keeps every writer in the
 * same order (no deadlock).
 */
export async function refreshStockCounts(
  tx: Queryable,
  productIds: readonly number[],
  lowStock: LowStockAlert,
): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.query('SELECT id FROM shop.products WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT c.id::text AS id FROM shop.categories c
      WHERE c.id IN (SELECT p.category FROM shop.products p WHERE p.id = ANY($1::bigint[]))
      ORDER BY c.id FOR UPDATE`,
    [ids],
  );
  // The count before is read in the same statement (the rows are ours, locked above), so only the
  // recount that takes a product below its day limit tells of it, not every later sale below it.
  const fell = await tx.query<{ id: string; name: string; free: number; day_limit: number }>(
    `WITH recounted AS (
       UPDATE shop.products p
          SET in_stock = (SELECT count(*) FROM shop.positions s WHERE s.product = p.id AND s.state = 'free' AND s.deleted_at IS NULL)
         FROM shop.products was
        WHERE p.id = ANY($1::bigint[]) AND was.id = p.id
        RETURNING p.id, p.name, p.in_stock, p.day_limit, p.status, p.deleted_at, was.in_stock AS was_in_stock
     )
     SELECT id::text AS id, name, in_stock::int AS free, day_limit::int AS day_limit FROM recounted
      WHERE day_limit IS NOT NULL AND in_stock < day_limit AND was_in_stock >= day_limit AND status = 'active' AND deleted_at IS NULL
      ORDER BY id`,
    [ids],
  );
  if (fell.rows.length > 0)
    await lowStock(
      tx,
      fell.rows.map((row) => ({ id: Number(row.id), name: row.name, free: row.free, dayLimit: row.day_limit })),
    );
  const categories = rows.map((row) => row.id);
  if (categories.length === 0) return;
  await tx.query(
    `UPDATE shop.categories c
        SET count = (SELECT count(*) FROM shop.positions s JOIN shop.products p ON p.id = s.product
                      WHERE p.category = c.id AND s.state = 'free' AND s.deleted_at IS NULL)
      WHERE c.id = ANY($1::bigint[])`,
    [categories],
  );
}
