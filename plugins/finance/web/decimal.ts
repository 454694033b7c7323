/**
 * Money and rates arrive as decimal strings ("1234567.89000000"). They are shown, added and
 * subtracted here without ever becoming floating-point numbers: digits are grouped as text and
 * sums are taken on scaled BigInts, so every digit the server sent is kept.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value.trim());
}

export interface DecimalFormat {
  /** Fraction digits always shown (zeros padded); default 2. */
  readonly minimumFractionDigits?: number;
  /** Number formatting locale (separators only); default en-US (spec §9). */
  readonly locale?: string;
}

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The locale's group and decimal separators, read from Intl once; no number is formatted through it. */
function separators(locale: string): { group: string; decimal: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(11111.5);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

/**
 * "1234567.891" → "1,234,567.891"; "5" → "5.00"; "-0012.50000000" → "-12.50". The fraction is
 * never rounded: trailing zeros beyond `minimumFractionDigits` are dropped, every other digit kept.
 * A value that is not a decimal string is returned as it came.
 */
export function formatDecimal(value: string, format: DecimalFormat = {}): string {
  const text = value.trim();
  if (!DECIMAL.test(text)) return value;
  const { group, decimal } = separators(format.locale ?? 'en-US');
  const minimum = format.minimumFractionDigits ?? 2;
  const negative = text.startsWith('-');
  const [integerPart = '0', fractionPart = ''] = (negative ? text.slice(1) : text).split('.');
  const integer = integerPart.replace(/^0+(?=\d)/, '');
  let fraction = fractionPart.replace(/0+$/, '');
  if (fraction.length < minimum) fraction = fraction.padEnd(minimum, '0');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const isZero = /^0*$/.test(integer) && /^0*$/.test(fraction);
  const sign = negative && !isZero ? '-' : '';
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** "1234.5" and "USD" → "1,234.50 USD". */
export function formatMoney(amount: string, currency: string, format?: DecimalFormat): string {
  return `${formatDecimal(amount, format)} ${currency}`;
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
