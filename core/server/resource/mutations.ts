import {
  STALE_VERSION_MESSAGE,
  type AuditEntry,
  type ResourceDefinition,
  type ResourceRecord,
} from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { AuditDetail } from '@core/shared/resource/record-page';
import { issueMessage, issueMessages } from '@core/shared/resource/messages';
import {
  declaredDefaults,
  hasIssues,
  validateInput,
  type InputIssues,
  type ValidationMode,
} from '@core/shared/resource/validation';
import type { Language } from '@core/shared/runtime-config';
import type { Database, Queryable } from '../database/database';
import { asKernel, asPlugin, tableSchema } from '../database/plugin-handle';
import { quoteTable, SqlParams } from '../database/sql';
import { ApiError, notFound, validationError } from '../http/api-error';
import { writeAudit, type Snapshot, type SnapshotValues } from './audit';
import { columnRef } from './columns';
import { columnValues } from './column-values';
import { stillReferencedError, translated } from './database-errors';
import { hooksOf, type ResourceHooks } from './hooks';
import { missingReferences, referencedBy } from './integrity';
import { recordJson, snapshotJson } from './record-sql';
import { keepStoredValues, refuseMaskedValues } from './secret-values';
import { noteWrites } from './table-statistics';

/*
 * Every change to a record: validated, in one transaction with its audit row, with the plugin's
 * hooks around the write, and with a compare-and-set on the version for edits.
 */

/** Who is changing records, and in which language they read refusals. */
export interface Actor {
  readonly id: number | null;
  readonly language: Language;
}

const ALIAS = 'r';

// PostgreSQL text cannot hold a NUL character; say so on the field instead of failing in the database.
const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));

/** The body checked against the definition: normalised values, or a 422 listing every problem. */
export function readValues(
  definition: ResourceDefinition,
  body: unknown,
  mode: ValidationMode,
  language: Language,
  extra: InputIssues = {},
): Record<string, FieldValue> {
  const { values, issues } = validateInput(definition, body, mode);
  for (const [name, value] of Object.entries(values))
    if (holdsNul(value) && !issues[name]) issues[name] = [{ code: 'type' }];
  const all = { ...issues, ...extra };
  if (hasIssues(all)) throw validationError(issueMessages(all, language));
  return values;
}

/** `version` of a PATCH body: required, a positive whole number. */
export function versionIssues(body: unknown): { version: number | null; issues: InputIssues } {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).version : undefined;
  if (raw === undefined || raw === null) return { version: null, issues: { version: [{ code: 'required' }] } };
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 1)
    return { version: null, issues: { version: [{ code: 'integer' }] } };
  return { version: raw, issues: {} };
}

/** A 422 on each reference field whose record does not exist. */
export async function assertReferencesExist(
  tx: Queryable,
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
  language: Language,
): Promise<void> {
  const missing = await missingReferences(tx, definition, values);
  if (missing.length > 0) {
    throw validationError(
      Object.fromEntries(missing.map((name) => [name, [issueMessage({ code: 'missingReference' }, language)]])),
    );
  }
}

/** A reference written replaces the text it was typed as before it was a reference (its `legacyField`). */
export function legacyCleared(
  definition: ResourceDefinition,
  sent: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  const cleared: Record<string, FieldValue> = {};
  for (const field of definition.fields) {
    if (field.kind === 'reference' && field.legacyField !== undefined && Object.hasOwn(sent, field.name))
      cleared[field.legacyField] = null;
  }
  return cleared;
}

interface Written {
  readonly id: number | string;
  readonly record: ResourceRecord;
  readonly after: Snapshot;
}

export async function createRecordIn(
  tx: Queryable,
  definition: ResourceDefinition,
  sent: Readonly<Record<string, FieldValue>>,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  tx = asKernel(tx);
  refuseMaskedValues(definition, sent, actor.language);
  sent = { ...declaredDefaults(definition, sent), ...sent };
  const computed = await hooks.beforeWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: 'create',
    id: null,
    before: null,
    values: sent,
    next: sent,
    actorId: actor.id,
  });
  const values = { ...sent, ...legacyCleared(definition, sent), ...computed };
  await assertReferencesExist(tx, definition, values, actor.language);
  const params = new SqlParams();
  const writes = [...columnValues(definition, values, params)];
  const by = params.bind(actor.id);
  writes.push(['created_by', `${by}::bigint`], ['updated_by', `${by}::bigint`]);
  const { rows } = await tx.query<Written>(
    `INSERT INTO ${quoteTable(definition.table)} AS ${ALIAS} (${writes.map(([column]) => column).join(', ')})
     VALUES (${writes.map(([, value]) => value).join(', ')})
     RETURNING ${ALIAS}.id::text AS id, ${snapshotJson(definition, ALIAS)} AS after, ${recordJson(definition, ALIAS, actor.language)} AS record`,
    params.values,
  );
  const created = rows[0];
  if (!created) throw new Error('insert returned no row');
  const id = Number(created.id);
  await writeAudit(tx, definition, {
    recordId: id,
    action: 'create',
    actorId: actor.id,
    before: null,
    after: created.after,
  });
  await hooks.afterWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: 'create',
    id,
    before: null,
    after: created.after,
    actorId: actor.id,
  });
  return created.record;
}

