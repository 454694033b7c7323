import type { ResourceDefinition } from '@core/shared/resource/definition';
import { TEXT_KINDS } from '@core/shared/resource/field';
import type { Database, Queryable } from '../database/database';
import { MIGRATION_LOCK } from '../database/migrator';
import { quoteIdentifier, quoteTable } from '../database/sql';
import { metaColumns, tableColumns, type ColumnSpec } from './columns';
import { assertResources, ResourceDefinitionError } from './definitions';
import { plannedIndexes, UNIQUE_SUFFIXES } from './indexes';
import { searchedFields } from './search-fields';
import { analyzeTable } from './table-statistics';

/*
 * Resource tables are created and kept in step with their definitions at start-up, so a plugin
 * author writes no SQL for them. Only additions happen here (tables, columns, indexes); a change
 * that would lose data (a column whose kind changed) stops start-up and asks for a migration.
 */

const needsTrigrams = (definitions: readonly ResourceDefinition[]): boolean =>
  definitions.some(
    (definition) =>
      searchedFields(definition).length > 0 ||
      definition.fields.some(
        (field) =>
          TEXT_KINDS.has(field.kind) && (field.filter ?? []).some((op) => op === 'contains' || op === 'startsWith'),
      ),
  );

async function trigramSchema(tx: Queryable): Promise<string | null> {
  const installed = await tx.query<{ schema: string }>(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  if (installed.rows[0]) return installed.rows[0].schema;
  const available = await tx.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`);
  if (available.rows.length === 0) return null;
  // A role that may not create extensions must not abort the whole sync: fall back to btree indexes.
  await tx.query('SAVEPOINT resource_trgm');
  try {
    await tx.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await tx.query('RELEASE SAVEPOINT resource_trgm');
  } catch {
    await tx.query('ROLLBACK TO SAVEPOINT resource_trgm');
    return null;
  }
  return trigramSchema(tx);
}

async function liveColumnTypes(tx: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [quoteTable(table)],
  );
  return new Map(rows.map((row) => [row.name, row.type]));
}

const declaration = (column: ColumnSpec): string =>
  `${quoteIdentifier(column.name)} ${column.declaration ?? column.type}`;

async function syncTable(tx: Queryable, definition: ResourceDefinition, trigrams: string | null): Promise<void> {
  const [schema] = definition.table.split('.');
  const table = quoteTable(definition.table);
  await tx.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema ?? '')}`);
  await tx.query(`CREATE TABLE IF NOT EXISTS ${table} (${metaColumns(definition).map(declaration).join(', ')})`);
  const added = tableColumns(definition).filter((column) => column.name !== 'id');
  await tx.query(
    `ALTER TABLE ${table} ${added.map((column) => `ADD COLUMN IF NOT EXISTS ${declaration(column)}`).join(', ')}`,
  );
  const live = await liveColumnTypes(tx, definition.table);
  const mismatched = tableColumns(definition).filter((column) => live.get(column.name) !== column.type);
  if (mismatched.length > 0) {
    throw new ResourceDefinitionError(
      mismatched.map(
        (column) =>
          `${definition.id}: column "${column.name}" is ${live.get(column.name) ?? 'missing'} but the definition needs ${column.type}; write a migration that converts it`,
      ),
    );
  }
  const plans = plannedIndexes(definition, trigrams);
  for (const plan of plans) {
    await tx.query(plan.sql);
    if (plan.alter) await tx.query(plan.alter);
  }
  await dropStaleUniqueIndexes(tx, definition, new Set(plans.filter((plan) => plan.unique).map((plan) => plan.name)));
}

/** A field that stopped being unique (or changed soft-delete) must stop refusing values. */
async function dropStaleUniqueIndexes(
  tx: Queryable,
  definition: ResourceDefinition,
  wanted: ReadonlySet<string>,
): Promise<void> {
  const [schema, name] = definition.table.split('.');
  const { rows } = await tx.query<{ name: string }>(
    'SELECT indexname AS name FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
    [schema, name],
  );
  for (const row of rows) {
    const engineUnique = UNIQUE_SUFFIXES.some((suffix) => row.name.endsWith(suffix));
    if (engineUnique && !wanted.has(row.name))
      await tx.query(`DROP INDEX IF EXISTS ${quoteIdentifier(schema ?? '')}.${quoteIdentifier(row.name)}`);
  }
}

/**
 * A reference must point at a table that exists, with the label columns it names, in every
 * language (a target in a plugin that is not enabled would otherwise fail every list that shows
 * the field).
 */
async function referenceProblems(tx: Queryable, definitions: readonly ResourceDefinition[]): Promise<string[]> {
  const problems: string[] = [];
  for (const definition of definitions) {
    for (const field of definition.fields) {
      if (field.kind !== 'reference') continue;
      const { table, labelColumn, translatedLabelColumns } = field.target;
      const labels = [
        labelColumn,
        ...Object.values(translatedLabelColumns ?? {}).filter((column) => column !== undefined),
      ];
      const { rows } = await tx.query<{ has_table: boolean; found: string[] }>(
        `SELECT to_regclass($1) IS NOT NULL AS has_table,
                ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = ANY($2::text[]) AND NOT attisdropped) AS found`,
        [quoteTable(table), labels],
      );
      const found = rows[0];
      if (!found?.has_table)
        problems.push(`${definition.id}: field "${field.name}" points at ${table}, which does not exist`);
      else
        for (const column of labels.filter((label) => !found.found.includes(label)))
          problems.push(`${definition.id}: field "${field.name}" shows ${table}.${column}, which does not exist`);
    }
  }
  return problems;
}

/**
 * Creates or extends every resource table, in one transaction under the migrations' lock, so two
 * server copies starting together do not race. Call it after the migrations.
 */
export async function syncResourceTables(db: Database, definitions: readonly ResourceDefinition[]): Promise<void> {
  assertResources(definitions);
  if (definitions.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const trigrams = needsTrigrams(definitions) ? await trigramSchema(tx) : null;
    for (const definition of definitions) await syncTable(tx, definition, trigrams);
    const problems = await referenceProblems(tx, definitions);
    if (problems.length > 0) throw new ResourceDefinitionError(problems);
  });
  // Fresh statistics, so lists use the indexes just made (see table-statistics.ts).
  for (const definition of definitions) await analyzeTable(db, definition);
}
