import type { AuditEntry, ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import type { Snapshot, SnapshotValues } from './audit';
import type { DerivedFields } from './derived';

/*
 * What a plugin adds to its generic resources without writing their routes: logic run inside
 * each write's transaction (computed fields, totals kept in step, checks a field definition
 * cannot express), and a list parameter outside the filter codec (e.g. `status=active`).
 * A plugin lists them by resource id in `ServerPlugin.resourceHooks`.
 */

export type WriteAction = AuditEntry['action'];

export interface WriteContext {
  /** The write's transaction: what a hook writes commits or rolls back with the record. */
  readonly tx: Queryable;
  readonly definition: ResourceDefinition;
  /** `create`, `update`, `delete`, `restore`, `block`, `unblock`, or a row action's name. */
  readonly action: WriteAction;
  /** Null while creating. */
  readonly id: number | null;
  /** The record before (wire form, secrets masked), locked; null while creating. */
  readonly before: Snapshot;
  /** The validated values the caller sent (none for deletes and lifecycle changes). */
  readonly values: Readonly<Record<string, FieldValue>>;
  /** The record as it will be: `before` with `values` over it (on create, the values with their defaults). */
  readonly next: SnapshotValues;
  readonly actorId: number | null;
}

export interface AfterWriteContext {
  readonly tx: Queryable;
  readonly definition: ResourceDefinition;
  readonly action: WriteAction;
  readonly id: number;
  readonly before: Snapshot;
  /** The record as stored now; null after a hard delete. */
  readonly after: Snapshot;
  readonly actorId: number | null;
}

/** A query parameter of the list, export and delete-all-matching that narrows the rows with SQL of the plugin's own. */
export interface ListScope {
  readonly param: string;
  readonly values: readonly string[];
  /** Applied when the parameter is absent. */
  readonly default: string;
  /** A condition over the resource table aliased `alias`, without parameters; null for no condition. */
  condition(value: string, alias: string): string | null;
}

export interface ResourceHooks {
  /**
   * Runs before the row is written, after the body was validated and the row locked. May throw
   * (ApiError, validationError) to refuse; may return field values to store as well (read-only
   * fields included: this is how computed fields are kept), in wire form.
   */
  beforeWrite?(context: WriteContext): Promise<Readonly<Record<string, FieldValue>> | undefined | void>;
  /**
   * The engine's set-based writes (`createManyIn`, `changeEachIn`, `changeMany`, `removeMany`) run this
   * once for the whole batch instead of `beforeWrite` once per record, when it is given: every
   * record's context in order (one transaction, one action), the computed values answered in the
   * same order. What `beforeWrite` reads per record (a parent row, whether a value is taken) is read
   * once here, and a rule across the batch (two new records with the same value) can be checked.
   * Single writes still run `beforeWrite`, so a resource with this hook keeps that one as well.
   */
  beforeWriteMany?(
    contexts: readonly WriteContext[],
  ): Promise<readonly (Readonly<Record<string, FieldValue>> | undefined | void)[]>;
  /** Runs after the row and its audit entry are written, in the same transaction. */
  afterWrite?(context: AfterWriteContext): Promise<void>;
  /**
   * Runs once after a set-based write instead of `afterWrite` per record, when it is given: every
   * written record's context, in id order (totals kept in step are recomputed once, not per record).
   */
  afterWriteMany?(contexts: readonly AfterWriteContext[]): Promise<void>;
  readonly listScope?: ListScope;
  /**
   * The resource's derived fields (read-only figures computed from other rows: free stock, a
   * balance), each as SQL over the row; kept by `records.refreshDerivedIn` and `adjustDerivedIn`,
   * which write them without a version, author or history entry (core/server/resource/derived.ts).
   * Checked at start-up: each names a read-only field of the resource.
   */
  readonly derived?: DerivedFields;
}

export const NO_HOOKS: ResourceHooks = {};

// Filled when resources are mounted, so every write to a resource runs its hooks, a write a plugin
// makes itself through the engine (createRecordIn from a row action) included.
const registered = new WeakMap<ResourceDefinition, ResourceHooks>();

export function registerHooks(definition: ResourceDefinition, hooks: ResourceHooks): void {
  registered.set(definition, hooks);
}

/** Whether the definition was mounted (its hooks, if any, registered) in this process. */
export function hooksMounted(definition: ResourceDefinition): boolean {
  return registered.has(definition);
}

/** The hooks mounted with the definition, or none. */
export function hooksOf(definition: ResourceDefinition): ResourceHooks {
  return registered.get(definition) ?? NO_HOOKS;
}

/** Whether writes need to go record by record (a bulk delete cannot be one set-based statement then). */
export function hasWriteHooks(hooks: ResourceHooks): boolean {
  return (
    hooks.beforeWrite !== undefined ||
    hooks.afterWrite !== undefined ||
    hooks.beforeWriteMany !== undefined ||
    hooks.afterWriteMany !== undefined
  );
}
