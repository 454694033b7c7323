import { formatMoney } from '@core/sdk/web';
import { compareDecimals, localeFormat } from '@core/sdk/shared';
import type { CashFlowDirection } from '../../shared/cash-flow';

// The en-US forms this report had, until it follows the reader's language (issue 30's report part).
const ENGLISH = localeFormat('en');

/** A dollar figure to the cent, as the grid shows it (the exact value goes in its tooltip). */
export const usdRounded = (amount: string): string => formatMoney({ amount, currency: 'USD' }, ENGLISH, 'currency');
/** Every digit: tooltips, the chart's callouts, the drill-down's sum. */
export const usdExact = (amount: string): string => formatMoney({ amount, currency: 'USD' }, ENGLISH);

/** "Jan 2026" for `2026-01`, in the reader's language (a date only; no amount becomes a number). */
export function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1));
}

/** How a difference (fact − plan) reads: more income than planned is good, more spending bad; net reads as income. */
export function differenceTone(direction: CashFlowDirection | 'net', difference: string): 'good' | 'bad' | null {
  const sign = compareDecimals(difference, '0');
  if (sign === 0) return null;
  const moreIsGood = direction === 'income' || direction === 'net';
  return sign > 0 === moreIsGood ? 'good' : 'bad';
}
