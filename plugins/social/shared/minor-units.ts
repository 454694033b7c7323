import { canonicalDecimal } from '@core/sdk/shared';

/**
 * The platform's budgets and bids are integers in the currency's minor unit ("offset"): cents for
 * USD, yen for JPY, fils for KWD. Conversion happens on the boundary with the API only, in decimal
 * strings, never in floating point.
 */

/** ISO 4217 currencies whose minor unit is not 2 digits; every other currency has 2. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  COP: 0,
  CRC: 0,
  HUF: 0,
  ISK: 0,
  IDR: 0,
  JPY: 0,
  KRW: 0,
  PYG: 0,
  TWD: 0,
  UGX: 0,
  VND: 0,
  XAF: 0,
  XOF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Digits after the point in `currency`'s amounts (0, 2 or 3). */
export function minorDigits(currency: string): number {
  return Object.hasOwn(MINOR_DIGITS, currency) ? MINOR_DIGITS[currency]! : 2;
}

/** Whether `amount` (a decimal string) has no more digits after the point than `currency` allows. */
export function fitsCurrency(amount: string, currency: string): boolean {
  const fraction = canonicalDecimal(amount).split('.')[1] ?? '';
  return fraction.length <= minorDigits(currency);
}

/** `"12.34"` USD → `"1234"`; `"1500"` JPY → `"1500"`; throws when the amount has more digits than the currency. */
export function toMinorUnits(amount: string, currency: string): string {
  const digits = minorDigits(currency);
  if (!/^\d{1,15}(\.\d{1,3})?$/.test(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  const canonical = canonicalDecimal(amount);
  const [whole = '0', fraction = ''] = canonical.split('.');
  if (fraction.length > digits) throw new RangeError(`${amount} has more than ${digits} decimals for ${currency}`);
  const minor = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  return minor;
}

/** `"1234"` (or 1234) in USD → `"12.34"`; JPY `"1500"` → `"1500"`; KWD `"1234"` → `"1.234"`. */
export function fromMinorUnits(minor: string | number, currency: string): string {
  const text = typeof minor === 'number' ? String(minor) : minor;
  if (!/^\d{1,18}$/.test(text) || (typeof minor === 'number' && !Number.isSafeInteger(minor))) {
    throw new RangeError(`Not a whole number of minor units: ${text}`);
  }
  const digits = minorDigits(currency);
  if (digits === 0) return text.replace(/^0+(?=\d)/, '');
  const padded = text.padStart(digits + 1, '0');
  return canonicalDecimal(`${padded.slice(0, -digits)}.${padded.slice(-digits)}`);
}
