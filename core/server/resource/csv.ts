/*
 * CSV as RFC 4180 writes it (CRLF line ends, quotes doubled inside quoted cells), with one
 * addition: a cell a spreadsheet would run as a formula gets a leading apostrophe, so an exported
 * value like `=HYPERLINK(…)` stays text when the file is opened. The field separator is a comma
 * unless the file is for a reader whose spreadsheet expects another (Russian: a semicolon, since
 * the comma is its decimal separator).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const LINE_BREAK_OR_QUOTE = /["\r\n]/;

/** A cell of text someone typed: defused if it looks like a formula, quoted if it must be. */
export function csvText(value: string, separator = ','): string {
  return csvCell(FORMULA_START.test(value) ? `'${value}` : value, separator);
}

/** A cell as it is (numbers, dates, values the server made): only quoted when needed. */
export function csvCell(value: string, separator = ','): string {
  return LINE_BREAK_OR_QUOTE.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: readonly string[], separator = ','): string {
  return `${cells.join(separator)}\r\n`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One line of a report's CSV: null is an empty cell, a number or a decimal string stays as it is
 * (a negative amount is not a formula), any other text is defused and quoted like `csvText`.
 */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return csvLine(
    cells.map((cell) =>
      cell === null ? '' : typeof cell === 'number' || PLAIN_NUMBER.test(cell) ? String(cell) : csvText(cell),
    ),
  );
}
