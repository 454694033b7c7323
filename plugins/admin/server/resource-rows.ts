import type { Queryable } from '@core/server/database/database';
import { ApiError, validationError, type FieldErrors } from '@core/server/http/api-error';
import type { ListPage } from '@core/shared/envelopes';
import { STALE_VERSION_MESSAGE, type ResourceDefinition } from '@core/shared/resource/definition';
import { SECRET_MASK, TEXT_KINDS, type FieldValue } from '@core/shared/resource/field';
import { decodeListQuery, type FilterClause, type QueryParams } from '@core/shared/resource/list-query';
import { issueMessage, issueMessages } from '@core/shared/resource/messages';
import { hasIssues, validateInput, type ValidationMode } from '@core/shared/resource/validation';
import type { Language } from '@core/shared/runtime-config';
import { addError, isoOf } from './http';

/*
 * The admin's ordinary lists (RDP servers) and forms (Keitaro servers, reverses) are declared as
 * resource definitions in plugins/admin/shared, checked with the same shared rules the browser
 * runs, and read with the same list-query codec. These helpers serve them by hand until the core
 * resource engine (core/server/resource) mounts definitions itself. Every SQL identifier below
 * comes from a definition in code, never from a request.
 */

/** A body checked against the definition; 422 with every failing field in the caller's language. */
export function readResourceBody(definition: ResourceDefinition, body: unknown, mode: ValidationMode, language: Language): Record<string, FieldValue> {
  const { values, issues } = validateInput(definition, body, mode);
  if (hasIssues(issues)) throw validationError(issueMessages(issues, language));
  return values;
}

/** `version` of an edit, when sent: a positive whole number, else 422. */
export function versionOf(body: unknown, language: Language): number | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'version')) return undefined;
  const version = (body as { version?: unknown }).version;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 1) return version;
  throw validationError({ version: [issueMessage({ code: 'integer' }, language)] });
}

/** Rejects an edit made on an older version than the stored one (someone else saved first). */
export function checkVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw new ApiError(409, STALE_VERSION_MESSAGE);
}

/** Unique fields whose value another row already holds (case-insensitively). */
export async function uniqueErrors(
  db: Queryable,
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
  exceptId: number | null,
  language: Language,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of definition.fields) {
    const value = values[field.name];
    if (!field.unique || typeof value !== 'string') continue;
    const { rows } = await db.query(
      `SELECT 1 FROM ${definition.table} WHERE lower(${field.name}) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1`,
      [value, exceptId],
    );
    if (rows.length > 0) addError(errors, field.name, issueMessage({ code: 'unique' }, language));
  }
  return errors;
}

/** The columns a write sets, in definition order: `[column, value]` for each value given. */
export function columnValues(definition: ResourceDefinition, values: Readonly<Record<string, FieldValue>>): [string, FieldValue][] {
  return definition.fields.filter((field) => values[field.name] !== undefined).map((field) => [field.name, values[field.name] as FieldValue]);
}

type Row = Record<string, unknown>;

/** A stored row as it leaves the server: ids as numbers, times as ISO text, secrets masked. */
export function wireRecord(definition: ResourceDefinition, row: Row): Row {
  const record: Row = { ...row, id: Number(row.id) };
  if (row.version !== undefined) record.version = Number(row.version);
  for (const column of ['created_at', 'updated_at']) {
    const value = row[column];
    if (value instanceof Date || typeof value === 'string') record[column] = isoOf(value);
  }
  for (const field of definition.fields) {
    if (field.kind === 'secret') record[field.name] = row[field.name] ? SECRET_MASK : null;
  }
  return record;
}

/** The SELECT list of a definition's table: meta columns and every field. */
export function selectColumns(definition: ResourceDefinition, alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  return ['id', 'version', 'created_at', 'updated_at', ...definition.fields.map((field) => field.name)].map((column) => `${prefix}${column}`).join(', ');
}

function likePattern(text: string, anywhere: boolean): string {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return anywhere ? `%${escaped}%` : `${escaped}%`;
}

function filterCondition(clause: FilterClause, bind: (value: unknown) => string): string {
  const value = typeof clause.value === 'string' ? clause.value : clause.value.join(',');
  const column = clause.field;
  switch (clause.op) {
    case 'eq':
      return `lower(${column}) = lower(${bind(value)})`;
    case 'neq':
      return `lower(${column}) IS DISTINCT FROM lower(${bind(value)})`;
    case 'contains':
      return `${column} ILIKE ${bind(likePattern(value, true))} ESCAPE '\\'`;
    case 'startsWith':
      return `${column} ILIKE ${bind(likePattern(value, false))} ESCAPE '\\'`;
    default:
      throw new Error(`filter "${clause.op}" is not served by the admin list helper`);
  }
}

/**
 * One page of a definition's table for the list parameters of core/shared/resource/list-query
 * (`page`, `per_page`, `sort`, `filter[<field>][<op>]`); 422 naming each parameter not understood.
 * Filters are served for text fields, the only kind the admin lists filter on.
 */
export async function listRows(db: Queryable, definition: ResourceDefinition, params: QueryParams): Promise<ListPage<Row>> {
  const { query, errors } = decodeListQuery(definition, params, { allowDeleted: false });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const values: unknown[] = [];
  const bind = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = query.filters.map((clause) => {
    const field = definition.fields.find((candidate) => candidate.name === clause.field);
    if (!field || !TEXT_KINDS.has(field.kind)) throw validationError({ [`filter[${clause.field}][${clause.op}]`]: ['This filter is not offered.'] });
    return filterCondition(clause, bind);
  });
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${definition.table} ${where}`, values)).rows[0]?.n ?? 0);
  const direction = query.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const sortColumn = TEXT_KINDS.has(definition.fields.find((field) => field.name === query.sort.field)?.kind ?? 'number')
    ? `lower(${query.sort.field})`
    : query.sort.field;
  const { rows } = await db.query<Row>(
    `SELECT ${selectColumns(definition)} FROM ${definition.table} ${where}
     ORDER BY ${sortColumn} ${direction} NULLS LAST, id ${direction}
     LIMIT ${bind(query.perPage)} OFFSET ${bind((query.page - 1) * query.perPage)}`,
    values,
  );
  return {
    data: rows.map((row) => wireRecord(definition, row)),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
    per_page: query.perPage,
    total,
  };
}

/** A list's query string as the codec reads it: one text per parameter, else 422 naming it. */
export function singleValued(query: unknown): QueryParams {
  const params: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') params[key] = value;
    else addError(errors, key, 'Give this parameter once.');
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return params;
}
