import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

const code = permissionsOf('system');

/**
 * System infrastructure: proxies and their providers,
 * services (registrar, CDN and hosting accounts), servers, sites and their whites, projects,
 * domains and their registrants, languages and country languages. Its API is the `system` service.
 * Buying proxies and domains runs as background jobs on the kernel's job runner.
 */
export const systemManifest: PluginManifest = {
  id: 'system',
  version: '0.1.0',
  sdk: '^2.1.0',
  titleKey: 'system:title',
  service: 'system',
  dependencies: [],
  // A proxy's team is a finance agency; without finance the field is left out.
  optionalDependencies: ['finance'],
  namespaces: ['system'],
  pages: [
    {
      path: '/proxies',
      titleKey: 'system:nav.proxies',
      requires: 'YP',
      record: 'system.proxies',
      nav: { group: 'system', icon: 'globe-shield' },
    },
    // Providers are bought from on the proxies screen, so they go with its code (the spec gives them no route).
    {
      path: '/proxy-providers',
      titleKey: 'system:nav.proxyProviders',
      requires: 'YP',
      record: 'system.proxy_providers',
      nav: { group: 'system', icon: 'cloud' },
    },
    {
      path: '/services',
      titleKey: 'system:nav.services',
      requires: 'YS',
      record: 'system.services',
      nav: { group: 'system', icon: 'key' },
    },
    {
      path: '/servers',
      titleKey: 'system:nav.servers',
      requires: 'YE',
      record: 'system.servers',
      nav: { group: 'system', icon: 'server' },
    },
    {
      path: '/sites',
      titleKey: 'system:nav.sites',
      requires: 'YQ',
      record: 'system.sites',
      nav: { group: 'system', icon: 'web' },
    },
    // Whites are what sites show, so they go with the sites' code (the spec gives them no route).
    {
      path: '/whites',
      titleKey: 'system:nav.whites',
      requires: 'YQ',
      record: 'system.whites',
      nav: { group: 'system', icon: 'page-check' },
    },
    {
      path: '/projects',
      titleKey: 'system:nav.projects',
      requires: 'YA',
      record: 'system.projects',
      nav: { group: 'system', icon: 'folder-briefcase' },
    },
    {
      path: '/domains',
      titleKey: 'system:nav.domains',
      requires: 'YD',
      record: 'system.domains',
      nav: { group: 'system', icon: 'link' },
    },
    {
      path: '/domain-users',
      titleKey: 'system:nav.domainUsers',
      requires: 'YU',
      record: 'system.domain_users',
      nav: { group: 'system', icon: 'contact' },
    },
    {
      path: '/languages',
      titleKey: 'system:nav.languages',
      requires: 'YT',
      record: 'system.languages',
      nav: { group: 'system', icon: 'language' },
    },
    {
      path: '/country-languages',
      titleKey: 'system:nav.countryLanguages',
      requires: 'YL',
      record: 'system.country_languages',
      nav: { group: 'system', icon: 'map' },
    },
  ],
  // The system codes.
  permissions: [
    code('YP', 'Proxies and proxy providers (buying included)', 'Прокси и поставщики прокси (включая покупку)'),
    code('YS', 'Services: registrar, CDN and hosting accounts', 'Сервисы: аккаунты регистраторов, CDN и хостингов'),
    code('YE', 'Servers', 'Серверы'),
    code('YQ', 'Sites and whites', 'Сайты и white-страницы'),
    code('YA', 'Projects', 'Проекты'),
    code('YD', 'Domains (buying included)', 'Домены (включая покупку)'),
    code('YU', 'Domain users (registrants)', 'Пользователи доменов (регистранты)'),
    code('YT', 'Languages', 'Языки'),
    code('YL', 'Country languages', 'Языки стран'),
  ],
  // The dashboard's widget: critical sites whose domain or server is about to expire.
  slots: { dashboard: 'YQ' },
  areaFlags: { system: ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'] },
};
