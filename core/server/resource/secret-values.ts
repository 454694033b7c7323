import type { ResourceDefinition } from '@core/shared/resource/definition';
import { hasSecretValues, SECRET_VALUE_MASK, type FieldValue, type KeyValueField } from '@core/shared/resource/field';
import { issueMessage } from '@core/shared/resource/messages';
import type { Language } from '@core/shared/runtime-config';
import type { Queryable } from '../database/database';
import { quoteTable } from '../database/sql';
import { validationError } from '../http/api-error';
import { columnRef } from './columns';

/*
 * Key/value fields with `secretValues` read back with every value masked, so an edit form sends
 * the mask for each value it left alone. Here, on the one write path, the mask turns back into
 * the value stored under that key; a mask with nothing stored behind it (a create, a new or
 * renamed key) is refused, since writing it would store the mask as the secret.
 */

type Values = Readonly<Record<string, FieldValue>>;
type StringMap = Readonly<Record<string, string>>;

const masked = (map: StringMap): boolean => Object.values(map).includes(SECRET_VALUE_MASK);

/** The secret-valued maps of `values` that send a mask for some key. */
function maskedFields(definition: ResourceDefinition, values: Values): KeyValueField[] {
  return definition.fields.filter((field): field is KeyValueField => {
    const value = values[field.name];
    return (
      hasSecretValues(field) &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      masked(value as StringMap)
    );
  });
}

function refuse(fields: readonly KeyValueField[], language: Language): never {
  throw validationError(
    Object.fromEntries(fields.map((field) => [field.name, [issueMessage({ code: 'secretValue' }, language)]])),
  );
}

/** A new record's values: a mask among them has nothing to keep, and is a 422 on its field. */
export function refuseMaskedValues(definition: ResourceDefinition, values: Values, language: Language): void {
  const fields = maskedFields(definition, values);
  if (fields.length > 0) refuse(fields, language);
}

/**
 * An existing record's values with each masked value replaced by the one stored under its key
 * (the row is already locked by the caller); keys left out of a sent map are dropped with it.
 */
export async function keepStoredValues(
  tx: Queryable,
  definition: ResourceDefinition,
  id: number,
  values: Values,
  language: Language,
): Promise<Values> {
  const fields = maskedFields(definition, values);
  if (fields.length === 0) return values;
  const { rows } = await tx.query<Record<string, StringMap | null>>(
    `SELECT ${fields.map((field) => columnRef('r', field.name)).join(', ')} FROM ${quoteTable(definition.table)} r WHERE r.id = $1`,
    [id],
  );
  const stored = rows[0] ?? {};
  const kept: Record<string, FieldValue> = { ...values };
  const unknown: KeyValueField[] = [];
  for (const field of fields) {
    const before = stored[field.name] ?? {};
    const map: Record<string, string> = {};
    for (const [key, value] of Object.entries(values[field.name] as StringMap)) {
      const keep = value === SECRET_VALUE_MASK;
      if (keep && !Object.hasOwn(before, key)) unknown.push(field);
      map[key] = keep ? (before[key] as string) : value;
    }
    kept[field.name] = map;
  }
  if (unknown.length > 0) refuse([...new Set(unknown)], language);
  return kept;
}
