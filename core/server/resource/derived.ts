import type { ResourceDefinition } from '@core/shared/resource/definition';
import { NUMERIC_KINDS, type FieldDefinition, type FieldValue } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { quoteIdentifier, quoteLiteral, quoteTable } from '../database/sql';
import { columnRef, currencyColumn } from './columns';
import { hooksOf } from './hooks';
import { fieldJson, jsonObject } from './record-sql';

/*
 * Derived fields: read-only figures the database computes from other rows (a product's free
 * stock, a wallet's balance). The plugin declares each one's SQL in its resource hooks
 * (`derived`), and keeps it in step with `records.refreshDerivedIn` (set to the expression) or
 * `records.adjustDerivedIn` (moved by a delta) in the transaction that changed what it counts.
 *
 * Neither bumps the record's version nor touches updated_at, updated_by or its history: a derived
 * figure is nobody's edit. A version bump would make an edit dialog open on the record answer 409
 * for a change nobody made there (a transaction posted to the wallet), and the history would fill
 * with recounts. The figure is still the engine's to write, so no plugin writes a resource table.
 */

/** SQL over the resource row aliased `alias`, without parameters (as ListScope.condition). */
export type DerivedExpression = (alias: string) => string;

/** A derived money field: its amount, and the code of its currency, each SQL over the row. */
export interface DerivedMoney {
  readonly amount: DerivedExpression;
  readonly currency: DerivedExpression;
}

/** How each derived field is computed, by field name: a money field gives a DerivedMoney, any other an expression. */
export type DerivedFields = Readonly<Record<string, DerivedExpression | DerivedMoney>>;

/** One record's derived fields as the API shows them, before the write and after it. */
export interface DerivedChange {
  readonly id: number;
  readonly before: Readonly<Record<string, FieldValue>>;
  readonly after: Readonly<Record<string, FieldValue>>;
}

/** Moves a derived number (money: its amount) of record `id` by `by`, a decimal string or a number. */
export interface DerivedAdjustment {
  readonly id: number;
  readonly field: string;
  readonly by: string | number;
}

/** What is wrong with a resource's derived declarations: each must name a read-only field, in the form its kind takes. */
export function derivedProblems(definition: ResourceDefinition, derived: DerivedFields): string[] {
  return Object.entries(derived).flatMap(([name, expression]) => {
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (!field) return [`${definition.id}: derived field "${name}" is not one of its fields`];
    if (field.readOnly !== true)
      return [`${definition.id}: derived field "${name}" is not read-only (a derived value is nobody's edit)`];
    const money = typeof expression !== 'function';
    if (field.kind === 'money' && !money)
      return [`${definition.id}: derived money field "${name}" needs its amount and its currency`];
    if (field.kind !== 'money' && money)
      return [`${definition.id}: derived field "${name}" is not money: it takes one expression`];
    return [];
  });
}

interface Declared {
  readonly field: FieldDefinition;
  readonly expression: DerivedExpression | DerivedMoney;
}

/** The declared derived fields named (all of them when none are), or an error naming one that is not declared. */
function declared(definition: ResourceDefinition, names?: readonly string[]): Declared[] {
  const derived = hooksOf(definition).derived ?? {};
  return [...new Set(names ?? Object.keys(derived))].map((name) => {
    const expression = derived[name];
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (expression === undefined || !field)
      throw new Error(
        `${definition.id}: "${name}" is not one of its derived fields (declared in its hooks' derived, mounted with it)`,
      );
    return { field, expression };
  });
}

const valuesJson = (fields: readonly Declared[], alias: string): string =>
  jsonObject(fields.map(({ field }): [string, string] => [field.name, fieldJson(field, alias)]));

interface ValuesRow {
  readonly id: number | string;
  readonly v: Record<string, FieldValue>;
}

/**
 * Locks the records in id order (two writers of the same records queue in one order, never
 * deadlock) and answers their values now. The write comes in a later statement: a statement's
 * snapshot is taken when it starts, so one that waited here for a concurrent writer's lock would
 * not see what that writer committed.
 */
