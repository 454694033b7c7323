/*
 * CSV text (RFC 4180: commas, double-quoted cells holding commas, doubled quotes and line breaks)
 * as records of cells, each with the file line it starts on, so a refusal names the line a
 * spreadsheet shows. Blank lines are skipped; a byte-order mark is dropped.
 *
 * The tracker plugin has a reader of its own (plugins/tracker/server/statistics/csv-reader.ts);
 * the SDK offers none, and a plugin may not import another's server code.
 */

export interface CsvRecord {
  /** The file's line the record starts on, from 1. */
  readonly line: number;
  readonly cells: readonly string[];
}

/** A quoted cell never closed: the rest of the file would be one cell. */
export class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super(`quoted cell opened on line ${line} not closed`);
    this.name = 'UnclosedQuoteError';
  }
}

export function csvRecords(text: string): CsvRecord[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let at = 0; at < body.length; at++) {
    const char = body[at];
    if (quoted) {
      if (char === '"' && body[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[at + 1] === '\n') at++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (quoted) throw new UnclosedQuoteError(start);
  endRecord();
  return records;
}
