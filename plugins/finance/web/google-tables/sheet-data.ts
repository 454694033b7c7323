import { isRecord } from '../finance-result';
import { parseGoogleTable, type GoogleTable } from './tree';

/** The rows of one spreadsheet as the data page shows them: a header row and text cells. */
export interface SheetData {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The spreadsheet's sheet titles, in its order (the first is read unless another is asked for). */
  readonly sheets: readonly string[];
  /** The range the rows come from, e.g. `'Sheet1'!A1:Z1000`. */
  readonly range: string | null;
  /** The table the rows belong to, when the answer names it. */
  readonly table: GoogleTable | null;
}

/** A sheet title as a range: quoted, inner quotes doubled (`'My sheet'`). */
export function sheetRange(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

/** The sheet a range reads, when it names one. */
export function sheetOfRange(range: string | null): string | null {
  if (!range) return null;
  const quoted = /^'((?:[^']|'')*)'/.exec(range);
  if (quoted?.[1] !== undefined) return quoted[1].replaceAll("''", "'");
  const bare = /^([^!]+)/.exec(range);
  return bare?.[1] ?? null;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isGrid(value: unknown): value is readonly (readonly unknown[])[] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row));
}

type Cells = Pick<SheetData, 'headers' | 'rows'>;

function fromGrid(grid: readonly (readonly unknown[])[], headers?: readonly unknown[]): Cells {
  const [first = [], ...rest] = grid;
  const head = headers ?? first;
  const body = headers ? grid : rest;
  return { headers: head.map(cell), rows: body.map((row) => row.map(cell)) };
}

function fromObjects(rows: readonly Readonly<Record<string, unknown>>[], headers?: readonly unknown[]): Cells {
  const keys = headers?.map(cell) ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { headers: keys, rows: rows.map((row) => keys.map((key) => cell(row[key]))) };
}

function cells(data: unknown): Cells {
  if (isGrid(data)) return fromGrid(data);
  if (Array.isArray(data) && data.every(isRecord)) return fromObjects(data);
  if (!isRecord(data)) return { headers: [], rows: [] };
  const headers = Array.isArray(data.headers) ? data.headers : Array.isArray(data.columns) ? data.columns : undefined;
  const rows = data.values ?? data.rows ?? data.data;
  if (isGrid(rows)) return fromGrid(rows, headers);
  if (Array.isArray(rows) && rows.every(isRecord)) return fromObjects(rows, headers);
  return { headers: headers?.map(cell) ?? [], rows: [] };
}

/**
 * The sheet in `GET google-tables/{id}/data`'s `data`: `values` as the Sheets API gives them (the
 * first row is the header), with `sheets` (titles) and `range`; `rows` with `headers` (or
 * `columns`) is read too, rows being lists of cells or objects keyed by header.
 */
export function parseSheetData(data: unknown): SheetData {
  const sheets =
    isRecord(data) && Array.isArray(data.sheets)
      ? data.sheets.filter((title): title is string => typeof title === 'string')
      : [];
  const range = isRecord(data) && typeof data.range === 'string' ? data.range : null;
  const table = isRecord(data) ? parseGoogleTable(data.table) : null;
  return { ...cells(data), sheets, range, table };
}
