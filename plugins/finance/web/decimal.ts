/**
 * Money and rates arrive as decimal strings ("1234567.89000000") and stay strings: they are summed
 * with the SDK's exact decimal arithmetic and shown by formatMoney, which hands Intl the string
 * itself. These two read such a string.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value.trim());
}

/** −1, 0 or 1 as `value` is below, at or above zero. */
export function signOfDecimal(value: string): -1 | 0 | 1 {
  const text = value.trim();
  if (/^-?0*(\.0*)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}
