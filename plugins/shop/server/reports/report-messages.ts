/*
 * The reports' own messages, in English with `{name}` for a value filled in; messages-ru.ts holds
 * their Russian, which the server's error handler uses for a refusal's message and every line's.
 */

export const NOTHING_WRITTEN =
  'Nothing was written: every line must be valid. Fix the lines named and send them again.';
export const CSV_EMPTY = 'The file has no lines besides its header.';
export const CSV_TOO_LONG = 'Send at most {lines} lines at once.';
export const CSV_UNCLOSED = 'A quoted cell opened on line {line} is never closed.';
export const HEADER_MISSING = 'The header lacks the column {column}.';
export const HEADER_UNKNOWN = 'The column {column} is not one of the report’s columns.';
export const HEADER_REPEATED = 'The column {column} appears twice.';
export const CELLS_COUNT = 'The line has {found} cells where the header has {expected}.';
export const REPEATED_LINE = 'Line {line} already gives this ads account and report date.';
export const REPEATED_ROW = 'Row {row} already gives this ads account and report date.';
export const NO_PRODUCT = 'There is no product named “{name}”.';
export const NO_CATEGORY = 'There is no category named “{name}”.';
export const NO_TEAM = 'There is no team named “{name}”.';
export const NO_USER = 'There is no user with the e-mail “{email}”.';
export const ORDER_BY_NUMBER = 'Name an order by its number.';
export const DAYS_REVERSED = 'The period cannot end before it starts.';
