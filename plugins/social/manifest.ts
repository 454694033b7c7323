import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

const code = permissionsOf('social');

/**
 * The social-ad platform: platform accounts, the
 * ad accounts and pages they hold, the campaign tree, insight reports and the Conversions API, on
 * Meta's Marketing (Graph) API. Its API is the `social` service.
 *
 * The spec gives the sidebar codes (MA accounts, MC conversion API, FO services) and the area's flag
 * group (MA MD MP MQ MS MV) but not which screen each flag code opens. The reading here: MA reads
 * everything in the area (so every reading screen sits in the sidebar under MA); MD, MP, MQ, MS and
 * MV each add the right to change one screen (ad accounts, pages, campaigns, adsets, ads); MC and
 * FO hold the Conversions API and the platform connections. The sidebar needs exactly MA, MC and
 * FO, and any of the six flag codes makes the area's flag true.
 */
export const socialManifest: PluginManifest = {
  id: 'social',
  version: '0.1.0',
  sdk: '^2.1.0',
  titleKey: 'social:title',
  service: 'social',
  dependencies: [],
  // The report converts to US dollars with finance's rates, when finance runs.
  optionalDependencies: ['finance'],
  namespaces: ['social'],
  pages: [
    {
      path: '/facebook-accounts',
      titleKey: 'social:nav.accounts',
      requires: 'MA',
      record: 'social.accounts',
      nav: { group: 'social', icon: 'person-accounts' },
    },
    {
      path: '/facebook-ad-accounts',
      titleKey: 'social:nav.adAccounts',
      requires: 'MA',
      record: 'social.ad_accounts',
      nav: { group: 'social', icon: 'wallet-card' },
    },
    {
      path: '/facebook-ad-pages',
      titleKey: 'social:nav.pages',
      requires: 'MA',
      record: 'social.pages',
      nav: { group: 'social', icon: 'document' },
    },
    {
      path: '/facebook-ad-campaigns',
      titleKey: 'social:nav.campaigns',
      requires: 'MA',
      record: 'social.campaigns',
      nav: { group: 'social', icon: 'megaphone-loud' },
    },
    {
      path: '/facebook-ad-adsets',
      titleKey: 'social:nav.adsets',
      requires: 'MA',
      record: 'social.adsets',
      nav: { group: 'social', icon: 'target' },
    },
    {
      path: '/facebook-ad-ads',
      titleKey: 'social:nav.ads',
      requires: 'MA',
      record: 'social.ads',
      nav: { group: 'social', icon: 'image' },
    },
    {
      path: '/facebook-ad-reports',
      titleKey: 'social:nav.reports',
      requires: 'MA',
      nav: { group: 'social', icon: 'chart-pie' },
    },
    {
      path: '/conversion-api',
      titleKey: 'social:nav.conversionApi',
      requires: 'MC',
      record: 'social.conversion_apis',
      nav: { group: 'social', icon: 'plug' },
    },
    {
      path: '/facebook-service',
      titleKey: 'social:nav.services',
      requires: 'FO',
      record: 'social.services',
      nav: { group: 'social', icon: 'toolbox' },
    },
  ],
  // The sidebar's MA, MC, FO and the flag group's MD, MP, MQ, MS, MV.
  permissions: [
    code(
      'MA',
      'Social-ad platform: reads every screen; manages accounts and reports',
      'Рекламная платформа: просмотр всех экранов; аккаунты и отчёты',
    ),
    code('MD', 'Social-ad platform: manages ad accounts', 'Рекламная платформа: управление рекламными аккаунтами'),
    code('MP', 'Social-ad platform: manages pages', 'Рекламная платформа: управление страницами'),
    code(
      'MQ',
      'Social-ad platform: manages campaigns (pause, activate, budgets)',
      'Рекламная платформа: управление кампаниями (пауза, запуск, бюджеты)',
    ),
    code('MS', 'Social-ad platform: manages adsets', 'Рекламная платформа: управление группами объявлений'),
    code('MV', 'Social-ad platform: manages ads', 'Рекламная платформа: управление объявлениями'),
    code(
      'MC',
      'Conversions API: pixels, tokens and test events',
      'Conversions API: пиксели, токены и тестовые события',
    ),
    code(
      'FO',
      'Social-ad platform services: app and access tokens',
      'Сервисы рекламной платформы: приложение и токены доступа',
    ),
  ],
  areaFlags: { facebook: ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV'] },
};
