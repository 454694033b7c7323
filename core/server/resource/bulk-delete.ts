import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { Database } from '../database/database';
import { ROW_ID } from '../http/ids';
import { translated } from './database-errors';
import { hooksOf, type ResourceHooks } from './hooks';
import { removeManyIn, type RecordSelection } from './many';
import type { Actor } from './mutations';
import { noteWrites } from './table-statistics';

export const MAX_BULK_IDS = 1000;

export const BULK_DELETE_BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: MAX_BULK_IDS, items: ROW_ID },
    query: { type: 'object', additionalProperties: { type: 'string', maxLength: 10_000 } },
  },
} as const;

/**
 * Deletes the selection in one transaction, with one audit row per record. Hard deletes are
 * refused (409) as a whole while any other row points at one of them. Returns how many went.
 */
export async function bulkDelete(
  db: Database,
  definition: ResourceDefinition,
  mounted: readonly ResourceDefinition[],
  selection: RecordSelection,
  actor: Actor,
  hooks: ResourceHooks = hooksOf(definition),
): Promise<number> {
  const deleted = await translated(definition, actor.language, () =>
    db.transaction((tx) => removeManyIn(tx, definition, mounted, selection, actor, hooks)),
  );
  noteWrites(db, definition, deleted.length);
  return deleted.length;
}
