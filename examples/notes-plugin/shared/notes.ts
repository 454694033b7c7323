import { defineResource, fieldBuilders, USERS_REFERENCE } from '@core/sdk/shared';

/** The code every page and route of the plugin requires. */
export const NOTES_CODE = 'NOTES';

/** The plugin's own API service: its routes answer under /api/notes/. */
export const NOTES_SERVICE = 'notes';

/** Each field's label is `notes:fields.<camelName>` unless it names its own. */
const field = fieldBuilders('notes:fields');

/**
 * The notes: a list screen with add and edit, a record page for each note (`/notes/<id>`) and a section on
 * each owner's user page, drawn by the SDK's resource engine from this alone.
 */
export const notesResource = defineResource({
  id: 'notes.notes',
  service: NOTES_SERVICE,
  path: 'notes',
  table: 'notes.notes',
  titleKey: 'notes:nav.notes',
  recordKey: 'notes:records.note',
  access: { read: NOTES_CODE, write: NOTES_CODE },
  fields: [
    field.text('title', { required: true, filter: ['contains', 'eq'] }),
    field.longText('body', { maxLength: 5000, list: false }),
    field.boolean('pinned', { filter: false }),
    // A reference to a staff account: each user's page (/user/:id) lists their notes, with no code here.
    field.reference('owner_id', USERS_REFERENCE, { labelKey: 'notes:fields.owner', filter: false }),
  ],
  labelField: 'title',
  softDelete: true,
  defaultSort: { field: 'title', direction: 'asc' },
});

/** What `GET /api/notes/summary` answers: the overview page's figures. */
export interface NotesSummary {
  readonly total: number;
  readonly pinned: number;
}
