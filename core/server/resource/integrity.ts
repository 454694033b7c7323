import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldValue, ReferenceField } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { quoteTable } from '../database/sql';
import { columnRef } from './columns';

/*
 * References are plain bigint columns (a many-reference cannot be a foreign key, and a target may
 * be soft-deleted), so the engine keeps them honest itself, with the locks a foreign key would
 * take: a write locks the rows it points at (FOR KEY SHARE), and a hard delete locks the rows it
 * removes before looking for rows that still point at them. Whichever comes second waits and then
 * sees the other's outcome.
 */

const referenceFields = (definition: ResourceDefinition): ReferenceField[] =>
  definition.fields.filter((field): field is ReferenceField => field.kind === 'reference');

/** Fields of `values` naming a record that does not exist (or is soft-deleted). */
export async function missingReferences(
  tx: Queryable,
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
): Promise<string[]> {
  const missing: string[] = [];
  for (const field of referenceFields(definition)) {
    const value = values[field.name];
    const ids = [...new Set(Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [])];
    if (ids.length === 0) continue;
    const live = field.target.softDelete ? ' AND t.deleted_at IS NULL' : '';
    const { rows } = await tx.query(
      `SELECT t.id FROM ${quoteTable(field.target.table)} t WHERE t.id = ANY($1::bigint[])${live} FOR KEY SHARE`,
      [ids],
    );
    if (rows.length < ids.length) missing.push(field.name);
  }
  return missing;
}

/** Every (resource, field) among the mounted ones that points at `definition`'s table. */
export function pointersTo(
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
): { readonly from: ResourceDefinition; readonly field: ReferenceField }[] {
  return mounted.flatMap((from) =>
    referenceFields(from)
      .filter((field) => field.target.table === definition.table)
      .map((field) => ({ from, field })),
  );
}

/**
 * The resources (ids) with a row outside the doomed set that still points at one of the rows
 * `doomed` selects (`SELECT r.id FROM <table> r WHERE …`, its parameters already bound), soft-deleted
 * rows included since they can be restored. The doomed rows are locked first.
 */
export async function referencedBy(
  tx: Queryable,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  doomed: string,
  params: readonly unknown[],
): Promise<string[]> {
  await tx.query(`SELECT count(*) FROM (${doomed} FOR UPDATE) locked`, params);
  const checks = pointersTo(definition, mounted).map(({ from, field }) => {
    const column = columnRef('o', field.name);
    const points = field.many ? `${column} && ARRAY(${doomed})` : `${column} IN (${doomed})`;
    // A row that is itself being deleted may point at its fellows (a self-reference).
    const outside = from.table === definition.table ? ` AND o.id NOT IN (${doomed})` : '';
    return { from: from.id, sql: `EXISTS (SELECT 1 FROM ${quoteTable(from.table)} o WHERE ${points}${outside})` };
  });
  if (checks.length === 0) return [];
  const { rows } = await tx.query<Record<string, boolean>>(
    `SELECT ${checks.map((check, index) => `${check.sql} AS p${index}`).join(', ')}`,
    params,
  );
  const found = rows[0] ?? {};
  return [...new Set(checks.filter((_check, index) => found[`p${index}`] === true).map((check) => check.from))];
}
