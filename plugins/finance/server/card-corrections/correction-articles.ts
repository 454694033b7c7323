import type { Actor, Queryable, RecordWriter } from '@core/sdk/server';
import { CORRECTION_ARTICLE_CODES } from '../../shared/card-corrections';
import { articlesResource, type ArticleDirection } from '../../shared/resources';

/**
 * The articles adjusting transactions are booked under: income when the statement shows more than
 * the books, expense when less. Found by code among live articles; the first approval creates a
 * missing one through the engine (audited like any article).
 */

const ARTICLE_NAMES: Readonly<Record<ArticleDirection, string>> = {
  income: 'Card correction (income)',
  expense: 'Card correction (expense)',
};

export async function correctionArticle(
  tx: Queryable,
  records: Pick<RecordWriter, 'createIn'>,
  direction: ArticleDirection,
  actor: Actor,
): Promise<number> {
  const code = CORRECTION_ARTICLE_CODES[direction];
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id::int AS id FROM finance.articles WHERE code = $1 AND direction = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    [code, direction],
  );
  const found = rows[0];
  if (found) return found.id;
  const created = await records.createIn(
    tx,
    articlesResource,
    { name: ARTICLE_NAMES[direction], code, direction, comment: null, is_active: true },
    actor,
  );
  return created.id;
}
