import { addDecimals, canonicalDecimal, compareDecimals, divideDecimals, multiplyDecimals } from '@core/sdk/shared';
import { subtractDecimals } from '@core/sdk/shared';
import { cents, isPositive, minimum, ZERO } from './cents';

/*
 * One rule's amount from its measure, in plain figures: the formula a screen shows reads the same
 * in every language ("10% × 5000.00 + 15% × 1200.00 = 680.00"). Each amount is rounded half-up to
 * cents once, after the whole rule is computed; the rule's cap then applies to that rounded amount.
 */

export interface RuleAmount {
  readonly amount_usd: string;
  readonly formula: string;
  readonly capped: boolean;
}

interface Uncapped {
  readonly amount: string;
  readonly formula: string;
}

const percentOf = (value: string, percent: string): string =>
  divideDecimals(multiplyDecimals(value, percent), '100', 8) as string;
const shown = (value: string): string => canonicalDecimal(value);

/** A measure at or below zero earns nothing from a percent: a loss is not paid for. */
function nothingFor(value: string): Uncapped {
  return { amount: ZERO, formula: `${value} ≤ 0 → ${ZERO}` };
}

/** `rate`% of a dollar measure. */
export function percentAmount(value: string, rate: string): Uncapped {
  if (!isPositive(value)) return nothingFor(value);
  const amount = cents(percentOf(value, rate));
  return { amount, formula: `${shown(rate)}% × ${value} = ${amount}` };
}

/**
 * Marginal (progressive) tiers: each threshold's percent applies to the part of the measure from
 * that threshold up to the next one, so {0: 10, 5000: 15} pays 10% of the first 5,000 and 15% of
 * the rest; a measure exactly at a threshold pays nothing of the higher percent.
 */
export function tieredAmount(value: string, tiers: Readonly<Record<string, string>>): Uncapped {
  if (!isPositive(value)) return nothingFor(value);
  const thresholds = Object.keys(tiers).sort(compareDecimals);
  const parts = thresholds.flatMap((lower, index) => {
    if (compareDecimals(value, lower) <= 0) return [];
    const upper = thresholds[index + 1];
    const portion = subtractDecimals(upper === undefined ? value : minimum(value, upper), lower);
    return [{ percent: tiers[lower] as string, portion: cents(portion) }];
  });
  const exact = parts.reduce((sum, part) => addDecimals(sum, percentOf(part.portion, part.percent)), '0');
  const amount = cents(exact);
  return {
    amount,
    formula: `${parts.map((part) => `${shown(part.percent)}% × ${part.portion}`).join(' + ')} = ${amount}`,
  };
}

/** `rate` dollars for each lead or sale. */
export function perUnitAmount(count: number, rate: string): Uncapped {
  const amount = cents(multiplyDecimals(String(count), rate));
  return { amount, formula: `${count} × ${shown(rate)} = ${amount}` };
}

/** The rule's cap over its rounded amount. */
export function capped(uncapped: Uncapped, cap: string | null): RuleAmount {
  if (cap === null || compareDecimals(uncapped.amount, cap) <= 0)
    return { amount_usd: uncapped.amount, formula: uncapped.formula, capped: false };
  const limit = cents(cap);
  return {
    amount_usd: limit,
    formula: `${uncapped.formula} → min(${uncapped.amount}, ${limit}) = ${limit}`,
    capped: true,
  };
}
