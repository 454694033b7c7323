import { findRecord, type Actor, type RecordWriter, type Queryable } from '@core/sdk/server';
import { canonicalDecimal, type FieldValue, type Money, type ResourceDefinition } from '@core/sdk/shared';
import type { Values } from './platform-values';

/**
 * Writing what the platform said through the engine's write path (versioned, audited), so a sync
 * run twice changes nothing the second time: a record is found by its natural key, created when
 * missing, changed (action `sync`) only where a value differs, and left alone otherwise.
 */

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** The action a sync's changes carry in a record's history. */
export const SYNC_ACTION = 'sync';

function isMoney(value: FieldValue | undefined): value is Money {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
}

/** Whether a stored value already says what the platform says, read as its field's kind reads. */
function same(kind: string, stored: FieldValue | undefined, wanted: FieldValue): boolean {
  if (wanted === null || stored === null || stored === undefined) return (stored ?? null) === wanted;
  if (kind === 'money' && isMoney(stored) && isMoney(wanted)) {
    return stored.currency === wanted.currency && canonicalDecimal(stored.amount) === canonicalDecimal(wanted.amount);
  }
  if (kind === 'datetime' && typeof stored === 'string' && typeof wanted === 'string')
    return Date.parse(stored) === Date.parse(wanted);
  return JSON.stringify(stored) === JSON.stringify(wanted);
}

/** The values that differ from the stored record's. */
function changed(definition: ResourceDefinition, stored: Readonly<Record<string, unknown>>, wanted: Values): Values {
  const differing: Values = {};
  for (const field of definition.fields) {
    if (!Object.hasOwn(wanted, field.name)) continue;
    const value = wanted[field.name] as FieldValue;
    if (!same(field.kind, stored[field.name] as FieldValue | undefined, value)) differing[field.name] = value;
  }
  return differing;
}

export interface Upserter {
  readonly db: Queryable;
  readonly records: RecordWriter;
  readonly actor: Actor;
}

/** Creates the record, or changes the one at `id` where it differs. */
export async function createOrChange(
  writer: Upserter,
  definition: ResourceDefinition,
  id: number | null,
  values: Values,
): Promise<{ id: number; outcome: UpsertOutcome }> {
  if (id === null) {
    const created = await writer.records.create(definition, values, writer.actor);
    return { id: Number(created.id), outcome: 'created' };
  }
  const stored = await findRecord(writer.db, definition, id);
  if (!stored) throw new Error(`${definition.id} ${id} vanished during the sync`);
  const differing = changed(definition, stored, values);
  if (Object.keys(differing).length === 0) return { id, outcome: 'unchanged' };
  await writer.records.change(definition, id, { action: SYNC_ACTION, values: differing }, writer.actor);
  return { id, outcome: 'updated' };
}

/**
 * A record of the tree by the platform's id. One deleted here stays deleted (the sync does not
 * bring back what staff removed): null then.
 */
export async function upsertByExternalId(
  writer: Upserter,
  definition: ResourceDefinition,
  externalId: string,
  values: Values,
): Promise<{ id: number; outcome: UpsertOutcome } | null> {
  const { rows } = await writer.db.query<{ id: string; deleted: boolean }>(
    `SELECT id::text AS id, deleted_at IS NOT NULL AS deleted FROM ${definition.table} WHERE external_id = $1 ORDER BY deleted_at NULLS FIRST, id LIMIT 1`,
    [externalId],
  );
  const found = rows[0];
  if (found?.deleted) return null;
  return createOrChange(writer, definition, found ? Number(found.id) : null, {
    ...values,
    external_id: externalId,
    on_platform: true,
  });
}

/** Counts of one kind of record in a sync, for its log line and result. */
export class Tally {
  created = 0;
  updated = 0;
  unchanged = 0;
  skipped = 0;

  note(outcome: UpsertOutcome | null): void {
    if (outcome === null) this.skipped += 1;
    else this[outcome] += 1;
  }

  get kept(): number {
    return this.created + this.updated + this.unchanged;
  }
}
