import { canonicalDecimal } from './resource/validation';

/*
 * Exact arithmetic on decimal strings (`"12.345"`, `"-0.5"`): money and rates are added,
 * multiplied and divided as scaled integers (BigInt), never as floating point, so a sum of cents
 * stays exact and a rate is rounded once, where the caller says.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal as an integer and the number of digits after the point: `"12.34"` → 1234n, 2. */
interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function scaled(text: string): Scaled {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a decimal number: ${text}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(`${whole}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** The decimal's text with exactly `scale` digits after the point (`1230n, 2` → `"12.30"`). */
function fixed({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

const written = (value: Scaled): string => canonicalDecimal(fixed(value));

const TEN = (power: number): bigint => 10n ** BigInt(power);

/** `a + b`, exactly. */
export function addDecimals(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  return written({ units: x.units * TEN(scale - x.scale) + y.units * TEN(scale - y.scale), scale });
}

/** `a − b`, exactly. */
export function subtractDecimals(a: string, b: string): string {
  const y = scaled(b);
  return addDecimals(a, fixed({ units: -y.units, scale: y.scale }));
}

/** `a × b`, exactly (every digit of the product kept). */
export function multiplyDecimals(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  return written({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** The integer quotient `dividend / divisor` rounded half away from zero (half-up for positive numbers). */
function roundedQuotient(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n !== divisor < 0n;
  const n = dividend < 0n ? -dividend : dividend;
  const d = divisor < 0n ? -divisor : divisor;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/**
 * `dividend / divisor` with exactly `places` digits after the point (`"2.50"`), rounded half away
 * from zero (half-up for positive numbers: 0.125 → 0.13), computed exactly; null when the divisor
 * is zero.
 */
export function divideDecimals(dividend: string, divisor: string, places: number): string | null {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Not a number of decimal places: ${places}`);
  const x = scaled(dividend);
  const y = scaled(divisor);
  if (y.units === 0n) return null;
  // x.units / 10^x.scale ÷ (y.units / 10^y.scale) × 10^places, as one integer division.
  const shift = places + y.scale - x.scale;
  const numerator = shift >= 0 ? x.units * TEN(shift) : x.units;
  const denominator = shift >= 0 ? y.units : y.units * TEN(-shift);
  return fixed({ units: roundedQuotient(numerator, denominator), scale: places });
}

/** `value` with exactly `places` digits after the point, rounded half away from zero (half-up for positive numbers). */
export function roundDecimal(value: string, places: number): string {
  return divideDecimals(value, '1', places) as string;
}
