import {
  ApiError,
  type Actor,
  type BotHandler,
  type Database,
  type RecordWriter,
  type ResourceHooks,
} from '@core/sdk/server';
import { handlerClassesResource } from '../../shared/resources';

/*
 * messenger.handler_classes mirrors the handler classes the enabled plugins register, so a bot's
 * form can offer them and a bot can point at one. Only this sync writes the table, through the
 * engine as the system (no author); the resource's hooks refuse every write a user makes.
 */

export const HANDLER_CLASSES_READ_ONLY =
  'Handler classes come from the enabled plugins: they cannot be added, changed or deleted here.';

/**
 * Refuses every write through the API (create, edit, delete, restore, bulk delete): each has a
 * signed-in author, while the sync writes as the system.
 */
export const handlerClassHooks: ResourceHooks = {
  async beforeWrite({ actorId }) {
    if (actorId !== null) throw new ApiError(405, HANDLER_CLASSES_READ_ONLY);
  },
};

/** The sync writes as the system, in English. */
const SYSTEM: Actor = { id: null, language: 'en' };

interface ClassRow {
  id: string;
  name: string;
  description_en: string | null;
  description_ru: string | null;
  deleted: boolean;
}

/** What the table keeps of a handler class. */
export type HandlerClass = Pick<BotHandler, 'name' | 'description'>;

/**
 * Brings the table in step with `registered`: new classes added, changed descriptions updated,
 * registered ones that were deleted restored and, with `prune` (the start-up sync, which knows
 * every registered class), classes no longer registered soft-deleted (bots keep pointing at
 * them). Under a transaction-scoped advisory lock, so server copies starting together queue and
 * the second finds nothing to do; every change is audited as the system's.
 */
export async function syncHandlerClasses(
  db: Database,
  records: RecordWriter,
  registered: readonly HandlerClass[],
  options: { readonly prune: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('messenger.handler_classes'))`);
    const { rows } = await tx.query<ClassRow>(
      'SELECT id::text AS id, name, description_en, description_ru, deleted_at IS NOT NULL AS deleted FROM messenger.handler_classes',
    );
    const stored = new Map(rows.map((row) => [row.name, row]));
    const wanted = new Set(registered.map((handler) => handler.name));
    for (const handler of registered) {
      const values = {
        name: handler.name,
        description_en: handler.description.en,
        description_ru: handler.description.ru,
      };
      const row = stored.get(handler.name);
      if (!row) {
        await records.createIn(tx, handlerClassesResource, values, SYSTEM);
        continue;
      }
      const id = Number(row.id);
      if (row.deleted)
        await records.changeIn(
          tx,
          handlerClassesResource,
          id,
          { action: 'restore', meta: ['deleted_at = NULL'], onDeleted: true },
          SYSTEM,
        );
      if (row.description_en !== values.description_en || row.description_ru !== values.description_ru) {
        await records.changeIn(tx, handlerClassesResource, id, { action: 'update', values }, SYSTEM);
      }
    }
    for (const row of options.prune ? rows : []) {
      if (!row.deleted && !wanted.has(row.name)) {
        await records.changeIn(
          tx,
          handlerClassesResource,
          Number(row.id),
          { action: 'delete', meta: ['deleted_at = now()'] },
          SYSTEM,
        );
      }
    }
  });
}
