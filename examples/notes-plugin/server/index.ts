import type { DataEnvelope } from '@core/sdk/shared';
import { defineServerPlugin } from '@core/sdk/server';
import { manifest } from '../manifest';
import { NOTES_CODE, notesResource, type NotesSummary } from '../shared/notes';
import { seedNotes } from './demo';

/**
 * The server part: the notes table comes from the resource definition (the engine creates it and
 * mounts its REST routes); the summary is a route of the plugin's own.
 */
export default defineServerPlugin({
  manifest,
  // The engine creates and extends the resource's table itself; SQL of the plugin's own would go here.
  migrations: [],
  resources: [notesResource],
  register(app, { db }) {
    app.get(
      '/summary',
      { config: { access: { requires: NOTES_CODE } } },
      async (): Promise<DataEnvelope<NotesSummary>> => {
        const { rows } = await db.query<{ total: string; pinned: string }>(
          'SELECT count(*) AS total, count(*) FILTER (WHERE pinned) AS pinned FROM notes.notes WHERE deleted_at IS NULL',
        );
        const row = rows[0];
        return { data: { total: Number(row?.total ?? 0), pinned: Number(row?.pinned ?? 0) } };
      },
    );
  },
  seedDemo: seedNotes,
});
