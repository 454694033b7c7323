import type { ResourceDefinition } from '@core/shared/resource/definition';
import { TEXT_KINDS, type FieldDefinition } from '@core/shared/resource/field';
import { quoteIdentifier } from '../database/sql';

/*
 * How a definition lays out in a table: the meta columns every record has and the column(s)
 * each field kind takes. The sync, the reader and the writer all ask here, so a kind's column
 * type is written once.
 */

export interface ColumnSpec {
  readonly name: string;
  /** As PostgreSQL's format_type() spells it, so a live table can be compared with the definition. */
  readonly type: string;
  /**
   * What follows the name in CREATE TABLE / ADD COLUMN, when more than the type. Only meta columns
   * have one: field columns stay nullable with no default, so a field can be added to a full table.
   */
  readonly declaration?: string;
}

const ID_COLUMN: ColumnSpec = { name: 'id', type: 'bigint', declaration: 'bigserial PRIMARY KEY' };

export function metaColumns(definition: ResourceDefinition): ColumnSpec[] {
  return [
    ID_COLUMN,
    { name: 'version', type: 'integer', declaration: 'integer NOT NULL DEFAULT 1' },
    { name: 'created_at', type: 'timestamp with time zone', declaration: 'timestamptz NOT NULL DEFAULT now()' },
    { name: 'updated_at', type: 'timestamp with time zone', declaration: 'timestamptz NOT NULL DEFAULT now()' },
    { name: 'created_by', type: 'bigint' },
    { name: 'updated_by', type: 'bigint' },
    ...(definition.softDelete ? [{ name: 'deleted_at', type: 'timestamp with time zone' }] : []),
    ...(definition.blockable ? [{ name: 'blocked_at', type: 'timestamp with time zone' }] : []),
  ];
}

/** The currency column beside a money field's amount column. */
export function currencyColumn(field: FieldDefinition): string {
  return `${field.name}_currency`;
}

export function fieldColumns(field: FieldDefinition): ColumnSpec[] {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
    case 'enum':
    case 'secret':
      return [{ name: field.name, type: 'text' }];
    case 'number':
    case 'decimal':
    case 'percent':
      return [{ name: field.name, type: 'numeric' }];
    case 'money':
      return [
        { name: field.name, type: 'numeric' },
        { name: currencyColumn(field), type: 'text' },
      ];
    case 'boolean':
      return [{ name: field.name, type: 'boolean' }];
    case 'date':
      return [{ name: field.name, type: 'date' }];
    case 'datetime':
      return [{ name: field.name, type: 'timestamp with time zone' }];
    case 'reference':
      return [{ name: field.name, type: field.many ? 'bigint[]' : 'bigint' }];
    case 'keyValue':
      return [{ name: field.name, type: 'jsonb' }];
  }
}

export function tableColumns(definition: ResourceDefinition): ColumnSpec[] {
  return [...metaColumns(definition), ...definition.fields.flatMap(fieldColumns)];
}

/** `alias."column"`: every column reference the engine writes goes through here. */
export function columnRef(alias: string, column: string): string {
  return `${alias}.${quoteIdentifier(column)}`;
}

/**
 * The expression a field is compared, sorted and indexed by: text kinds case-insensitively,
 * money by its amount, everything else as stored.
 */
export function comparable(field: FieldDefinition, alias: string): string {
  const column = columnRef(alias, field.name);
  return TEXT_KINDS.has(field.kind) ? `lower(${column})` : column;
}

/** Column names two fields would both claim (a money field `x` takes `x_currency` too). */
export function columnClashes(definition: ResourceDefinition): string[] {
  const seen = new Set<string>();
  const clashes: string[] = [];
  for (const column of tableColumns(definition)) {
    if (seen.has(column.name)) clashes.push(column.name);
    seen.add(column.name);
  }
  return clashes;
}

/**
 * The SQL type a field's values are bound and compared as: its column's type (a many-reference
 * holds an array of ids, a key/value map jsonb), or with `element`, the type of one value in it.
 */
export function valueType(field: FieldDefinition, element = false): string {
  switch (field.kind) {
    case 'number':
    case 'money':
    case 'decimal':
    case 'percent':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'reference':
      return field.many && !element ? 'bigint[]' : 'bigint';
    case 'keyValue':
      return 'jsonb';
    default:
      return 'text';
  }
}
