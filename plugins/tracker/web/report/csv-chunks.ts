/*
 * A long CSV file cut into parts the import takes one request at a time (the server reads at most
 * MAX_IMPORT_LINES lines at once), each part with the file's header and the file line its header
 * stands on, so the server's line numbers are the file's. Cuts fall only between records, never
 * inside a quoted field that spans lines.
 */

export interface CsvChunk {
  /** The file line the part's header is counted as (its first record is on the next line). */
  readonly firstLine: number;
  readonly csv: string;
  /** Records in the part, besides the header. */
  readonly records: number;
}

interface CsvRecord {
  readonly line: number;
  readonly text: string;
}

/** The file's records, blank ones too, with the line each starts on; quoted line breaks stay inside their record. */
function records(text: string): CsvRecord[] {
  const found: CsvRecord[] = [];
  let quoted = false;
  let start = 0;
  let line = 1;
  let startLine = 1;
  for (let at = 0; at <= text.length; at++) {
    const char = text[at];
    if (char === '"') quoted = !quoted;
    if (at === text.length || (!quoted && char === '\n')) {
      // Blank records are kept (the server skips them) so the part's lines stay the file's.
      found.push({ line: startLine, text: text.slice(start, at).replace(/\r$/, '') });
      start = at + 1;
      startLine = line + 1;
    }
    if (char === '\n') line++;
  }
  return found;
}

export function csvChunks(text: string, size: number): CsvChunk[] {
  const all = records(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const headerAt = all.findIndex((record) => record.text.trim() !== '');
  const header = all[headerAt];
  if (!header) return [];
  const rest = all.slice(headerAt + 1);
  while (rest.length > 0 && rest[rest.length - 1]?.text.trim() === '') rest.pop();
  if (rest.length === 0) return [{ firstLine: header.line, csv: header.text, records: 0 }];
  const chunks: CsvChunk[] = [];
  for (let at = 0; at < rest.length; at += size) {
    const part = rest.slice(at, at + size);
    // Lines between the header and the part's first record are counted by starting the header just before it.
    const firstLine = (part[0]?.line ?? 2) - 1;
    const count = part.filter((record) => record.text.trim() !== '').length;
    if (count > 0)
      chunks.push({ firstLine, csv: [header.text, ...part.map((record) => record.text)].join('\n'), records: count });
  }
  return chunks;
}
