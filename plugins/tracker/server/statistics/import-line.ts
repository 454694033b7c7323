/** A refused line (or header cell) before it is put into the caller's language: a message template and its values. */
export interface LineProblem {
  readonly line: number;
  readonly column: string | null;
  readonly template: string;
  readonly values?: Readonly<Record<string, string>>;
}

/*
 * One line of a tracker's CSV export, checked. The header names the columns (any order, any case):
 * `day`, `clicks`, `unique_clicks`, `leads`, `sales`, `revenue` and `cost` are required; `offer`
 * and `stream` (this plugin's ids), `campaign` and `country` (ISO 3166-1 alpha-2) may be given.
 * Counts follow the report's meaning (shared/report.ts): leads are every conversion not rejected.
 */

export const REQUIRED_COLUMNS = ['day', 'clicks', 'unique_clicks', 'leads', 'sales', 'revenue', 'cost'] as const;
export const OPTIONAL_COLUMNS = ['offer', 'stream', 'campaign', 'country'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

export interface ImportedLine {
  readonly line: number;
  readonly day: string;
  readonly clicks: string;
  readonly uniqueClicks: string;
  readonly leads: string;
  readonly sales: string;
  readonly revenue: string;
  readonly cost: string;
  readonly offerId: number | null;
  readonly streamId: number | null;
  readonly campaign: string | null;
  readonly country: string | null;
}

/** Refusals of a whole file (answered 422). */
export const TRACKER_UNKNOWN = 'There is no tracker with this id.';
export const CSV_EMPTY = 'The file has no lines besides its header.';
export const CSV_TOO_LONG = 'Send at most {lines} lines at once.';
export const CSV_UNCLOSED = 'A quoted field opened on line {line} is never closed.';

/** Refusals of a header cell or a line (reported, the other lines imported). */
export const HEADER_MISSING = 'The header lacks the column {column}.';
export const HEADER_UNKNOWN = 'The column {column} is not one this import reads.';
export const HEADER_REPEATED = 'The column {column} appears twice.';
export const CELLS_COUNT = 'The line has {found} cells where the header has {expected}.';
export const NOT_A_DAY = 'Not a calendar day (YYYY-MM-DD).';
export const NOT_A_COUNT = 'Not a whole number of at least 0.';
export const NOT_MONEY = 'Not an amount of at least 0 with at most 2 decimals.';
export const NOT_AN_ID = 'Not an id (a whole number from 1).';
export const NOT_A_COUNTRY = 'Not a country code of two capital letters.';
export const TOO_LONG = 'Longer than 200 characters.';
export const UNIQUE_OVER_CLICKS = 'Unique clicks cannot exceed clicks.';
export const SALES_OVER_LEADS = 'Sales cannot exceed leads (a sale is also a lead).';

const COUNT = /^(0|[1-9]\d{0,14})$/;
const MONEY = /^\d{1,16}(\.\d{1,2})?$/;
const ID = /^[1-9]\d{0,15}$/;
const COUNTRY = /^[A-Z]{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string): boolean =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The column of each header cell; errors name what is missing, unknown or repeated. */
export function readHeader(cells: readonly string[], line: number): { columns: Column[] } | { errors: LineProblem[] } {
  const known: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const errors: LineProblem[] = [];
  names.forEach((name, index) => {
    if (!known.includes(name))
      errors.push({ line, column: name, template: HEADER_UNKNOWN, values: { column: cells[index] ?? name } });
    else if (names.indexOf(name) !== index)
      errors.push({ line, column: name, template: HEADER_REPEATED, values: { column: name } });
  });
  for (const column of REQUIRED_COLUMNS)
    if (!names.includes(column)) errors.push({ line, column, template: HEADER_MISSING, values: { column } });
  return errors.length > 0 ? { errors } : { columns: names as Column[] };
}

/** A line's values by column, or every problem it has (one per cell at fault). */
export function readLine(
  columns: readonly Column[],
  cells: readonly string[],
  line: number,
): ImportedLine | LineProblem[] {
  if (cells.length !== columns.length)
    return [
      {
        line,
        column: null,
        template: CELLS_COUNT,
        values: { found: String(cells.length), expected: String(columns.length) },
      },
    ];
  const value = new Map<Column, string>(columns.map((column, index) => [column, (cells[index] ?? '').trim()]));
  const errors: LineProblem[] = [];
  const check = (column: Column, test: (text: string) => boolean, message: string, optional = false): string | null => {
    const text = value.get(column) ?? '';
    if (optional && text === '') return null;
    if (!test(text)) errors.push({ line, column, template: message });
    return text;
  };
  const count = (column: Column) => check(column, (text) => COUNT.test(text), NOT_A_COUNT) ?? '0';
  const day = check('day', isDay, NOT_A_DAY) ?? '';
  const clicks = count('clicks');
  const uniqueClicks = count('unique_clicks');
  const leads = count('leads');
  const sales = count('sales');
  const revenue = check('revenue', (text) => MONEY.test(text), NOT_MONEY) ?? '0';
  const cost = check('cost', (text) => MONEY.test(text), NOT_MONEY) ?? '0';
  const offer = check('offer', (text) => ID.test(text), NOT_AN_ID, true);
  const stream = check('stream', (text) => ID.test(text), NOT_AN_ID, true);
  const campaign = check('campaign', (text) => text.length <= 200, TOO_LONG, true);
  const country = check('country', (text) => COUNTRY.test(text), NOT_A_COUNTRY, true);
  if (errors.length === 0) {
    // Whole numbers of at most 15 digits compare exactly as JavaScript numbers.
    if (Number(uniqueClicks) > Number(clicks))
      errors.push({ line, column: 'unique_clicks', template: UNIQUE_OVER_CLICKS });
    if (Number(sales) > Number(leads)) errors.push({ line, column: 'sales', template: SALES_OVER_LEADS });
  }
  if (errors.length > 0) return errors;
  return {
    line,
    day,
    clicks,
    uniqueClicks,
    leads,
    sales,
    revenue,
    cost,
    offerId: offer === null ? null : Number(offer),
    streamId: stream === null ? null : Number(stream),
    campaign,
    country,
  };
}
