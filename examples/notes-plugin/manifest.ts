import type { PluginManifest } from '@core/sdk/shared';
import { NOTES_CODE, NOTES_SERVICE } from './shared/notes';

/** Plain data the host reads before any of the plugin's code: `erp-plugin build` writes it to dist/plugin.json. */
export const manifest: PluginManifest = {
  id: 'notes',
  version: '1.0.0',
  sdk: '^2.1.0',
  titleKey: 'notes:title',
  service: NOTES_SERVICE,
  dependencies: [],
  namespaces: ['notes'],
  pages: [
    // `record`: the host derives each note's page, /notes/<id>, from this line.
    {
      path: '/notes',
      titleKey: 'notes:nav.notes',
      requires: NOTES_CODE,
      record: 'notes.notes',
      nav: { group: 'notes', icon: 'document', order: 1 },
    },
    {
      path: '/notes-overview',
      titleKey: 'notes:nav.overview',
      requires: NOTES_CODE,
      nav: { group: 'notes', icon: 'dashboard', order: 2 },
    },
  ],
  permissions: [
    { code: NOTES_CODE, area: 'notes', description: { en: 'Notes: read and write', ru: 'Заметки: чтение и запись' } },
  ],
  menuGroups: [{ id: 'notes', label: { en: 'Notes', ru: 'Заметки' } }],
};
