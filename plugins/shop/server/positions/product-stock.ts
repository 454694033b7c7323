import type { Queryable } from '@core/sdk/server';
import { categoriesResource, positionsResource, productsResource } from '../../shared/resources';

/*
 * What the position rules and the bulk load read about a product and its positions. Data is only
 * ever compared inside PostgreSQL or in memory; it never leaves in an answer or a log.
 */

/** A product as positions need it: its name (the positions' title), status and its category's format. */
export interface ProductForPositions {
  readonly name: string;
  readonly status: string;
  readonly format: string;
}

/**
 * The product, not deleted, with its category's format; null when there is none. `lock` holds the
 * product's row and then its category's until the transaction ends (the stock counts' order:
 * products before categories), so two loads of one product cannot both add a line and the format
 * cannot change under a load (category-format-rule).
 */
export async function productForPositions(
  tx: Queryable,
  productId: number,
  lock: boolean,
): Promise<ProductForPositions | null> {
  const { rows } = await tx.query<ProductForPositions & { category: string }>(
    `SELECT p.name, p.status, p.category::text AS category, c.format
       FROM ${productsResource.table} p JOIN ${categoriesResource.table} c ON c.id = p.category
      WHERE p.id = $1 AND p.deleted_at IS NULL${lock ? ' FOR UPDATE OF p' : ''}`,
    [productId],
  );
  const found = rows[0];
  if (!found || !lock) return found ? { name: found.name, status: found.status, format: found.format } : null;
  const category = await tx.query<{ format: string }>(
    `SELECT format FROM ${categoriesResource.table} WHERE id = $1 FOR UPDATE`,
    [Number(found.category)],
  );
  return { name: found.name, status: found.status, format: category.rows[0]?.format ?? found.format };
}

/** Which of `data` the product already holds as positions that are not deleted (other than `exceptId`). */
export async function heldData(
  tx: Queryable,
  productId: number,
  data: readonly string[],
  exceptId: number | null = null,
): Promise<Set<string>> {
  if (data.length === 0) return new Set();
  const { rows } = await tx.query<{ data: string }>(
    `SELECT DISTINCT data FROM ${positionsResource.table}
      WHERE product = $1 AND deleted_at IS NULL AND data = ANY($2::text[]) AND id IS DISTINCT FROM $3::bigint`,
    [productId, data, exceptId],
  );
  return new Set(rows.map((row) => row.data));
}
