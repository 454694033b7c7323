import { fieldNamed, type ResourceDefinition, type SortOrder } from '@core/shared/resource/definition';
import type { SqlParams } from '../database/sql';
import { columnRef, comparable, valueType } from './columns';

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
  if (sort.field === 'created_at' || sort.field === 'updated_at')
    return { expression: columnRef(alias, sort.field), type: 'timestamptz', descending };
  const field = fieldNamed(definition, sort.field);
  if (!field) throw new Error(`${definition.id} cannot sort by ${sort.field}`);
  const type = valueType(field);
  return { expression: comparable(field, alias), type, descending };
}

export function orderBy(key: SortKey, alias: string): string {
  const direction = key.descending ? 'DESC' : 'ASC';
  return `ORDER BY ${key.expression} ${direction}, ${columnRef(alias, 'id')} ${direction}`;
}

/**
 * A keyset walk goes through the rows whose key is set and the rows whose key is null as two
 * phases, in the order `orderBy` gives (nulls last ascending, first descending). Within a phase
 * the continuation is one row comparison, `(key, id) > (last key, last id)`, which a btree on
 * (key, id) answers as a range: each batch costs the same however deep into the table it is.
 */
export type KeysetPhase = 'values' | 'nulls';

export function keysetPhases(key: SortKey): readonly KeysetPhase[] {
  return key.descending ? ['nulls', 'values'] : ['values', 'nulls'];
}

/** Where the last row of a batch left off: its sort key as text and its id. */
export interface KeysetPosition {
  readonly key: string | null;
  readonly id: string;
}

/** The rows of `phase` after `position` (from the phase's start when there is none). */
export function keysetCondition(
  key: SortKey,
  alias: string,
  phase: KeysetPhase,
  position: KeysetPosition | null,
  params: SqlParams,
): string {
  const id = columnRef(alias, 'id');
  const after = key.descending ? '<' : '>';
  if (phase === 'nulls') {
    const rest = position ? ` AND ${id} ${after} ${params.bind(position.id)}::bigint` : '';
    return `${key.expression} IS NULL${rest}`;
  }
  if (!position || position.key === null) return `${key.expression} IS NOT NULL`;
  const value = `${params.bind(position.key)}::${key.type}`;
  return `${key.expression} IS NOT NULL AND (${key.expression}, ${id}) ${after} (${value}, ${params.bind(position.id)}::bigint)`;
}
