const LINE_FEED = 0x0a;
const QUOTE = 0x22;

/**
 * Counts the CSV records that have arrived, chunk by chunk, without decoding the text: a line
 * feed ends a record unless it sits inside a quoted value (a doubled quote inside one toggles the
 * state twice, so it changes nothing). The first record is the header.
 */
export class CsvRecordCounter {
  private lines = 0;
  private quoted = false;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === LINE_FEED && !this.quoted) this.lines += 1;
    }
  }

  /** Data rows completed so far (the header line not counted). */
  get rows(): number {
    return Math.max(0, this.lines - 1);
  }
}

export interface ExportProgress {
  /** 0..1, or null when nothing tells how much is coming. */
  readonly fraction: number | null;
  readonly rows: number;
  readonly totalRows: number | null;
  readonly bytes: number;
}

/**
 * How far an export is, measured honestly: rows counted against the `X-Total-Count` the server
 * announced, else bytes against a `Content-Length`, else unknown (an indeterminate bar).
 */
export function exportProgress(
  rows: number,
  totalRows: number | null,
  bytes: number,
  totalBytes: number | null,
): ExportProgress {
  let fraction: number | null = null;
  if (totalRows !== null) fraction = totalRows === 0 ? 1 : Math.min(1, rows / totalRows);
  else if (totalBytes !== null && totalBytes > 0) fraction = Math.min(1, bytes / totalBytes);
  return { fraction, rows, totalRows, bytes };
}

/** A non-negative whole number from a header, or null. */
export function countHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}
