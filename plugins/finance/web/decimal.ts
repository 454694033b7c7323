/**
 * Money and rates arrive as decimal strings ("1234567.89000000"). They are added and subtracted
 * here without ever becoming floating-point numbers: sums are taken on scaled BigInts, so every
 * digit the server sent is kept. (They are shown by the core's formatMoney, which hands Intl the
 * string itself.)
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value.trim());
}

function scaled(value: string, scale: number): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = BigInt(`${integer}${fraction.padEnd(scale, '0')}`);
  return negative ? -digits : digits;
}

function fractionLength(value: string): number {
  return value.trim().split('.')[1]?.length ?? 0;
}

function unscaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  const body = fraction ? `${integer}.${fraction}` : integer;
  return negative && body !== '0' ? `-${body}` : body;
}

/** The exact sum of decimal strings, as a decimal string (trailing fraction zeros removed). */
export function addDecimals(...values: readonly string[]): string {
  for (const value of values) if (!DECIMAL.test(value.trim())) throw new Error(`"${value}" is not a decimal`);
  const scale = Math.max(0, ...values.map(fractionLength));
  return unscaled(values.reduce((sum, value) => sum + scaled(value, scale), 0n), scale);
}

/** `a − b`, exactly. */
export function subtractDecimals(a: string, b: string): string {
  if (!DECIMAL.test(b.trim())) throw new Error(`"${b}" is not a decimal`);
  const negated = b.trim().startsWith('-') ? b.trim().slice(1) : `-${b.trim()}`;
  return addDecimals(a, negated);
}

/** −1, 0 or 1 as `value` is below, at or above zero. */
export function signOfDecimal(value: string): -1 | 0 | 1 {
  const text = value.trim();
  if (/^-?0*(\.0*)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}