async function lockedValues(
  tx: Queryable,
  definition: ResourceDefinition,
  ids: readonly number[],
  fields: readonly Declared[],
): Promise<Map<number, Record<string, FieldValue>>> {
  const { rows } = await tx.query<ValuesRow>(
    `SELECT r.id, ${valuesJson(fields, 'r')} AS v FROM ${quoteTable(definition.table)} r
      WHERE r.id = ANY($1::bigint[]) ORDER BY r.id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row.v]));
}

function changes(before: Map<number, Record<string, FieldValue>>, after: readonly ValuesRow[]): DerivedChange[] {
  return after
    .map((row) => ({ id: Number(row.id), before: before.get(Number(row.id)) ?? {}, after: row.v }))
    .sort((a, b) => a.id - b.id);
}

const sortedIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Sets the derived fields named (every declared one when none are) of these records to their
 * expressions, a money field's currency too. Answers each record found, in id order, with the
 * fields' values before and after.
 */
export async function refreshDerivedIn(
  tx: Queryable,
  definition: ResourceDefinition,
  ids: readonly number[],
  fields?: readonly string[],
): Promise<DerivedChange[]> {
  const targets = declared(definition, fields);
  const sorted = sortedIds(ids);
  if (sorted.length === 0 || targets.length === 0) return [];
  const before = await lockedValues(tx, definition, sorted, targets);
  const assignments = targets.flatMap(({ field, expression }) =>
    typeof expression === 'function'
      ? [`${quoteIdentifier(field.name)} = (${expression('r')})`]
      : [
          `${quoteIdentifier(field.name)} = (${expression.amount('r')})`,
          `${quoteIdentifier(currencyColumn(field))} = (${expression.currency('r')})`,
        ],
  );
  const { rows } = await tx.query<ValuesRow>(
    `UPDATE ${quoteTable(definition.table)} AS r SET ${assignments.join(', ')}
      WHERE r.id = ANY($1::bigint[]) RETURNING r.id, ${valuesJson(targets, 'r')} AS v`,
    [sorted],
  );
  return changes(before, rows);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Moves derived numbers by deltas (several for one record and field add up), where recomputing
 * would read every row the figure counts: a write then costs the same however many there are. The
 * sum is stored without trailing zeros; a money field's currency is set to its expression. Answers
 * each record moved, in id order, with the adjusted fields' values before and after.
 */
export async function adjustDerivedIn(
  tx: Queryable,
  definition: ResourceDefinition,
  adjustments: readonly DerivedAdjustment[],
): Promise<DerivedChange[]> {
  const targets = declared(
    definition,
    adjustments.map((adjustment) => adjustment.field),
  );
  for (const { field } of targets)
    if (!NUMERIC_KINDS.has(field.kind))
      throw new Error(`${definition.id}: derived field "${field.name}" is not a number`);
  const amounts = adjustments.map((adjustment) => String(adjustment.by));
  const wrong = amounts.find((amount) => !DECIMAL.test(amount));
  if (wrong !== undefined) throw new Error(`${definition.id}: "${wrong}" is not a decimal to adjust by`);
  const sorted = sortedIds(adjustments.map((adjustment) => adjustment.id));
  if (sorted.length === 0) return [];
  const before = await lockedValues(tx, definition, sorted, targets);
  const assignments = targets.flatMap(({ field, expression }) => {
    const column = columnRef('r', field.name);
    const delta = columnRef('d', field.name);
    const amount = `${quoteIdentifier(field.name)} = CASE WHEN ${delta} IS NULL THEN ${column} ELSE trim_scale(coalesce(${column}, 0) + ${delta}) END`;
    if (typeof expression === 'function') return [amount];
    const currency = columnRef('r', currencyColumn(field));
    return [
      amount,
      `${quoteIdentifier(currencyColumn(field))} = CASE WHEN ${delta} IS NULL THEN ${currency} ELSE (${expression.currency('r')}) END`,
    ];
  });
  const sums = targets.map(
    ({ field }) => `sum(x.by) FILTER (WHERE x.field = ${quoteLiteral(field.name)}) AS ${quoteIdentifier(field.name)}`,
  );
  const { rows } = await tx.query<ValuesRow>(
    `UPDATE ${quoteTable(definition.table)} AS r SET ${assignments.join(', ')}
       FROM (SELECT x.id, ${sums.join(', ')} FROM unnest($1::bigint[], $2::text[], $3::numeric[]) AS x(id, field, by)
              GROUP BY x.id) d
      WHERE r.id = d.id RETURNING r.id, ${valuesJson(targets, 'r')} AS v`,
    [adjustments.map((adjustment) => adjustment.id), adjustments.map((adjustment) => adjustment.field), amounts],
  );
  return changes(before, rows);
}
