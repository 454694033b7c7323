import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

const code = permissionsOf('tracker');

/**
 * The tracker: affiliate work on top of Keitaro. Its API
 * is the `tracker` service. Keitaro servers stay in admin and verticals in finance: both are used
 * through their `shared/` exports, hence the dependencies.
 */
export const trackerManifest: PluginManifest = {
  id: 'tracker',
  version: '0.1.0',
  sdk: '^2.1.0',
  titleKey: 'tracker:title',
  service: 'tracker',
  dependencies: ['admin', 'finance'],
  namespaces: ['tracker'],
  pages: [
    {
      path: '/finance-projects',
      titleKey: 'tracker:nav.financeProjects',
      requires: 'TF',
      record: 'tracker.finance_projects',
      nav: { group: 'tracker', icon: 'folder-link' },
    },
    {
      path: '/advertisers',
      titleKey: 'tracker:nav.advertisers',
      requires: 'TA',
      record: 'tracker.advertisers',
      nav: { group: 'tracker', icon: 'building-people' },
    },
    {
      path: '/trackers',
      titleKey: 'tracker:nav.trackers',
      requires: 'TT',
      record: 'tracker.trackers',
      nav: { group: 'tracker', icon: 'gauge' },
    },
    {
      path: '/offers',
      titleKey: 'tracker:nav.offers',
      requires: 'TO',
      record: 'tracker.offers',
      nav: { group: 'tracker', icon: 'tag' },
    },
    {
      path: '/streams',
      titleKey: 'tracker:nav.streams',
      requires: 'TS',
      record: 'tracker.streams',
      nav: { group: 'tracker', icon: 'branch' },
    },
    {
      path: '/bizdev-deals',
      titleKey: 'tracker:nav.bizdevDeals',
      requires: 'TB',
      record: 'tracker.bizdev_deals',
      nav: { group: 'tracker', icon: 'handshake' },
    },
    {
      path: '/bizdev-limits',
      titleKey: 'tracker:nav.bizdevLimits',
      requires: 'TL',
      record: 'tracker.bizdev_limits',
      nav: { group: 'tracker', icon: 'calendar' },
    },
    {
      path: '/bizdev-requests',
      titleKey: 'tracker:nav.bizdevRequests',
      requires: 'TR',
      record: 'tracker.bizdev_requests',
      nav: { group: 'tracker', icon: 'task' },
    },
    {
      path: '/tracker-report-full',
      titleKey: 'tracker:nav.report',
      requires: 'TR',
      nav: { group: 'tracker', icon: 'chart' },
    },
    // The one Vertical entity is finance's (its FL code); this entry shows it among the tracker's screens.
    {
      path: '/vertical',
      titleKey: 'tracker:nav.verticals',
      requires: 'FL',
      record: 'finance.verticals',
      nav: { group: 'tracker', icon: 'stack' },
    },
  ],
  // The tracker's codes.
  permissions: [
    code('TF', 'Finance projects', 'Финансовые проекты'),
    code('TA', 'Advertisers', 'Рекламодатели'),
    code('TT', 'Trackers', 'Трекеры'),
    code('TO', 'Offers', 'Офферы'),
    code('TS', 'Streams', 'Потоки'),
    code('TB', 'Bizdev deals', 'Сделки бизнес-развития'),
    code('TL', 'Bizdev limits', 'Лимиты бизнес-развития'),
    code('TR', 'Bizdev requests and the full tracker report', 'Запросы бизнес-развития и полный отчёт трекера'),
  ],
  areaFlags: { tracker: ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'] },
};
