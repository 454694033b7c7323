import type { AuditEntry, ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { AuditDetail } from '@core/shared/resource/record-page';
import type { Queryable } from '../database/database';
import { asKernel } from '../database/plugin-handle';

/** A record's fields as the API shows them (secrets masked), and `deleted_at` / `blocked_at` where it has them. */
export type SnapshotValues = Readonly<Record<string, FieldValue | undefined>>;

/** A snapshot, or null before a create and after a hard delete. */
export type Snapshot = SnapshotValues | null;

export interface AuditWrite {
  readonly recordId: number;
  readonly action: AuditEntry['action'];
  readonly actorId: number | null;
  readonly before: Snapshot;
  readonly after: Snapshot;
  /** A comment's text, the entry a revert set back; absent on ordinary changes. */
  readonly detail?: AuditDetail;
}

/** An audit row of any record: `resource` is the id the record's history is read by (a resource definition's id). */
export interface AuditRecord extends AuditWrite {
  readonly resource: string;
}

/**
 * One audit row; call it inside the transaction that made the change, so both happen or neither.
 * The engine writes its own; a plugin records what it changes outside a resource table (a link
 * table, an outside system) with this, as `context.audit.record`.
 */
export async function recordAudit(tx: Queryable, entry: AuditRecord): Promise<void> {
  tx = asKernel(tx);
  await insertAudit(tx, entry);
}

/** The audit row, answering its id (a comment is answered as its timeline entry). */
export async function insertAudit(tx: Queryable, entry: AuditRecord): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO core.audit_log (resource, record_id, action, actor_id, before, after, detail)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb) RETURNING id::text AS id`,
    [
      entry.resource,
      entry.recordId,
      entry.action,
      entry.actorId,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
      entry.detail === undefined ? null : JSON.stringify(entry.detail),
    ],
  );
  return Number(rows[0]?.id);
}

/** The audit row of a change to one of `definition`'s records. */
export function writeAudit(tx: Queryable, definition: ResourceDefinition, entry: AuditWrite): Promise<void> {
  tx = asKernel(tx);
  return recordAudit(tx, { ...entry, resource: definition.id });
}
