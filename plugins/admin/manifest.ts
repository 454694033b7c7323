import type { PluginManifest } from '@core/shared/manifest';

// Spec §6 admin codes. Plain literals: the manifest is read at start-up and must stay small.
const ROLES = { anyOf: ['JQ', 'JT'] } as const;

export const adminManifest: PluginManifest = {
  id: 'admin',
  version: '0.1.0',
  sdk: '^1.0.0',
  titleKey: 'admin:title',
  // Spec §7: the admin screens' calls belong to the auth service.
  service: 'auth',
  dependencies: [],
  namespaces: ['admin'],
  routes: [
    { path: '/users', titleKey: 'admin:nav.users' },
    // The user detail's tabs are child routes: info-tab, service-tab, edit-user-tab and contributed ones.
    { path: '/user/:id/*', titleKey: 'admin:userDetail.title' },
    { path: '/roles-permissions', titleKey: 'admin:nav.roles' },
    { path: '/article', titleKey: 'admin:nav.articles' },
    { path: '/system-settings', titleKey: 'admin:nav.settings' },
    { path: '/rdp-servers', titleKey: 'admin:nav.rdp' },
    { path: '/keitaro-servers', titleKey: 'admin:nav.keitaro' },
  ],
  sidebar: [
    { id: 'users', labelKey: 'admin:nav.users', path: '/users', group: 'admin', requires: 'JU', icon: 'users' },
    { id: 'roles', labelKey: 'admin:nav.roles', path: '/roles-permissions', group: 'admin', requires: ROLES, icon: 'shield' },
    { id: 'articles', labelKey: 'admin:nav.articles', path: '/article', group: 'admin', requires: 'JA', icon: 'document' },
    { id: 'settings', labelKey: 'admin:nav.settings', path: '/system-settings', group: 'admin', requires: 'JS', icon: 'settings' },
    { id: 'rdp', labelKey: 'admin:nav.rdp', path: '/rdp-servers', group: 'admin', requires: 'VR', icon: 'desktop' },
    { id: 'keitaro', labelKey: 'admin:nav.keitaro', path: '/keitaro-servers', group: 'admin', requires: 'VR', icon: 'servers' },
  ],
};
