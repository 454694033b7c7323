import type { PluginManifest } from '@core/sdk/shared';

/** Messenger bots (spec §2 `/tg-bots`, §3 Bot, §6 MB). Its API is the `messenger` service. */
export const messengerManifest: PluginManifest = {
  id: 'messenger',
  version: '0.1.0',
  sdk: '^2.0.0',
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
  // Spec §6: the messenger flag is exactly MB.
  areaFlags: { messenger: ['MB'] },
};
