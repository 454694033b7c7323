import type { Queryable } from '@core/server/database/database';
import { ApiError, validationError, type FieldErrors } from '@core/server/http/api-error';
import { STALE_VERSION_MESSAGE, type ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import { issueMessage } from '@core/shared/resource/messages';
import type { Language } from '@core/shared/runtime-config';
import { addFieldError } from '@core/shared/field-errors';

/*
 * The Keitaro server and reverse forms are declared as resource definitions (plugins/admin/shared)
 * and checked with the engine's `readValues`, the rules the browser's form runs, but written by
 * the Keitaro routes themselves (the board is not an ordinary list). These are the pieces of a
 * write the engine does not export. Every SQL identifier below comes from a definition in code.
 */

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
    if (rows.length > 0) addFieldError(errors, field.name, issueMessage({ code: 'unique' }, language));
  }
  return errors;
}

/** The columns a write sets, in definition order: `[column, value]` for each value given. */
export function columnValues(definition: ResourceDefinition, values: Readonly<Record<string, FieldValue>>): [string, FieldValue][] {
  return definition.fields.filter((field) => values[field.name] !== undefined).map((field) => [field.name, values[field.name] as FieldValue]);
}
