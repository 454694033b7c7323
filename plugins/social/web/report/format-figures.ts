import type { LocaleFormat } from '@core/sdk/shared';

/*
 * The report's figures as the table and chart show them, in the reader's language (the SDK's
 * forms): counts grouped, money with its currency to the currency's digits, CTR with the two places
 * the server rounded it to. A figure the report lacks (a rate whose divisor was zero) is a dash.
 */

export const DASH = '—';

const TWO_PLACES = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

export const formatCount = (format: LocaleFormat, value: number): string => format.number(value);

/** An amount in its currency; a dash without either, since money never shows without its currency. */
export function formatAmount(format: LocaleFormat, amount: string | null, currency: string | null): string {
  return amount === null || currency === null ? DASH : format.money(amount, currency, 'currency');
}

/** CTR: a percent the server rounded to two decimals (`"2.50"` is 2.50 %). */
export const formatPercent = (format: LocaleFormat, value: string | null): string =>
  value === null ? DASH : format.percent(value, TWO_PLACES);
