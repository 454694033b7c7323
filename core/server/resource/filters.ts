import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import { TEXT_KINDS, type FieldDefinition } from '@core/shared/resource/field';
import type { DeletedScope, FilterClause } from '@core/shared/resource/list-query';
import { likeLiteral, type SqlParams } from '../database/sql';
import { columnRef, valueType } from './columns';

/*
 * A list's filters as SQL conditions. Clauses arrive already checked against the definition
 * (decodeListQuery, filterValueIssue); their values only ever become parameters, and every
 * parameter carries an explicit cast so PGlite and node-postgres read it the same way.
 */

const isDateOnly = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

function single(clause: FilterClause): string {
  return typeof clause.value === 'string' ? clause.value : (clause.value[0] ?? '');
}

function textCondition(column: string, clause: FilterClause, params: SqlParams): string {
  const value = single(clause);
  switch (clause.op) {
    case 'eq':
      return `lower(${column}) = lower(${params.bind(value)}::text)`;
    case 'neq':
      return `lower(${column}) IS DISTINCT FROM lower(${params.bind(value)}::text)`;
    case 'contains':
      return `${column} ILIKE ${params.bind(`%${likeLiteral(value)}%`)}::text ESCAPE '\\'`;
    case 'startsWith':
      return `${column} ILIKE ${params.bind(`${likeLiteral(value)}%`)}::text ESCAPE '\\'`;
    default:
      throw new Error(`operator ${clause.op} does not apply to text`);
  }
}

function valueCondition(field: FieldDefinition, column: string, clause: FilterClause, params: SqlParams): string {
  // One value at a time: an id even for a many-reference (its column is matched by overlap).
  const cast = valueType(field, true);
  const bound = (value: string | boolean) => `${params.bind(value)}::${cast}`;
  const value = single(clause);
  switch (clause.op) {
    case 'eq':
      return `${column} = ${bound(field.kind === 'boolean' ? value === 'true' : value)}`;
    case 'neq':
      return `${column} IS DISTINCT FROM ${bound(value)}`;
    case 'gte':
      return `${column} >= ${bound(value)}`;
    case 'lte':
      // A bare date as the upper end of a datetime range means the whole of that day.
      return field.kind === 'datetime' && isDateOnly(value)
        ? `${column} < ${params.bind(value)}::date + 1`
        : `${column} <= ${bound(value)}`;
    case 'in':
      return `${column} = ANY(${params.bind(typeof clause.value === 'string' ? [clause.value] : [...clause.value])}::${cast}[])`;
    default:
      throw new Error(`operator ${clause.op} does not apply to ${field.kind}`);
  }
}

/** A many-reference matches when it holds the id (eq) or any of the ids (in). */
function manyReferenceCondition(column: string, clause: FilterClause, params: SqlParams): string {
  const ids = typeof clause.value === 'string' ? [clause.value] : [...clause.value];
  return clause.op === 'eq'
    ? `${column} @> ${params.bind(ids)}::bigint[]`
    : `${column} && ${params.bind(ids)}::bigint[]`;
}

export function filterCondition(
  definition: ResourceDefinition,
  clause: FilterClause,
  params: SqlParams,
  alias: string,
): string {
  const field = fieldNamed(definition, clause.field);
  if (!field) throw new Error(`${definition.id} has no field ${clause.field}`);
  const column = columnRef(alias, field.name);
  if (TEXT_KINDS.has(field.kind)) return textCondition(column, clause, params);
  if (field.kind === 'reference' && field.many) return manyReferenceCondition(column, clause, params);
  return valueCondition(field, column, clause, params);
}

export function deletedCondition(definition: ResourceDefinition, scope: DeletedScope, alias: string): string | null {
  if (!definition.softDelete || scope === 'with') return null;
  return `${columnRef(alias, 'deleted_at')} ${scope === 'only' ? 'IS NOT NULL' : 'IS NULL'}`;
}

/** Every condition a list, export or bulk delete applies, the plugin's list scope included. */
export function listConditions(
  definition: ResourceDefinition,
  query: {
    readonly filters: readonly FilterClause[];
    readonly deleted: DeletedScope;
    readonly scope?: (alias: string, params: SqlParams) => string | null;
  },
  params: SqlParams,
  alias: string,
): string[] {
  const conditions = query.filters.map((clause) => filterCondition(definition, clause, params, alias));
  const deleted = deletedCondition(definition, query.deleted, alias);
  const scope = query.scope?.(alias, params) ?? null;
  return [...(deleted ? [deleted] : []), ...(scope ? [`(${scope})`] : []), ...conditions];
}
