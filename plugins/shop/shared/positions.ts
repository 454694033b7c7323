/*
 * The positions bulk load's answer (`POST positions/bulk`), as the server writes it and the page
 * reads it; the server is plugins/shop/server/positions/bulk-load.ts.
 */

/** A line that was not loaded: its 1-based number in the paste and what is wrong, in the caller's language. */
export interface LineError {
  readonly line: number;
  readonly message: string;
}

/** A load that went ahead: how many positions were created, and the lines left out (with skip_invalid). */
export interface BulkLoadReport {
  readonly created: number;
  readonly skipped: readonly LineError[];
}
