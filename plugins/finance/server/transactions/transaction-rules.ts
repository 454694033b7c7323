import type { FieldValue, Money } from '@core/sdk/shared';
import { validationError, type Queryable } from '@core/sdk/server';
import { requireRate, usdAmounts, type UsdAmounts } from '../money/usd';

/**
 * What the finance server adds to a transaction or a draft before it is stored: the amount and
 * the commission must be in the wallet's currency (the commission defaults to 0 in it), and the
 * dollar amounts are computed from the rate of the fact date (drafts: the draft date). Values are
 * the engine's wire form (money as `{ amount, currency }` with decimal strings).
 */

export type Values = Readonly<Record<string, FieldValue | undefined>>;

function isMoney(value: FieldValue | undefined): value is Money {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Money).amount === 'string'
  );
}

/** The wallet's currency, with the wallet row locked until the end of the transaction. */
export async function lockedWalletCurrency(tx: Queryable, walletId: number): Promise<string> {
  const { rows } = await tx.query<{ currency: string }>(
    'SELECT currency FROM finance.wallets WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [walletId],
  );
  const wallet = rows[0];
  if (!wallet) throw validationError({ wallet_id: ['The chosen wallet does not exist.'] });
  return wallet.currency;
}

/**
 * The computed fields of a record about to be written, from the record as it will be (stored
 * values with the request's over them): amounts normalised to the wallet currency, and
 * `amount_usd`, `commission_usd` (and for transactions `summary`, `summary_usd`).
 */
export async function moneyOfRecord(
  tx: Queryable,
  next: Values,
  dateField: 'date_fact' | 'draft_date',
): Promise<UsdAmounts> {
  const walletId = next.wallet_id;
  if (typeof walletId !== 'number') throw validationError({ wallet_id: ['This field is required.'] });
  const currency = await lockedWalletCurrency(tx, walletId);
  const amount = next.amount;
  if (!isMoney(amount)) throw validationError({ amount: ['This field is required.'] });
  if (amount.currency !== currency)
    throw validationError({ amount: [`The amount must be in the wallet's currency (${currency}).`] });
  const commission = isMoney(next.commission) ? next.commission : { amount: '0', currency };
  if (commission.currency !== currency)
    throw validationError({ commission: [`The commission must be in the wallet's currency (${currency}).`] });
  const date = next[dateField];
  if (typeof date !== 'string') throw validationError({ [dateField]: ['This field is required.'] });
  const rate = await requireRate(tx, currency, date, dateField);
  return usdAmounts(tx, amount.amount, commission.amount, currency, rate);
}

export async function transactionComputedValues(tx: Queryable, next: Values): Promise<Record<string, FieldValue>> {
  const money = await moneyOfRecord(tx, next, 'date_fact');
  return { ...money };
}

export async function draftComputedValues(tx: Queryable, next: Values): Promise<Record<string, FieldValue>> {
  const money = await moneyOfRecord(tx, next, 'draft_date');
  return {
    amount: money.amount,
    commission: money.commission,
    amount_usd: money.amount_usd,
    commission_usd: money.commission_usd,
  };
}