export async function createRecord(
  db: Database,
  definition: ResourceDefinition,
  values: Readonly<Record<string, FieldValue>>,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  db = asKernel(db);
  const record = await translated(definition, actor.language, () =>
    db.transaction((tx) => createRecordIn(tx, definition, values, actor, hooks)),
  );
  noteWrites(db, definition, 1);
  return record;
}

export interface LockedRow {
  readonly version: number;
  readonly deleted: boolean;
  readonly blocked: boolean;
  readonly before: SnapshotValues;
}

/** The record's row, locked until the transaction ends, or null when there is none. */
async function lockRow(tx: Queryable, definition: ResourceDefinition, id: number): Promise<LockedRow | null> {
  const deleted = definition.softDelete ? `${columnRef(ALIAS, 'deleted_at')} IS NOT NULL` : 'false';
  const blocked = definition.blockable ? `${columnRef(ALIAS, 'blocked_at')} IS NOT NULL` : 'false';
  const { rows } = await tx.query<LockedRow>(
    `SELECT ${ALIAS}.version, ${deleted} AS deleted, ${blocked} AS blocked, ${snapshotJson(definition, ALIAS)} AS before
       FROM ${quoteTable(definition.table)} ${ALIAS} WHERE ${ALIAS}.id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export interface Change {
  readonly action: AuditEntry['action'];
  /** Validated field values to write; none for a lifecycle change. */
  readonly values?: Readonly<Record<string, FieldValue>>;
  /** Meta columns to set, as constant SQL (`deleted_at = now()`). */
  readonly meta?: readonly string[];
  /** The version the caller saw; a different stored one is a 409. */
  readonly version?: number | null;
  /** Soft-deleted records are only found by a change that says so (restore). */
  readonly onDeleted?: boolean;
  /** Refuses the change with a 409 message for the row's state, or null to let it go ahead. */
  readonly refuse?: (row: LockedRow) => string | null;
  /** Written with the audit row: the entry a revert set back. */
  readonly detail?: AuditDetail;
}

/**
 * What the audit row keeps of a secret this change set anew while one was stored: both sides
 * would read as the mask, and the trail would not show that it changed. Still says nothing of it.
 */
export const SECRET_REPLACED = '(replaced)';

function withReplacedSecrets(
  definition: ResourceDefinition,
  written: Readonly<Record<string, FieldValue>>,
  before: SnapshotValues,
  after: Snapshot,
): Snapshot {
  if (after === null) return after;
  const replaced = definition.fields.filter(
    (field) =>
      field.kind === 'secret' &&
      typeof written[field.name] === 'string' &&
      before[field.name] !== null &&
      before[field.name] === after[field.name],
  );
  if (replaced.length === 0) return after;
  return { ...after, ...Object.fromEntries(replaced.map((field) => [field.name, SECRET_REPLACED])) };
}

/**
 * Changes one record inside `tx`: locks it, checks its state and version, runs the hooks,
 * writes with the version compare-and-set in the UPDATE's WHERE, bumps the version and writes
 * the audit row. Answers the record as it is now.
 */
export async function changeRecordIn(
  tx: Queryable,
  definition: ResourceDefinition,
  id: number,
  change: Change,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  tx = asKernel(tx);
  return applyChange(tx, definition, id, change, actor, hooks);
}

async function applyChange(
  tx: Queryable,
  definition: ResourceDefinition,
  id: number,
  change: Change,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<ResourceRecord> {
  const row = await lockRow(tx, definition, id);
  if (!row || row.deleted !== (change.onDeleted === true)) {
    if (row && change.onDeleted) throw new ApiError(409, 'This record is not deleted.');
    throw notFound();
  }
  const refusal = change.refuse?.(row) ?? null;
  if (refusal) throw new ApiError(409, refusal);
  if (change.version != null && change.version !== row.version) throw new ApiError(409, STALE_VERSION_MESSAGE);
  const sent = await keepStoredValues(tx, definition, id, change.values ?? {}, actor.language);
  const computed = await hooks.beforeWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: change.action,
    id,
    before: row.before,
    values: sent,
    next: { ...row.before, ...sent },
    actorId: actor.id,
  });
  const values = { ...sent, ...legacyCleared(definition, sent), ...computed };
  await assertReferencesExist(tx, definition, values, actor.language);
  const params = new SqlParams();
  const where = [`${ALIAS}.id = ${params.bind(id)}::bigint`];
  if (change.version != null) where.push(`${ALIAS}.version = ${params.bind(change.version)}::integer`);
  const sets = [
    ...columnValues(definition, values, params).map(([column, value]) => `${column} = ${value}`),
    ...(change.meta ?? []),
    'version = version + 1',
    'updated_at = now()',
    `updated_by = ${params.bind(actor.id)}::bigint`,
  ];
  const { rows } = await tx.query<Written>(
    `UPDATE ${quoteTable(definition.table)} AS ${ALIAS} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}
     RETURNING ${ALIAS}.id::text AS id, ${snapshotJson(definition, ALIAS)} AS after, ${recordJson(definition, ALIAS, actor.language)} AS record`,
    params.values,
  );
  const changed = rows[0];
  if (!changed) throw new ApiError(409, STALE_VERSION_MESSAGE);
  await writeAudit(tx, definition, {
    recordId: id,
    action: change.action,
    actorId: actor.id,
    before: row.before,
    after: withReplacedSecrets(definition, values, row.before, changed.after),
    ...(change.detail ? { detail: change.detail } : {}),
  });
  await hooks.afterWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: change.action,
    id,
    before: row.before,
    after: changed.after,
    actorId: actor.id,
  });
  return changed.record;
}

export async function changeRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  change: Change,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  db = asKernel(db);
  const record = await translated(definition, actor.language, () =>
    db.transaction((tx) => changeRecordIn(tx, definition, id, change, actor, hooks)),
  );
  noteWrites(db, definition, 1);
  return record;
}

/** PATCH: only the fields sent change; an edit that changes nothing still checks and bumps the version. */
export async function updateRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  body: unknown,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  db = asKernel(db);
  const { version, issues } = versionIssues(body);
  const values = readValues(definition, body, 'update', actor.language, issues);
  return changeRecord(db, definition, id, { action: 'update', values, version }, actor, hooks);
}

export const SOFT_DELETE: Change = { action: 'delete', meta: ['deleted_at = now()'] };

/**
 * Removes one row for good, inside `tx`; the caller has made sure nothing points at it
 * (`referencedBy`). False when there is no such row.
 */
export async function hardDeleteIn(
  tx: Queryable,
  definition: ResourceDefinition,
  id: number,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<boolean> {
  tx = asKernel(tx);
  const row = await lockRow(tx, definition, id);
  if (!row) return false;
  await hooks.beforeWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: 'delete',
    id,
    before: row.before,
    values: {},
    next: row.before,
    actorId: actor.id,
  });
  await tx.query(`DELETE FROM ${quoteTable(definition.table)} WHERE id = $1`, [id]);
  await writeAudit(tx, definition, {
    recordId: id,
    action: 'delete',
    actorId: actor.id,
    before: row.before,
    after: null,
  });
  await hooks.afterWrite?.({
    tx: asPlugin(tx, tableSchema(definition.table)),
    definition,
    action: 'delete',
    id,
    before: row.before,
    after: null,
    actorId: actor.id,
  });
  return true;
}

/** Deletes one record inside `tx`: soft when the resource keeps deleted records, else gone, unless something still points at it (409). */
export async function removeRecordIn(
  tx: Queryable,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  id: number,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<void> {
  tx = asKernel(tx);
  if (definition.softDelete) {
    await changeRecordIn(tx, definition, id, SOFT_DELETE, actor, hooks);
    return;
  }
  const pointing = await referencedBy(
    tx,
    definition,
    mounted,
    `SELECT r.id FROM ${quoteTable(definition.table)} r WHERE r.id = $1`,
    [id],
  );
  if (pointing.length > 0) throw stillReferencedError(pointing);
  if (!(await hardDeleteIn(tx, definition, id, actor, hooks))) throw notFound();
}

/** DELETE: `removeRecordIn` in a transaction of its own. */
export async function deleteRecord(
  db: Database,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  id: number,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<void> {
  db = asKernel(db);
  await translated(definition, actor.language, () =>
    db.transaction((tx) => removeRecordIn(tx, definition, mounted, id, actor, hooks)),
  );
  noteWrites(db, definition, 1);
}

export type LifecycleAction = 'restore' | 'block' | 'unblock';

/** The change each lifecycle action makes, for writers that run it inside a transaction of their own (`changeRecordIn`). */
export const LIFECYCLE: Readonly<Record<LifecycleAction, Change>> = {
  restore: { action: 'restore', meta: ['deleted_at = NULL'], onDeleted: true },
  block: {
    action: 'block',
    meta: ['blocked_at = now()'],
    refuse: (row) => (row.blocked ? 'This record is already blocked.' : null),
  },
  unblock: {
    action: 'unblock',
    meta: ['blocked_at = NULL'],
    refuse: (row) => (row.blocked ? null : 'This record is not blocked.'),
  },
};

export function applyLifecycle(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  action: LifecycleAction,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<ResourceRecord> {
  db = asKernel(db);
  return changeRecord(db, definition, id, LIFECYCLE[action], actor, hooks);
}
