import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

// Plain literals: the manifest is read at start-up and rides in /config.json, so it stays small.
const ROLES = { anyOf: ['JQ', 'JT'] } as const;

const code = permissionsOf('admin');

export const adminManifest: PluginManifest = {
  id: 'admin',
  version: '0.1.0',
  sdk: '^2.2.0',
  titleKey: 'admin:title',
  // The admin screens' calls belong to the auth service.
  service: 'auth',
  dependencies: [],
  namespaces: ['admin'],
  pages: [
    {
      path: '/users',
      titleKey: 'admin:nav.users',
      requires: 'JU',
      record: 'core.users',
      nav: { group: 'admin', icon: 'users' },
    },
    // The user detail's tabs are child routes: info-tab, service-tab, edit-user-tab and contributed ones.
    { path: '/user/:id/*', titleKey: 'admin:userDetail.title', requires: 'JU' },
    {
      path: '/roles-permissions',
      titleKey: 'admin:nav.roles',
      requires: ROLES,
      // Each role's record page (`/roles-permissions/7`): its fields, history and timeline.
      record: 'core.roles',
      nav: { group: 'admin', icon: 'shield-person' },
    },
    {
      path: '/article',
      titleKey: 'admin:nav.articles',
      requires: 'JA',
      record: 'admin.articles',
      nav: { group: 'admin', icon: 'news' },
    },
    {
      path: '/system-settings',
      titleKey: 'admin:nav.settings',
      requires: 'JS',
      nav: { group: 'admin', icon: 'settings' },
    },
    {
      path: '/rdp-servers',
      titleKey: 'admin:nav.rdp',
      requires: 'VR',
      record: 'admin.rdp_servers',
      nav: { group: 'admin', icon: 'desktop' },
    },
    {
      path: '/keitaro-servers',
      titleKey: 'admin:nav.keitaro',
      requires: 'VR',
      record: 'admin.keitaro_servers',
      nav: { group: 'admin', icon: 'servers' },
    },
    // Read-only: which plugins the host could run and how loading went; enabling is configuration and a restart.
    { path: '/plugins', titleKey: 'admin:nav.plugins', requires: 'JS', nav: { group: 'admin', icon: 'puzzle' } },
    // Work that runs on its own: schedules and jobs, with their logs, Retry and Cancel.
    { path: '/jobs', titleKey: 'admin:nav.jobs', requires: 'JS', nav: { group: 'admin', icon: 'history' } },
  ],
  // The admin codes.
  permissions: [
    code('JA', 'Articles', 'Статьи'),
    code('JS', 'System settings', 'Системные настройки'),
    code('JU', 'Users', 'Пользователи'),
    code('JQ', 'Roles and permissions', 'Роли и права'),
    code('JT', 'Roles and permissions (alternative code)', 'Роли и права (другой код)'),
    code('VR', 'Keitaro servers and RDP servers', 'Серверы Keitaro и RDP-серверы'),
  ],
  areaFlags: { admin: ['JA', 'JS', 'JU', 'JQ', 'JT', 'VR'] },
};
