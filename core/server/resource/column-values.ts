import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldDefinition, FieldValue, Money } from '@core/shared/resource/field';
import { quoteIdentifier, type SqlParams } from '../database/sql';
import { currencyColumn, valueType } from './columns';

/** A column and the bound placeholder (with its cast) that writes it. */
export type ColumnValue = readonly [column: string, placeholder: string];

/** The value as a driver parameter: decimals stay strings, maps go as JSON text, so both drivers send the same thing. */
function parameter(field: FieldDefinition, value: FieldValue): unknown {
  if (value === null) return null;
  if (field.kind === 'keyValue') return JSON.stringify(value);
  if (field.kind === 'number') return String(value);
  return value;
}

/**
 * Validated values (from validateInput) as column writes. Field names come from the definition
 * (quoted); values only ever become parameters.
 */
export function columnValues(
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
  params: SqlParams,
): ColumnValue[] {
  const writes: ColumnValue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fieldNamed(definition, name);
    if (!field) throw new Error(`${definition.id} has no field ${name}`);
    if (field.kind === 'money') {
      const money = value as Money | null;
      writes.push([quoteIdentifier(field.name), `${params.bind(money?.amount ?? null)}::numeric`]);
      writes.push([quoteIdentifier(currencyColumn(field)), `${params.bind(money?.currency ?? null)}::text`]);
    } else {
      writes.push([quoteIdentifier(field.name), `${params.bind(parameter(field, value))}::${valueType(field)}`]);
    }
  }
  return writes;
}
