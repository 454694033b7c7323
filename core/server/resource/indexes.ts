import { createHash } from 'node:crypto';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { TEXT_KINDS, type FieldDefinition } from '@core/shared/resource/field';
import { quoteIdentifier, quoteTable } from '../database/sql';
import { currencyColumn } from './columns';
import { searchedFields } from './search-fields';

/** One index the engine keeps on a resource table. */
export interface IndexPlan {
  readonly name: string;
  readonly unique: boolean;
  /** Idempotent: `CREATE [UNIQUE] INDEX IF NOT EXISTS …`. */
  readonly sql: string;
  /** The field a unique index guards, so its violation can be reported on that field. */
  readonly field?: string;
  /** Brings an index made earlier with other storage settings in line (idempotent). */
  readonly alter?: string;
}

// Suffixes mark the engine's own indexes, so a unique index the definition no longer asks for can be found and dropped.
export const UNIQUE_SUFFIXES = ['__key', '__live_key'] as const;
const MAX_IDENTIFIER = 63;

/** `<table>__<column>__<kind>`, shortened with a hash when PostgreSQL would truncate it (and two names could meet). */
export function indexName(definition: ResourceDefinition, column: string, suffix: string): string {
  const table = definition.table.split('.')[1] ?? definition.table;
  const full = `${table}__${column}${suffix}`;
  if (full.length <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_IDENTIFIER - suffix.length - 9)}_${hash}${suffix}`;
}

const TRIGRAM_OPERATORS = new Set(['contains', 'startsWith']);
const ORDERED_OPERATORS = new Set(['eq', 'neq', 'gte', 'lte', 'in']);

/** What "the same value" means: case-insensitive for text kinds, amount and currency for money. */
function uniqueExpression(field: FieldDefinition): string {
  const column = quoteIdentifier(field.name);
  if (field.kind === 'money') return `${column}, ${quoteIdentifier(currencyColumn(field))}`;
  return TEXT_KINDS.has(field.kind) ? `lower(${column})` : column;
}

/**
 * A unique index over one field, or over a `uniqueTogether` group (named after all its fields,
 * reported on the first). Soft-deleted rows do not count.
 */
function uniqueIndex(definition: ResourceDefinition, fields: readonly FieldDefinition[], table: string): IndexPlan {
  const expression = fields.map(uniqueExpression).join(', ');
  const live = definition.softDelete === true;
  const name = indexName(definition, fields.map((field) => field.name).join('__'), live ? '__live_key' : '__key');
  return {
    name,
    unique: true,
    field: fields[0]?.name ?? '',
    sql: `CREATE UNIQUE INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${table} (${expression})${live ? ' WHERE deleted_at IS NULL' : ''}`,
  };
}

/**
 * Every index a definition needs: one per filterable or sortable column and per reference
 * (trigram for text searches when pg_trgm is installed in `trigramSchema`), the meta columns a
 * list sorts by, the record search's over the label and searchable fields, one per unique field
 * and one per `uniqueTogether` group.
 */
export function plannedIndexes(definition: ResourceDefinition, trigramSchema: string | null): IndexPlan[] {
  const table = quoteTable(definition.table);
  const plans: IndexPlan[] = [];
  const plain = (column: string, expression: string, method = 'btree', suffix = '__idx') => {
    const name = indexName(definition, column, suffix);
    // An index two needs ask for (a field both filtered and searched) is planned once.
    if (plans.some((plan) => plan.name === name)) return;
    plans.push({
      name,
      unique: false,
      sql: `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${table} USING ${method} (${expression})`,
    });
  };
  // Without autovacuum (PGlite) a GIN index's pending list is never flushed, and the planner, costing
  // it, scans the table instead (measured: a seq scan for `ILIKE '%q%'` over 30 000 rows); so trigram
  // indexes take each row as it comes.
  const trigram = (field: FieldDefinition, schema: string) => {
    const name = indexName(definition, field.name, '__trgm');
    if (plans.some((plan) => plan.name === name)) return;
    const [tableSchema] = definition.table.split('.');
    plans.push({
      name,
      unique: false,
      sql: `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${table} USING gin (${quoteIdentifier(field.name)} ${quoteIdentifier(schema)}.gin_trgm_ops) WITH (fastupdate = off)`,
      alter: `ALTER INDEX ${quoteIdentifier(tableSchema ?? '')}.${quoteIdentifier(name)} SET (fastupdate = off)`,
    });
  };
  // The default order is newest first; the id breaks ties in every order.
  plain('created_at', 'created_at, id');
  plain('updated_at', 'updated_at, id');
  for (const field of definition.fields) {
    const operators = field.filter ?? [];
    const column = quoteIdentifier(field.name);
    // Every reference is indexed: a record page's related section filters by it (eq is always accepted).
    const ordered =
      field.kind === 'reference' || field.sortable === true || operators.some((op) => ORDERED_OPERATORS.has(op));
    const searched = operators.some((op) => TRIGRAM_OPERATORS.has(op));
    if (field.kind === 'reference' && field.many) {
      if (ordered) plain(field.name, column, 'gin', '__gin');
    } else if (TEXT_KINDS.has(field.kind)) {
      const lowered = `lower(${column})`;
      if (ordered) plain(field.name, `${lowered}, id`);
      if (searched && trigramSchema !== null) {
        trigram(field, trigramSchema);
      } else if (searched && !ordered) {
        // Without pg_trgm no index serves `contains`; a btree on lower(column) at least serves equality.
        plain(field.name, lowered);
      }
    } else if (ordered) {
      plain(field.name, `${column}, id`);
    }
    if (field.unique) plans.push(uniqueIndex(definition, [field], table));
  }
  // Record search: `ILIKE '%q%'` (3+ characters) by trigrams, `lower(col) LIKE 'q%'` (2) by a pattern btree.
  for (const field of searchedFields(definition)) {
    const column = quoteIdentifier(field.name);
    if (trigramSchema !== null) trigram(field, trigramSchema);
    plain(field.name, `lower(${column}) text_pattern_ops`, 'btree', '__prefix');
  }
  for (const group of definition.uniqueTogether ?? []) {
    const fields = group
      .map((name) => definition.fields.find((field) => field.name === name))
      .filter((field): field is FieldDefinition => field !== undefined);
    if (fields.length === group.length) plans.push(uniqueIndex(definition, fields, table));
  }
  return plans;
}

/** Unique index name → the field it guards. */
export function uniqueIndexFields(definition: ResourceDefinition): Map<string, string> {
  const map = new Map<string, string>();
  for (const plan of plannedIndexes(definition, null)) if (plan.unique && plan.field) map.set(plan.name, plan.field);
  return map;
}
