import { canonicalDecimal, compareDecimals } from '@core/sdk/shared';
import { BASE_CURRENCY, FINANCE_CURRENCIES } from '../../shared/currencies';

/**
 * Exchange rates as CSV text: one `currency,date,rate` line per rate (US dollars for one unit of
 * the currency on that date), e.g. `EUR,2026-11-20,1.08345`. A header line (`currency,date,rate`)
 * is optional; `;` or a tab may separate the cells instead of commas; blank lines are skipped.
 * Every line is checked and every problem reported with its line number, so one pass fixes all.
 */

export interface RateLine {
  readonly line: number;
  readonly currency: string;
  readonly date: string;
  /** Canonical decimal text, never a float. */
  readonly rate: string;
}

export interface ParsedRates {
  readonly rates: readonly RateLine[];
  /** `line_<n>` → messages that start with "Line <n>:". */
  readonly errors: Record<string, string[]>;
}

export const MAX_RATE_LINES = 20_000;
const RATE = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,8})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_RATE = '0.00000001';
const MAX_RATE = '100000000';

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const unquote = (cell: string): string =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

function cellsOf(text: string): string[] {
  const separator = text.includes(',') ? ',' : text.includes(';') ? ';' : '\t';
  return text.split(separator).map(unquote);
}

const isHeader = (cells: readonly string[]): boolean => cells[0]?.toLowerCase() === 'currency';

export function parseRatesCsv(csv: string): ParsedRates {
  const errors: Record<string, string[]> = {};
  const rates: RateLine[] = [];
  const firstLine = new Map<string, number>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const fail = (line: number, message: string) => (errors[`line_${line}`] ??= []).push(`Line ${line}: ${message}`);
  let seenContent = false;
  let dataLines = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = cellsOf(raw);
    if (!seenContent) {
      seenContent = true;
      if (isHeader(cells)) return;
    }
    dataLines += 1;
    if (cells.length !== 3) return fail(line, `expected currency,date,rate (3 values), found ${cells.length}.`);
    const [currencyCell = '', date = '', rateCell = ''] = cells;
    const currency = currencyCell.toUpperCase();
    const problems: string[] = [];
    if (!(FINANCE_CURRENCIES as readonly string[]).includes(currency))
      problems.push(`unknown currency "${currencyCell}" (known: ${FINANCE_CURRENCIES.join(', ')}).`);
    if (!isRealDate(date)) problems.push(`"${date}" is not a date (use YYYY-MM-DD).`);
    const rate = rateCell.replace(/^\+/, '');
    if (!RATE.test(rate))
      problems.push(`"${rateCell}" is not a rate (a positive number with at most 8 decimals, such as 1.0834).`);
    else if (compareDecimals(rate, MIN_RATE) < 0 || compareDecimals(rate, MAX_RATE) > 0)
      problems.push(`the rate must be from ${MIN_RATE} to ${MAX_RATE}.`);
    else if (currency === BASE_CURRENCY && compareDecimals(rate, '1') !== 0)
      problems.push(`${BASE_CURRENCY} is always 1.`);
    if (problems.length > 0) return problems.forEach((problem) => fail(line, problem));
    const key = `${currency} ${date}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return fail(line, `${currency} on ${date} is already given on line ${earlier}.`);
    firstLine.set(key, line);
    // USD is 1 on every date by definition: nothing to store.
    if (currency !== BASE_CURRENCY) rates.push({ line, currency, date, rate: canonicalDecimal(rate) });
  });
  if (dataLines === 0) errors.csv = ['The file has no rates.'];
  else if (dataLines > MAX_RATE_LINES) errors.csv = [`At most ${MAX_RATE_LINES} rates at once.`];
  return { rates, errors };
}
