import { compareDecimals, type LocaleFormat, type Money } from '@core/sdk/shared';
import type { CashFlowDirection } from '../../shared/cash-flow';

/*
 * The cash flow's amounts in the reader's language (the SDK's forms), one form per currency: the
 * grid's dollars read to the cent with every digit in their tooltip, and the amounts of each
 * currency on one table read with the same places, so a wallet's opening "BTC 0.00" does not sit
 * above its closing "BTC 0.12343678".
 */

/** A dollar figure to the cent, as the grid shows it (the exact value goes in its tooltip). */
export const usdRounded = (format: LocaleFormat, amount: string): string => format.money(amount, 'USD', 'currency');
/** Every digit: tooltips, the chart's callouts, the drill-down's sum. */
export const usdExact = (format: LocaleFormat, amount: string): string => format.money(amount, 'USD');

/** Digits after the point of a decimal string, its trailing zeros aside ("0.12340000" has 4). */
const placesOf = (amount: string): number => amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;

/** The places a currency reads with on its own: the digits of its zero to the currency's precision ("$0.00" 2, "¥0" 0). */
function ownPlaces(format: LocaleFormat, currency: string): number {
  const zero = format.money('0', currency, 'currency');
  const point = zero.indexOf(format.decimalSeparator);
  return point < 0 ? 0 : (/^\d*/.exec(zero.slice(point + 1))?.[0].length ?? 0);
}

/**
 * How a table shows its amounts: each currency with the most places any of its amounts has (at
 * least the currency's own), every digit kept and every cell of that currency alike.
 */
export function currencyForms(format: LocaleFormat, amounts: readonly Money[]): (money: Money) => string {
  const places = new Map<string, number>();
  for (const { amount, currency } of amounts)
    places.set(currency, Math.max(places.get(currency) ?? ownPlaces(format, currency), placesOf(amount)));
  return ({ amount, currency }) => {
    const digits = places.get(currency) ?? Math.max(ownPlaces(format, currency), placesOf(amount));
    return format.money(amount, currency, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  };
}

/** How a difference (fact − plan) reads: more income than planned is good, more spending bad; net reads as income. */
export function differenceTone(direction: CashFlowDirection | 'net', difference: string): 'good' | 'bad' | null {
  const sign = compareDecimals(difference, '0');
  if (sign === 0) return null;
  const moreIsGood = direction === 'income' || direction === 'net';
  return sign > 0 === moreIsGood ? 'good' : 'bad';
}
