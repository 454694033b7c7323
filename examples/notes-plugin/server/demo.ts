import type { Database, DemoContext } from '@core/sdk/server';
import { notesResource } from '../shared/notes';

const DEMO_NOTES = [
  { title: 'Weekly sync agenda', body: 'Budgets, new offers, open questions from the buyers.', pinned: true },
  { title: 'Supplier contacts', body: 'Ask finance for the updated list before Friday.', pinned: false },
  { title: 'Onboarding checklist', body: 'Accounts, sidebar codes, the first report.', pinned: false },
];

/** A few notes for a demonstration install; an area that already has notes is left alone. */
export async function seedNotes(db: Database, demo: DemoContext): Promise<void> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM notes.notes');
  if (Number(rows[0]?.count ?? 0) > 0) return;
  for (const note of DEMO_NOTES) await demo.records.create(notesResource, note, demo.author);
}
