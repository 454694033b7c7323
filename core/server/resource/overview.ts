import type { ResourceDefinition, ResourceRecord } from '@core/shared/resource/definition';
import type { RecordOverview, RecordPeople } from '@core/shared/resource/record-page';
import type { Language } from '@core/shared/runtime-config';
import type { Queryable } from '../database/database';
import { findRecord } from './records';
import { timelinePage } from './timeline';

type Person = RecordPeople['created_by'];

/** Who created and last changed the record, by user name; null where the system did or the user is gone. */
async function recordPeople(db: Queryable, record: ResourceRecord): Promise<RecordPeople> {
  const idOf = (value: unknown): number | null =>
    typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
  const created = idOf(record.created_by);
  const updated = idOf(record.updated_by);
  const ids = [...new Set([created, updated].filter((id): id is number => id !== null))];
  if (ids.length === 0) return { created_by: null, updated_by: null };
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id::text AS id, username AS name FROM core.users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  const names = new Map(rows.map((row) => [Number(row.id), row.name]));
  const person = (id: number | null): Person => {
    const name = id === null ? undefined : names.get(id);
    return id === null || name === undefined ? null : { id, name };
  };
  return { created_by: person(created), updated_by: person(updated) };
}

/** Everything a record page shows on open, labels in the reader's language, or null when there is no such record. */
export async function recordOverview(
  db: Queryable,
  definition: ResourceDefinition,
  id: number,
  withDeleted: boolean,
  language: Language,
): Promise<RecordOverview | null> {
  const record = await findRecord(db, definition, id, { withDeleted, language });
  if (!record) return null;
  const [people, timeline] = await Promise.all([
    recordPeople(db, record),
    timelinePage(db, definition.id, id, definition, {}, language),
  ]);
  return { record, people, timeline };
}
