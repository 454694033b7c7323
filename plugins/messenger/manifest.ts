import type { PluginManifest } from '@core/sdk/shared';

/** Messenger bots (`/tg-bots`, code MB). Its API is the `messenger` service. */
export const messengerManifest: PluginManifest = {
  id: 'messenger',
  version: '0.1.0',
  sdk: '^2.1.0',
  titleKey: 'messenger:title',
  service: 'messenger',
  dependencies: [],
  namespaces: ['messenger'],
  pages: [
    {
      path: '/tg-bots',
      titleKey: 'messenger:nav.bots',
      requires: 'MB',
      record: 'messenger.bots',
      nav: { group: 'messenger', icon: 'bot' },
    },
  ],
  permissions: [{ code: 'MB', area: 'messenger', description: { en: 'Messenger bots', ru: 'Боты мессенджера' } }],
  // The messenger flag is exactly MB.
  areaFlags: { messenger: ['MB'] },
};
