import { fieldNamed, type ResourceDefinition, type SortOrder } from '@core/shared/resource/definition';
import { TEXT_KINDS } from '@core/shared/resource/field';
import type { SqlParams } from '../database/sql';
import { columnRef, comparable } from './columns';

/*
 * The order of a list, and the keyset that continues it. Every order ends with the id, so two
 * requests for the same page agree and an export never skips or repeats a row. Nulls sit where
 * PostgreSQL puts them by default (last ascending, first descending), which is what a btree
 * index scanned either way gives.
 */

export interface SortKey {
  readonly expression: string;
  /** The type the key is compared as when it comes back as text. */
  readonly type: string;
  readonly descending: boolean;
}

export function sortKey(definition: ResourceDefinition, sort: SortOrder, alias: string): SortKey {
  const descending = sort.direction === 'desc';
  if (sort.field === 'id') return { expression: columnRef(alias, 'id'), type: 'bigint', descending };
  if (sort.field === 'created_at' || sort.field === 'updated_at') return { expression: columnRef(alias, sort.field), type: 'timestamptz', descending };
  const field = fieldNamed(definition, sort.field);
  if (!field) throw new Error(`${definition.id} cannot sort by ${sort.field}`);
  const type = TEXT_KINDS.has(field.kind) || field.kind === 'enum' ? 'text' : typeOfKind(field.kind, field.kind === 'reference' && field.many === true);
  return { expression: comparable(field, alias), type, descending };
}

function typeOfKind(kind: string, many: boolean): string {
  switch (kind) {
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
      return many ? 'bigint[]' : 'bigint';
    case 'keyValue':
      return 'jsonb';
    default:
      return 'text';
  }
}

export function orderBy(key: SortKey, alias: string): string {
  const direction = key.descending ? 'DESC' : 'ASC';
  return `ORDER BY ${key.expression} ${direction}, ${columnRef(alias, 'id')} ${direction}`;
}

/** Where the last row of a batch left off: its sort key as text (null when the key was null) and its id. */
export interface KeysetPosition {
  readonly key: string | null;
  readonly id: string;
}

/** Rows strictly after `position` in the order `orderBy(key)` gives. */
export function afterPosition(key: SortKey, alias: string, position: KeysetPosition, params: SqlParams): string {
  const id = columnRef(alias, 'id');
  const after = key.descending ? '<' : '>';
  const lastId = `${params.bind(position.id)}::bigint`;
  if (position.key === null) {
    // Nulls come last ascending (only more nulls follow) and first descending (then every non-null).
    const laterNulls = `(${key.expression} IS NULL AND ${id} ${after} ${lastId})`;
    return key.descending ? `(${laterNulls} OR ${key.expression} IS NOT NULL)` : laterNulls;
  }
  const value = `${params.bind(position.key)}::${key.type}`;
  const beyond = `${key.expression} ${after} ${value} OR (${key.expression} = ${value} AND ${id} ${after} ${lastId})`;
  return key.descending ? `(${beyond})` : `(${beyond} OR ${key.expression} IS NULL)`;
}
