import { conflict, type Queryable, type ResourceHooks } from '@core/sdk/server';
import { positionsResource, productsResource } from '../../shared/resources';
import { formatProblem } from './line-format';
import { FORMAT_MISMATCH } from './messages';

/*
 * A category's format is what its free positions are handed out as, so it may change only to one
 * every free position of the category's products still fits: otherwise 409 with how many would
 * not (the stricter choice: a buyer never receives data laid out differently from what the
 * category says). Reserved, sold and defective positions keep the layout they were loaded with.
 */

/** Free positions of the category's products that do not fit `format`. */
async function misfits(tx: Queryable, categoryId: number, format: string): Promise<number> {
  const { rows } = await tx.query<{ data: string | null }>(
    `SELECT q.data FROM ${positionsResource.table} q JOIN ${productsResource.table} p ON p.id = q.product
      WHERE p.category = $1 AND q.state = 'free' AND q.deleted_at IS NULL`,
    [categoryId],
  );
  return rows.filter((row) => formatProblem(row.data ?? '', format) !== null).length;
}

export const categoryHooks: ResourceHooks = {
  async beforeWrite({ tx, action, id, before, values }) {
    if (action !== 'update' || id === null || typeof values.format !== 'string' || values.format === before?.format)
      return;
    const count = await misfits(tx, id, values.format);
    if (count > 0) throw conflict(FORMAT_MISMATCH.replace('{count}', String(count)));
  },
};
