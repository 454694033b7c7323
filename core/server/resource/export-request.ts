import { addFieldError } from '@core/shared/field-errors';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { validationError, type FieldErrors } from '../http/api-error';
import { EXPORT_FORMATS, EXPORT_PARAMS, type ExportFormat } from '@core/shared/resource/export-format';
import { defaultExportColumns, isExportColumn } from './export';

/** What an export asks for besides the list's own parameters. */
export interface ExportRequest {
  readonly format: ExportFormat;
  /** The people's file's columns in order: those the caller sees, else the list's default ones. */
  readonly columns: readonly string[];
  /** Every other parameter: the list query (filters, order, scopes). */
  readonly listParams: Readonly<Record<string, unknown>>;
}

/**
 * Takes `format` (`people`, the default, or `exact`) and `columns` (names, comma-separated, in the
 * order the caller shows them) out of an export's query string. An unknown format or column is a
 * 422 naming it, never dropped in silence.
 */
export function readExportRequest(definition: ResourceDefinition, raw: unknown): ExportRequest {
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const { [EXPORT_PARAMS.format]: format = 'people', [EXPORT_PARAMS.columns]: columns, ...listParams } = source;
  const errors: FieldErrors = {};
  const chosen = EXPORT_FORMATS.find((known) => known === format);
  if (!chosen) addFieldError(errors, EXPORT_PARAMS.format, `Choose one of: ${EXPORT_FORMATS.join(', ')}.`);
  let names = defaultExportColumns(definition);
  if (typeof columns === 'string' && columns.trim() !== '') {
    names = [...new Set(columns.split(',').map((name) => name.trim()))];
    const unknown = names.filter((name) => !isExportColumn(definition, name));
    if (unknown.length > 0)
      addFieldError(errors, EXPORT_PARAMS.columns, `These columns are not known: ${unknown.join(', ')}.`);
  } else if (columns !== undefined && typeof columns !== 'string') {
    addFieldError(errors, EXPORT_PARAMS.columns, 'This parameter may be given once.');
  }
  if (!chosen || Object.keys(errors).length > 0) throw validationError(errors, 'The list parameters are invalid.');
  return { format: chosen, columns: names, listParams };
}
