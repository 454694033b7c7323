/*
 * CSV as RFC 4180 writes it (CRLF line ends, quotes doubled inside quoted cells), with one
 * addition: a cell a spreadsheet would run as a formula gets a leading apostrophe, so an exported
 * value like `=HYPERLINK(…)` stays text when the file is opened.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell of text someone typed: defused if it looks like a formula, quoted if it must be. */
export function csvText(value: string): string {
  return csvCell(FORMULA_START.test(value) ? `'${value}` : value);
}

/** A cell as it is (numbers, dates, values the server made): only quoted when needed. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One line of a report's CSV: null is an empty cell, a number or a decimal string stays as it is
 * (a negative amount is not a formula), any other text is defused and quoted like `csvText`.
 */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return csvLine(cells.map((cell) => (cell === null ? '' : typeof cell === 'number' || PLAIN_NUMBER.test(cell) ? String(cell) : csvText(cell))));
}
