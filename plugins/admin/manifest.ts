import type { PluginManifest } from '@core/shared/manifest';

export const adminManifest: PluginManifest = {
  id: 'admin',
  version: '0.1.0',
  titleKey: 'admin:title',
  // Spec §7: the admin screens' calls belong to the auth service.
  service: 'auth',
  dependencies: [],
  namespaces: ['admin'],
  routes: [{ path: '/article', titleKey: 'admin:articles.title' }],
  sidebar: [{ id: 'articles', labelKey: 'admin:nav.articles', path: '/article', group: 'admin', requires: 'JA', icon: 'document' }],
};
