import type { ResourceDefinition } from '@core/shared/resource/definition';
import {
  labelColumnIn,
  SECRET_MASK,
  SECRET_VALUE_MASK,
  type FieldDefinition,
  type ReferenceField,
} from '@core/shared/resource/field';
import type { Language } from '@core/shared/runtime-config';
import { quoteIdentifier, quoteLiteral, quoteTable } from '../database/sql';
import { columnRef, currencyColumn } from './columns';

/*
 * A record leaves the database already in its wire shape, built by PostgreSQL as jsonb: numeric
 * values become decimal strings there (numeric::text), so money never passes through a JS number,
 * and both drivers hand back the same object. The audit snapshot is the same shape minus meta.
 */

// JSON functions take at most 100 arguments; larger objects are built in parts and merged.
const PAIRS_PER_CALL = 40;

export function jsonObject(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return `'{}'::jsonb`;
  const parts: string[] = [];
  for (let start = 0; start < pairs.length; start += PAIRS_PER_CALL) {
    const chunk = pairs.slice(start, start + PAIRS_PER_CALL);
    parts.push(`jsonb_build_object(${chunk.map(([key, value]) => `${quoteLiteral(key)}, ${value}`).join(', ')})`);
  }
  return parts.join(' || ');
}

/** An instant as ISO 8601 in UTC with microseconds, whatever the session's time zone. */
export function isoInstant(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The field's value as the API shows it. */
export function fieldJson(field: FieldDefinition, alias: string): string {
  const column = columnRef(alias, field.name);
  switch (field.kind) {
    case 'money':
      return `CASE WHEN ${column} IS NULL THEN NULL ELSE jsonb_build_object('amount', ${column}::text, 'currency', ${columnRef(alias, currencyColumn(field))}) END`;
    case 'decimal':
    case 'percent':
      return `${column}::text`;
    case 'datetime':
      return isoInstant(column);
    case 'secret':
      // Only whether it is set ever leaves the table.
      return `CASE WHEN ${column} IS NULL THEN NULL ELSE ${quoteLiteral(SECRET_MASK)} END`;
    case 'reference':
      return field.many ? `COALESCE(to_jsonb(${column}), '[]'::jsonb)` : column;
    case 'keyValue':
      if (!field.secretValues) return column;
      // Every key leaves with the mask in place of its value (an empty map aggregates to NULL).
      return `CASE WHEN ${column} IS NULL THEN NULL ELSE COALESCE((SELECT jsonb_object_agg(e.key, ${quoteLiteral(SECRET_VALUE_MASK)}::text) FROM jsonb_each(${column}) e), '{}'::jsonb) END`;
    default:
      return column;
  }
}

function lifecyclePairs(definition: ResourceDefinition, alias: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (definition.softDelete) pairs.push(['deleted_at', isoInstant(columnRef(alias, 'deleted_at'))]);
  if (definition.blockable) pairs.push(['blocked_at', isoInstant(columnRef(alias, 'blocked_at'))]);
  return pairs;
}

/** The label of the referenced record(s) in the reader's language, read in the same statement as the record. */
export function labelJson(field: ReferenceField, alias: string, language: Language): string {
  const target = quoteTable(field.target.table);
  const label = `l.${quoteIdentifier(labelColumnIn(field.target, language))}::text`;
  const column = columnRef(alias, field.name);
  if (!field.many) return `(SELECT ${label} FROM ${target} l WHERE l.id = ${column})`;
  return `COALESCE((SELECT jsonb_agg(${label} ORDER BY array_position(${column}, l.id)) FROM ${target} l WHERE l.id = ANY(${column})), '[]'::jsonb)`;
}

const referenceFields = (definition: ResourceDefinition): ReferenceField[] =>
  definition.fields.filter((field): field is ReferenceField => field.kind === 'reference');

/** The whole wire record (`ResourceRecord`): meta, readable fields, secrets masked, `_labels` in the reader's language. */
export function recordJson(definition: ResourceDefinition, alias: string, language: Language = 'en'): string {
  const meta: [string, string][] = [
    ['id', columnRef(alias, 'id')],
    ['version', columnRef(alias, 'version')],
    ['created_at', isoInstant(columnRef(alias, 'created_at'))],
    ['updated_at', isoInstant(columnRef(alias, 'updated_at'))],
    ['created_by', columnRef(alias, 'created_by')],
    ['updated_by', columnRef(alias, 'updated_by')],
    ...lifecyclePairs(definition, alias),
  ];
  const fields = definition.fields.map((field): [string, string] => [field.name, fieldJson(field, alias)]);
  const labels = jsonObject(
    referenceFields(definition).map((field) => [field.name, labelJson(field, alias, language)]),
  );
  return jsonObject([...meta, ...fields, ['_labels', labels]]);
}

/** What the audit trail keeps of a record: its fields as the API shows them, and whether it is deleted or blocked. */
export function snapshotJson(definition: ResourceDefinition, alias: string): string {
  return jsonObject([
    ...definition.fields.map((field): [string, string] => [field.name, fieldJson(field, alias)]),
    ...lifecyclePairs(definition, alias),
  ]);
}
