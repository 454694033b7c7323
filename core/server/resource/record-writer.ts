import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { Database, Queryable } from '../database/database';
import { translated } from './database-errors';
import { adjustDerivedIn, refreshDerivedIn, type DerivedAdjustment, type DerivedChange } from './derived';
import {
  changeEachIn,
  changeManyIn,
  createManyIn,
  removeManyIn,
  type EachChange,
  type ManyChange,
  type RecordSelection,
} from './many';
import {
  changeRecord,
  changeRecordIn,
  createRecord,
  createRecordIn,
  deleteRecord,
  readValues,
  removeRecordIn,
  versionIssues,
  type Actor,
  type Change,
} from './mutations';

/**
 * The one write path for records: what the engine's own routes run, offered to a plugin's routes
 * and demo data. Each write is validated against the definition (references must exist), runs the
 * resource's hooks, checks the version when the change carries one, and writes the audit row with
 * its actor in the same transaction, so the record's history shows it.
 *
 * The `…Many` forms write many records at once (chosen by id, or by the list's filter parameters,
 * checked as the list checks them): each record validated, checked, versioned and audited as a
 * single write would be, in one transaction and a few statements however many records there are.
 *
 * The `…In` forms run in the caller's transaction (several records changed together, an outside
 * system told in the same step); the others open their own and turn database refusals (a unique
 * value taken, a record still pointed at) into the 422 and 409 the engine's routes answer.
 */
export interface RecordWriter {
  /** The body checked against the definition: the values to write, or a 422 listing every problem. */
  readonly readValues: typeof readValues;
  create(
    definition: ResourceDefinition,
    values: Readonly<Record<string, FieldValue>>,
    actor: Actor,
  ): Promise<ResourceRecord>;
  change(definition: ResourceDefinition, id: number, change: Change, actor: Actor): Promise<ResourceRecord>;
  /** Soft-deletes where the resource keeps deleted records, else removes the row; 404 when there is none, 409 while pointed at. */
  remove(definition: ResourceDefinition, id: number, actor: Actor): Promise<void>;
  /**
   * A PUT of the whole form: the body read as a new record's form (an optional field left out is
   * cleared, a blank secret kept); its `version`, when sent, must be the stored one (409 if not).
   */
  replace(definition: ResourceDefinition, id: number, body: unknown, actor: Actor): Promise<ResourceRecord>;
  createIn(
    tx: Queryable,
    definition: ResourceDefinition,
    values: Readonly<Record<string, FieldValue>>,
    actor: Actor,
  ): Promise<ResourceRecord>;
  changeIn(
    tx: Queryable,
    definition: ResourceDefinition,
    id: number,
    change: Change,
    actor: Actor,
  ): Promise<ResourceRecord>;
  removeIn(tx: Queryable, definition: ResourceDefinition, id: number, actor: Actor): Promise<void>;
  /** Answers the ids changed; a refused state or a stale version of any record refuses the whole change. */
  changeMany(
    definition: ResourceDefinition,
    selection: RecordSelection,
    change: ManyChange,
    actor: Actor,
  ): Promise<number[]>;
  changeManyIn(
    tx: Queryable,
    definition: ResourceDefinition,
    selection: RecordSelection,
    change: ManyChange,
    actor: Actor,
  ): Promise<number[]>;
  /** Each record changed by its own values under one action (an import's changed rows); 404 or 409 for all when one is missing or stale. */
  changeEachIn(
    tx: Queryable,
    definition: ResourceDefinition,
    changes: readonly EachChange[],
    change: Pick<ManyChange, 'action' | 'detail'>,
    actor: Actor,
  ): Promise<number[]>;
  /** A record created of each value set, audited under `action` (`create` unless named); the new ids. */
  createManyIn(
    tx: Queryable,
    definition: ResourceDefinition,
    sets: readonly Readonly<Record<string, FieldValue>>[],
    actor: Actor,
    action?: string,
  ): Promise<number[]>;
  /** Answers the ids deleted; 409 for all while anything points at one of them. */
  removeMany(definition: ResourceDefinition, selection: RecordSelection, actor: Actor): Promise<number[]>;
  removeManyIn(
    tx: Queryable,
    definition: ResourceDefinition,
    selection: RecordSelection,
    actor: Actor,
  ): Promise<number[]>;
  /**
   * Sets derived fields (the resource hooks' `derived`; all of them unless `fields` names some) of
   * these records to their expressions: the rows locked in id order first, then written without a
   * version, author or history entry, since a recount is nobody's edit (an edit dialog open on the
   * record must not get a 409 for it). Each record found, in id order, with the values before and after.
   */
  refreshDerivedIn(
    tx: Queryable,
    definition: ResourceDefinition,
    ids: readonly number[],
    fields?: readonly string[],
  ): Promise<DerivedChange[]>;
  /**
   * Moves derived numbers by deltas, under the same rules as refreshDerivedIn: for a figure whose
   * recount reads too many rows to run on every write (a balance over all its transactions).
   */
  adjustDerivedIn(
    tx: Queryable,
    definition: ResourceDefinition,
    adjustments: readonly DerivedAdjustment[],
  ): Promise<DerivedChange[]>;
}

/** The writer over `db`; `mounted` are every enabled resource, whose references a removal must not leave dangling. */
export function recordWriter(db: Database, mounted: readonly ResourceDefinition[]): RecordWriter {
  return {
    readValues,
    create: (definition, values, actor) => createRecord(db, definition, values, actor),
    change: (definition, id, change, actor) => changeRecord(db, definition, id, change, actor),
    remove: (definition, id, actor) => deleteRecord(db, definition, mounted, id, actor),
    replace: (definition, id, body, actor) => {
      const sent = typeof body === 'object' && body !== null && Object.hasOwn(body, 'version');
      const { version, issues } = versionIssues(body);
      const values = readValues(definition, body, 'create', actor.language, sent ? issues : {});
      return changeRecord(db, definition, id, { action: 'update', values, version: sent ? version : null }, actor);
    },
    createIn: (tx, definition, values, actor) => createRecordIn(tx, definition, values, actor),
    changeIn: (tx, definition, id, change, actor) => changeRecordIn(tx, definition, id, change, actor),
    removeIn: (tx, definition, id, actor) => removeRecordIn(tx, definition, mounted, id, actor),
    changeMany: (definition, selection, change, actor) =>
      translated(definition, actor.language, () =>
        db.transaction((tx) => changeManyIn(tx, definition, selection, change, actor)),
      ),
    changeManyIn: (tx, definition, selection, change, actor) => changeManyIn(tx, definition, selection, change, actor),
    changeEachIn: (tx, definition, changes, change, actor) => changeEachIn(tx, definition, changes, change, actor),
    createManyIn: (tx, definition, sets, actor, action) => createManyIn(tx, definition, sets, actor, action),
    removeMany: (definition, selection, actor) =>
      translated(definition, actor.language, () =>
        db.transaction((tx) => removeManyIn(tx, definition, mounted, selection, actor)),
      ),
    removeManyIn: (tx, definition, selection, actor) => removeManyIn(tx, definition, mounted, selection, actor),
    refreshDerivedIn: (tx, definition, ids, fields) => refreshDerivedIn(tx, definition, ids, fields),
    adjustDerivedIn: (tx, definition, adjustments) => adjustDerivedIn(tx, definition, adjustments),
  };
}
