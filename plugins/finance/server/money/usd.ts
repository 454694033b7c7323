import type { Money } from '@core/sdk/shared';
import { validationError, type Queryable } from '@core/sdk/server';
import { BASE_CURRENCY } from '../../shared/currencies';

/**
 * US-dollar amounts, computed in SQL `numeric` from `finance.exchange_rates`: the rate of a
 * currency on a date is the one of the latest rate date on or before it; USD is 1 on every date.
 * Amounts travel as decimal strings and are never JavaScript numbers.
 */

/** Digits kept after the point in every stored amount and USD equivalent. */
export const AMOUNT_SCALE = 8;

export class MissingRateError extends Error {
  constructor(
    readonly currency: string,
    readonly date: string,
  ) {
    super(`There is no ${currency} exchange rate on or before ${date}: add one on the exchange rates screen.`);
  }
}

/** The USD rate of `currency` on `date` (YYYY-MM-DD) as decimal text, or null when none is known. */
export async function rateOn(db: Queryable, currency: string, date: string): Promise<string | null> {
  if (currency === BASE_CURRENCY) return '1';
  const { rows } = await db.query<{ rate: string }>(
    `SELECT usd_rate::text AS rate FROM finance.exchange_rates
      WHERE currency = $1 AND rate_date <= $2::date ORDER BY rate_date DESC LIMIT 1`,
    [currency, date],
  );
  return rows[0]?.rate ?? null;
}

/** Like `rateOn`, but a missing rate is a 422 on `field` naming the currency and the date. */
export async function requireRate(db: Queryable, currency: string, date: string, field: string): Promise<string> {
  const rate = await rateOn(db, currency, date);
  if (rate === null) {
    const error = new MissingRateError(currency, date);
    throw validationError({ [field]: [error.message] }, error.message);
  }
  return rate;
}

export interface UsdAmounts {
  readonly amount: Money;
  readonly commission: Money;
  readonly summary: Money;
  readonly amount_usd: Money;
  readonly commission_usd: Money;
  readonly summary_usd: Money;
}

/**
 * Amount, commission and their sum in the wallet's currency and in dollars, at `rate`:
 * `round(amount × rate, 8)`, `round(commission × rate, 8)`, and the summary in dollars is the sum
 * of those two, so the three USD columns always add up.
 */
export async function usdAmounts(
  db: Queryable,
  amount: string,
  commission: string,
  currency: string,
  rate: string,
): Promise<UsdAmounts> {
  const { rows } = await db.query<{
    amount: string;
    commission: string;
    summary: string;
    amount_usd: string;
    commission_usd: string;
    summary_usd: string;
  }>(
    `SELECT trim_scale($1::numeric)::text AS amount, trim_scale($2::numeric)::text AS commission,
            trim_scale($1::numeric + $2::numeric)::text AS summary,
            trim_scale(round($1::numeric * $3::numeric, ${AMOUNT_SCALE}))::text AS amount_usd,
            trim_scale(round($2::numeric * $3::numeric, ${AMOUNT_SCALE}))::text AS commission_usd,
            trim_scale(round($1::numeric * $3::numeric, ${AMOUNT_SCALE}) + round($2::numeric * $3::numeric, ${AMOUNT_SCALE}))::text AS summary_usd`,
    [amount, commission, rate],
  );
  const row = rows[0] as {
    amount: string;
    commission: string;
    summary: string;
    amount_usd: string;
    commission_usd: string;
    summary_usd: string;
  };
  const money = (value: string, code: string): Money => ({ amount: value, currency: code });
  return {
    amount: money(row.amount, currency),
    commission: money(row.commission, currency),
    summary: money(row.summary, currency),
    amount_usd: money(row.amount_usd, BASE_CURRENCY),
    commission_usd: money(row.commission_usd, BASE_CURRENCY),
    summary_usd: money(row.summary_usd, BASE_CURRENCY),
  };
}
