import { fieldNamed, type ResourceDefinition } from '@core/shared/resource/definition';
import {
  SEARCH_BUDGET_MS,
  SEARCH_HITS_PER_RESOURCE,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
} from '@core/shared/resource/record-page';
import type { Queryable } from '../database/database';
import { likeLiteral, quoteLiteral, quoteTable, SqlParams, whereClause } from '../database/sql';
import { columnRef } from './columns';
import { deletedCondition } from './filters';
import { hooksOf, type ListScope } from './hooks';
import { searchedFields } from './search-fields';

/*
 * Record search (Ctrl+K): one indexed statement per resource, run one resource after another
 * (PGlite serves one statement at a time) until the time budget is spent.
 */

const ALIAS = 'r';
/** Below this many characters pg_trgm extracts no trigram, so the search is a prefix match instead. */
const TRIGRAM_MIN_LENGTH = 3;

export interface SearchStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * The one statement searching `definition` for `q` (already trimmed): live records, within the list
 * scope's default, whose label or a searchable field holds `q` (3+ characters, `ILIKE '%q%'`, served
 * by the trigram indexes) or starts with it (2 characters, `lower(col) LIKE 'q%'`, served by the
 * `text_pattern_ops` indexes). Ranked: the label equal to `q`, then starting with it, then shorter.
 * Null when the resource has nothing to search by.
 */
export function searchStatement(
  definition: ResourceDefinition,
  q: string,
  listScope?: ListScope,
): SearchStatement | null {
  const fields = searchedFields(definition);
  const labelField = fieldNamed(definition, definition.labelField);
  if (fields.length === 0 || !labelField) return null;
  const params = new SqlParams();
  const escape = ` ESCAPE ${quoteLiteral('\\')}`;
  const trigram = q.length >= TRIGRAM_MIN_LENGTH;
  const pattern = trigram
    ? `${params.bind(`%${likeLiteral(q)}%`)}::text`
    : `lower(${params.bind(`${likeLiteral(q)}%`)}::text)`;
  const matches = (column: string): string =>
    trigram ? `${column} ILIKE ${pattern}${escape}` : `lower(${column}) LIKE ${pattern}${escape}`;
  const label = `${columnRef(ALIAS, labelField.name)}::text`;
  const conditions = fields.map((field) => ({ field, condition: matches(columnRef(ALIAS, field.name)) }));
  const labelSearched = fields[0] === labelField;
  const matched = conditions
    .filter(({ field }) => field !== labelField)
    .map(
      ({ field, condition }) =>
        `WHEN ${condition} THEN jsonb_build_object('field', ${quoteLiteral(field.name)}, 'value', ${columnRef(ALIAS, field.name)}::text)`,
    );
  const matchedJson =
    matched.length === 0
      ? 'NULL'
      : `CASE ${labelSearched ? `WHEN ${conditions[0]?.condition} THEN NULL ` : ''}${matched.join(' ')} END`;
  const where = [`(${conditions.map(({ condition }) => condition).join(' OR ')})`];
  const deleted = deletedCondition(definition, 'without', ALIAS);
  if (deleted) where.push(deleted);
  const scope = listScope?.condition(listScope.default, ALIAS) ?? null;
  if (scope) where.push(`(${scope})`);
  const exact = params.bind(q);
  const prefix = params.bind(`${likeLiteral(q)}%`);
  const sql = `SELECT jsonb_strip_nulls(jsonb_build_object('id', ${ALIAS}.id, 'label', COALESCE(${label}, ''), 'matched', ${matchedJson})) AS hit
  FROM ${quoteTable(definition.table)} ${ALIAS}
  ${whereClause(where)}
  ORDER BY lower(${label}) = lower(${exact}::text) DESC, lower(${label}) LIKE lower(${prefix}::text)${escape} DESC, length(${label}), ${ALIAS}.id
  LIMIT ${SEARCH_HITS_PER_RESOURCE}`;
  return { sql, params: params.values };
}

export interface SearchOptions {
  /** Milliseconds since some fixed point; the budget is measured with it. */
  readonly now?: () => number;
  readonly budgetMs?: number;
}

/**
 * Searches `readable` (the resources the caller may read, in the order groups are shown) for `q`.
 * Once the budget is spent no further statement starts; the resources left are `unreached`.
 */
export async function searchRecords(
  db: Queryable,
  readable: readonly ResourceDefinition[],
  q: string,
  options: SearchOptions = {},
): Promise<SearchAnswer> {
  const now = options.now ?? (() => performance.now());
  const budget = options.budgetMs ?? SEARCH_BUDGET_MS;
  const started = now();
  const groups: SearchGroup[] = [];
  const unreached: string[] = [];
  for (const definition of readable) {
    const statement = searchStatement(definition, q, hooksOf(definition).listScope);
    if (!statement) continue;
    if (now() - started >= budget) {
      unreached.push(definition.id);
      continue;
    }
    const { rows } = await db.query<{ hit: SearchHit }>(statement.sql, statement.params);
    if (rows.length > 0) groups.push({ resource: definition.id, hits: rows.map((row) => row.hit) });
  }
  return { groups, unreached };
}
