/**
 * The two files a list exports. `people` (the default): the columns the caller sees, titled in
 * their language, values as the screen shows them, numbers as their spreadsheet reads them.
 * `exact`, for machines: every column under its field name, ids, ISO 8601 times in UTC, `.` decimals.
 */
export type ExportFormat = 'people' | 'exact';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['people', 'exact'];

/** The export's query parameters beside the list's own: `format=exact`, `columns=name,amount,created_at`. */
export const EXPORT_PARAMS = { format: 'format', columns: 'columns' } as const;

/** The file a user asked for: its format and, for people, the columns they see in their order. */
export interface ExportFile {
  readonly format: ExportFormat;
  readonly columns: readonly string[];
}

/** The export parameters of `file`: none for people with no columns named (the list's default ones). */
export function exportParams(file: ExportFile): Record<string, string> {
  if (file.format === 'exact') return { [EXPORT_PARAMS.format]: 'exact' };
  return file.columns.length > 0 ? { [EXPORT_PARAMS.columns]: file.columns.join(',') } : {};
}
