import { addDecimals, compareDecimals, roundDecimal } from '@core/sdk/shared';

/*
 * Dollar amounts of the pay computation: decimal strings, never JavaScript numbers. Every amount
 * leaves with exactly two digits after the point ("680.00"), rounded half-up.
 */

export const cents = (value: string): string => roundDecimal(value, 2);
export const ZERO = '0.00';
export const sumCents = (values: readonly string[]): string =>
  cents(values.reduce((sum, value) => addDecimals(sum, value), '0'));
export const isPositive = (value: string): boolean => compareDecimals(value, '0') > 0;
export const minimum = (a: string, b: string): string => (compareDecimals(a, b) <= 0 ? a : b);
