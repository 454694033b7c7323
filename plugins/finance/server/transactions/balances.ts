import type { Queryable } from '@core/server/database/database';

/**
 * A wallet's balance is derived from its transactions: Σ amounts of income articles − Σ amounts
 * of expense articles − Σ commissions, in the wallet's currency. It is written in the same
 * database transaction as every change to a transaction: the wallet rows are locked first (in id
 * order, so two writers never deadlock) and the sum is then taken by a fresh statement, which
 * under READ COMMITTED sees every transaction committed before the lock was granted. Two writers
 * on one wallet therefore queue, and the later one counts the earlier one's row.
 */

/** The signed effect of one transaction on its wallet, as SQL over `t` (transactions) and `a` (articles). */
export const CONTRIBUTION_SQL = `(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - coalesce(t.commission, 0))`;

export async function lockWallets(tx: Queryable, walletIds: readonly number[]): Promise<void> {
  const ids = [...new Set(walletIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.query('SELECT id FROM finance.wallets WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
}

/** Locks the wallets, then sets each balance to the sum of its transactions. */
export async function refreshBalances(tx: Queryable, walletIds: readonly number[]): Promise<void> {
  const ids = [...new Set(walletIds)];
  if (ids.length === 0) return;
  await lockWallets(tx, ids);
  await tx.query(
    `UPDATE finance.wallets AS w
        SET balance = coalesce((SELECT trim_scale(sum(${CONTRIBUTION_SQL})) FROM finance.transactions t
                                  JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = w.id), 0),
            balance_currency = w.currency
      WHERE w.id = ANY($1::bigint[])`,
    [ids],
  );
}

/** Every wallet's balance recomputed (after demo seeding, or an article changing direction). */
export async function refreshAllBalances(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: number }>('SELECT id::int AS id FROM finance.wallets ORDER BY id');
  await refreshBalances(
    tx,
    rows.map((row) => row.id),
  );
}

/** Wallets holding transactions booked on an article (its direction changed: their balances move). */
export async function walletsUsingArticle(tx: Queryable, articleId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('SELECT DISTINCT wallet_id::int AS id FROM finance.transactions WHERE article_id = $1', [articleId]);
  return rows.map((row) => row.id);
}
