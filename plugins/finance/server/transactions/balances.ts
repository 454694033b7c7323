import type { Queryable } from '@core/sdk/server';

/**
 * A wallet's balance is derived from its transactions: Σ amounts of income articles − Σ amounts
 * of expense articles − Σ commissions, in the wallet's currency. It is written in the same
 * database transaction as every change to a transaction: the wallet rows are locked first (in id
 * order, so two writers never deadlock), then the balance moves by the change's own effect (the
 * old row's contribution out, the new row's in), so a write costs the same however many
 * transactions the wallet holds. Two writers on one wallet queue on the lock, and each adds to
 * the balance the other committed. `refreshBalances` recomputes the whole sum (after an article
 * changes direction, or rows written without the hooks, such as demo data).
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

/** Wallets holding transactions booked on an article (its direction changed: their balances move). */
export async function walletsUsingArticle(tx: Queryable, articleId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT DISTINCT wallet_id::int AS id FROM finance.transactions WHERE article_id = $1',
    [articleId],
  );
  return rows.map((row) => row.id);
}

/** One transaction as the engine's snapshot shows it (money in wire form). */
export interface BalanceEntry {
  readonly wallet_id: number;
  readonly article_id: number;
  readonly amount: string;
  readonly commission: string | null;
}

/**
 * Moves the balances of the wallets involved by `after`'s contribution minus `before`'s (either
 * may be absent: create, delete). The wallets must already be locked by the caller.
 */
export async function applyBalanceChange(
  tx: Queryable,
  before: BalanceEntry | null,
  after: BalanceEntry | null,
): Promise<void> {
  const parts = [...(before ? [{ ...before, sign: -1 }] : []), ...(after ? [{ ...after, sign: 1 }] : [])];
  if (parts.length === 0) return;
  await tx.query(
    `WITH t(wallet_id, article_id, amount, commission, sign) AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::numeric[], $4::numeric[], $5::int[])
     ), deltas AS (
       SELECT t.wallet_id, sum(t.sign * ${CONTRIBUTION_SQL}) AS delta
         FROM t JOIN finance.articles a ON a.id = t.article_id GROUP BY t.wallet_id
     )
     UPDATE finance.wallets AS w SET balance = trim_scale(coalesce(w.balance, 0) + d.delta), balance_currency = w.currency
       FROM deltas d WHERE w.id = d.wallet_id`,
    [
      parts.map((part) => part.wallet_id),
      parts.map((part) => part.article_id),
      parts.map((part) => part.amount),
      parts.map((part) => part.commission),
      parts.map((part) => part.sign),
    ],
  );
}
