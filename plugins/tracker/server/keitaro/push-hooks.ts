import type { FieldValue, ResourceDefinition } from '@core/sdk/shared';
import type { ResourceHooks, WriteAction } from '@core/sdk/server';
import { offersResource, streamsResource, type SyncState } from '../../shared/resources';
import type { KeitaroSync } from './record-sync';

type Values = Readonly<Record<string, FieldValue | undefined>>;

/** The writes that leave a record's values as a user gave them (not a delete, block or the sync's own `sync`). */
const storesValues = (action: WriteAction): boolean =>
  action === 'create' || action === 'update' || action === 'restore';

const same = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether a write asks for a push: the record keeps sync on, and it is new, restored, or a field
 * its users edit changed (the sync's own read-only fields, a stream's computed link, do not count).
 */
function wantsPush(definition: ResourceDefinition, action: WriteAction, before: Values | null, next: Values): boolean {
  if (!storesValues(action) || next.sync_enabled !== true) return false;
  if (before === null || action === 'restore') return true;
  return definition.fields.some((field) => !field.readOnly && !same(before[field.name], next[field.name]));
}

/** The resource's hooks with the Keitaro push around them: the row goes pending in the write, its push job commits with it. */
function withPush(definition: ResourceDefinition, hooks: ResourceHooks, sync: KeitaroSync): ResourceHooks {
  return {
    ...hooks,
    async beforeWrite(context) {
      const own = (await hooks.beforeWrite?.(context)) ?? {};
      if (!wantsPush(definition, context.action, context.before, context.next)) return own;
      const pending: Record<string, FieldValue> = {};
      if (context.before?.sync_state !== ('pending' satisfies SyncState))
        pending.sync_state = 'pending' satisfies SyncState;
      if ((context.before?.sync_error ?? null) !== null) pending.sync_error = null;
      return { ...own, ...pending };
    },
    async afterWrite(context) {
      await hooks.afterWrite?.(context);
      const { action, after } = context;
      // Every stored write of a pending row with sync on queues its push: one already queued takes it in.
      if (
        !after ||
        !storesValues(action) ||
        after.sync_enabled !== true ||
        after.sync_state !== ('pending' satisfies SyncState)
      )
        return;
      await sync.enqueue(context.tx, definition, context.id, after, { userId: context.actorId, waits: false });
    },
  };
}

/**
 * The tracker's hooks by resource id, with the Keitaro push added to the offers' and streams'
 * (each resource takes one set of hooks, so the push joins the rules already there).
 */
export function withKeitaroPush(
  hooks: Readonly<Record<string, ResourceHooks>>,
  sync: KeitaroSync,
): Record<string, ResourceHooks> {
  const joined: Record<string, ResourceHooks> = { ...hooks };
  for (const definition of [offersResource, streamsResource])
    joined[definition.id] = withPush(definition, hooks[definition.id] ?? {}, sync);
  return joined;
}
