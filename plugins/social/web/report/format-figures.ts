import { formatMoney } from '@core/sdk/web';

/*
 * The report's figures as the table shows them. Decimal strings go to Intl as strings
 * (`Intl.StringNumericLiteral`), so no digit passes through floating point; a rate whose divisor
 * was zero is null and shown as a dash.
 */

const LOCALE = 'en-US';
const COUNT = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const DASH = '—';

export const formatCount = (value: number): string => COUNT.format(value);

/** An amount in `currency` (to its digits), or plain with two decimals when the currency is not known. */
export function formatAmount(amount: string | null, currency: string | null): string {
  if (amount === null) return DASH;
  return currency ? formatMoney({ amount, currency }, 'currency') : TWO_DECIMALS.format(amount as Intl.StringNumericLiteral);
}

/** CTR: a percent the server rounded to two decimals (`"2.50"` is 2.5 %). */
export const formatPercent = (value: string | null): string | null => (value === null ? null : TWO_DECIMALS.format(value as Intl.StringNumericLiteral));

