import { multiplyDecimals, subtractDecimals, type Money } from '@core/sdk/shared';
import { validationError, type Queryable } from '@core/sdk/server';
import { CONTRIBUTION_SQL } from '../transactions/balances';
import { lockedWalletCurrency } from '../transactions/transaction-rules';
import { CORRECTION_MESSAGES, statementCurrencyMessage } from './messages';

/**
 * A correction's computed figures: the book balance is the wallet's balance from its transactions
 * with a fact date on or before the correction date (Σ income − Σ expense − Σ commission, the
 * same contribution the wallet's balance sums), and the difference is statement − books. Both
 * are exact decimals (SQL numeric, then the SDK's decimal strings), never JavaScript numbers.
 */

/** `-amount`, exactly. */
export const negated = (amount: string): string => multiplyDecimals(amount, '-1');

// A type, not an interface: hooks return it as a record of field values.
export type CorrectionFigures = {
  readonly book_balance: Money;
  readonly difference: Money;
};

/** The wallet's book balance at the end of `date`, in `currency` (the wallet's). */
export async function bookBalanceOn(tx: Queryable, walletId: number, date: string, currency: string): Promise<Money> {
  const { rows } = await tx.query<{ book: string }>(
    `SELECT trim_scale(coalesce(sum(${CONTRIBUTION_SQL}), 0))::text AS book
       FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id
      WHERE t.wallet_id = $1 AND t.date_fact <= $2::date`,
    [walletId, date],
  );
  return { amount: rows[0]?.book ?? '0', currency };
}

/** The wallet's book balance on `date` and the statement's difference from it. */
export async function figuresOn(
  tx: Queryable,
  walletId: number,
  date: string,
  statement: Money,
): Promise<CorrectionFigures> {
  const book = await bookBalanceOn(tx, walletId, date, statement.currency);
  return {
    book_balance: book,
    difference: { amount: subtractDecimals(statement.amount, book.amount), currency: statement.currency },
  };
}

const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Money).amount === 'string' &&
  typeof (value as Money).currency === 'string';

/**
 * Checks a correction about to be written (the wallet exists, the statement is in its currency
 * and not dated after today) and computes its figures; the wallet row stays locked until the
 * write's transaction ends, so its transactions cannot move under the figures.
 */
export async function checkedFigures(
  tx: Queryable,
  next: Readonly<Record<string, unknown>>,
): Promise<CorrectionFigures> {
  const walletId = next.wallet_id;
  const date = next.correction_date;
  const statement = next.statement_balance;
  if (typeof walletId !== 'number') throw validationError({ wallet_id: ['This field is required.'] });
  if (typeof date !== 'string') throw validationError({ correction_date: ['This field is required.'] });
  if (!isMoney(statement)) throw validationError({ statement_balance: ['This field is required.'] });
  const currency = await lockedWalletCurrency(tx, walletId);
  if (statement.currency !== currency)
    throw validationError({ statement_balance: [statementCurrencyMessage(currency)] });
  const { rows } = await tx.query<{ future: boolean }>('SELECT $1::date > current_date AS future', [date]);
  if (rows[0]?.future) throw validationError({ correction_date: [CORRECTION_MESSAGES.futureStatement] });
  return figuresOn(tx, walletId, date, statement);
}
