/*
 * CSV text (RFC 4180: comma-separated, fields in double quotes may hold commas, quotes doubled and
 * line breaks) as lines of cells, each with the line of the file it starts on, so a refusal names
 * the line a spreadsheet shows. Blank lines are skipped; a byte-order mark is dropped; a quote
 * left open is reported rather than swallowing the rest of the file.
 */

/** One record of a CSV file: its cells and the file line it starts on. */
export interface CsvLine {
  /** The file's line the record starts on, from 1. */
  readonly line: number;
  readonly cells: readonly string[];
}

/** A quoted field never closed (`line` is where it opened): the rest of the file would be one cell. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`quoted field opened on line ${line} not closed`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * The records of `text`. `firstLine` is the file line `text` starts on, for a part of a longer
 * file sent on its own. Throws CsvSyntaxError for a quote left open.
 */
export function readCsv(text: string, firstLine = 1): CsvLine[] {
  const lines: CsvLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = firstLine;
  let start = firstLine;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endLine = () => {
    endCell();
    if (cells.length > 1 || cells[0] !== '') lines.push({ line: start, cells });
    cells = [];
  };
  // A byte-order mark some spreadsheets write is not part of the first header.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
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
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[at + 1] === '\n') at++;
      endLine();
      line++;
      start = line;
    } else cell += char;
  }
  if (quoted) throw new CsvSyntaxError(start);
  endLine();
  return lines;
}
