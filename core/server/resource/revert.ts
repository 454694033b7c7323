import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';
import type { Database } from '../database/database';
import { ApiError, notFound } from '../http/api-error';
import { idParams, ROW_ID } from '../http/ids';
import type { ResourceHooks } from './hooks';
import { changeRecord, readValues, type Actor } from './mutations';

/*
 * "Revert this change": the fields one timeline entry changed are set back to their values before
 * it, through the one write path (validated, hooks, references checked, version compared, audited
 * as `revert` naming the entry). A value that can no longer be set is refused and nothing is written.
 */

export const NOTHING_TO_REVERT = 'This entry changed no field that can be set back.';

export const REVERT_PARAMS = idParams('id', 'entryId');
export const REVERT_BODY = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: { version: ROW_ID },
} as const;

export interface RevertParams {
  readonly id: number;
  readonly entryId: number;
}

/** Fields a revert may set: secrets and read-only fields (kept by the plugin's logic) never are. */
function revertible(field: FieldDefinition): boolean {
  if (field.readOnly || field.kind === 'secret') return false;
  return !(field.kind === 'keyValue' && field.secretValues);
}

// Snapshots come from jsonb, whose objects keep one key order, so equal values print alike.
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

interface StoredEntry {
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
}

export async function revertEntry(
  db: Database,
  definition: ResourceDefinition,
  params: RevertParams,
  version: number,
  actor: Actor,
  hooks: ResourceHooks,
): Promise<ResourceRecord> {
  const { rows } = await db.query<StoredEntry>(
    'SELECT before, after FROM core.audit_log WHERE id = $1 AND resource = $2 AND record_id = $3',
    [params.entryId, definition.id, params.id],
  );
  const entry = rows[0];
  if (!entry) throw notFound();
  const { before, after } = entry;
  if (!before || !after) throw new ApiError(409, NOTHING_TO_REVERT);
  // A field added after the entry was written is in neither snapshot: it was not changed then.
  const changed = definition.fields.filter(
    (field) =>
      revertible(field) &&
      Object.hasOwn(before, field.name) &&
      Object.hasOwn(after, field.name) &&
      !same(before[field.name], after[field.name]),
  );
  if (changed.length === 0) throw new ApiError(409, NOTHING_TO_REVERT);
  const values = readValues(
    definition,
    Object.fromEntries(changed.map((field) => [field.name, before[field.name]])),
    'update',
    actor.language,
  );
  return changeRecord(
    db,
    definition,
    params.id,
    { action: 'revert', values, version, detail: { reverts: params.entryId } },
    actor,
    hooks,
  );
}
