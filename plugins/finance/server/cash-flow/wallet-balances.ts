import { addDecimals, canonicalDecimal, multiplyDecimals, roundDecimal } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import type { CashFlowBalances, CashFlowQuery, WalletBalance } from '../../shared/cash-flow';
import { AMOUNT_SCALE, rateOn } from '../money/usd';
import { CONTRIBUTION_SQL } from '../transactions/balances';
import { shiftDay } from './period';

/**
 * Each live wallet's balance (Σ income − Σ expense − Σ commissions, in its currency) from the
 * transactions paid on or before the day before the period and on or before its last day, and in
 * dollars at each day's rate. Only the wallet filter applies: a balance is the whole wallet's.
 */
export async function walletBalances(db: Queryable, query: CashFlowQuery): Promise<CashFlowBalances> {
  const openingDate = shiftDay(query.from, -1);
  const params: unknown[] = [openingDate, query.to];
  if (query.wallet_id !== undefined) params.push(query.wallet_id);
  const { rows } = await db.query<{
    wallet_id: number;
    name: string;
    currency: string;
    opening: string;
    closing: string;
  }>(
    `SELECT w.id::int AS wallet_id, w.name, w.currency,
            trim_scale(coalesce(sum(${CONTRIBUTION_SQL}) FILTER (WHERE t.date_fact <= $1::date), 0))::text AS opening,
            trim_scale(coalesce(sum(${CONTRIBUTION_SQL}) FILTER (WHERE t.date_fact <= $2::date), 0))::text AS closing
       FROM finance.wallets w
       LEFT JOIN finance.transactions t ON t.wallet_id = w.id
       LEFT JOIN finance.articles a ON a.id = t.article_id
      WHERE w.deleted_at IS NULL${query.wallet_id === undefined ? '' : ' AND w.id = $3'}
      GROUP BY w.id, w.name, w.currency
      ORDER BY w.name, w.id`,
    params,
  );
  const rates = new Map<string, Promise<string | null>>();
  const usd = async (amount: string, currency: string, day: string): Promise<string | null> => {
    const id = `${currency}:${day}`;
    const rate = rates.get(id) ?? rateOn(db, currency, day);
    rates.set(id, rate);
    const known = await rate;
    return known === null ? null : canonicalDecimal(roundDecimal(multiplyDecimals(amount, known), AMOUNT_SCALE));
  };
  const wallets: WalletBalance[] = [];
  for (const row of rows) {
    wallets.push({
      ...row,
      opening_usd: await usd(row.opening, row.currency, openingDate),
      closing_usd: await usd(row.closing, row.currency, query.to),
    });
  }
  const total = (pick: (wallet: WalletBalance) => string | null) =>
    wallets.reduce((sum, wallet) => addDecimals(sum, pick(wallet) ?? '0'), '0');
  return {
    opening_date: openingDate,
    closing_date: query.to,
    wallets,
    opening_usd: total((wallet) => wallet.opening_usd),
    closing_usd: total((wallet) => wallet.closing_usd),
    missing_rates: wallets.some((wallet) => wallet.opening_usd === null || wallet.closing_usd === null),
  };
}
