import type { PluginInventoryItem } from '@core/sdk/shared';

/** What a host may report: a running built-in plugin, a refused and a failed external one, a disabled built-in one. */
export const ADMIN: PluginInventoryItem = {
  id: 'admin',
  version: '0.1.0',
  sdk: '^2.0.0',
  titleKey: 'admin:title',
  source: { kind: 'builtin' },
  enabled: true,
  state: 'running',
  error: null,
};
export const REPORTS: PluginInventoryItem = {
  id: 'reports',
  version: '2.0.0',
  sdk: '^2.0.0',
  titleKey: 'reports:title',
  source: { kind: 'external', path: '/srv/erp/external-plugins/reports' },
  enabled: true,
  state: 'refused',
  error: 'plugin "reports" needs SDK ^2.0.0, the host has 1.0.0',
};
export const BROKEN: PluginInventoryItem = {
  id: 'broken',
  version: null,
  sdk: null,
  titleKey: null,
  source: { kind: 'external', path: '/srv/erp/external-plugins/broken' },
  enabled: true,
  state: 'failed',
  error: 'plugin.json could not be read',
};
export const FINANCE: PluginInventoryItem = {
  ...ADMIN,
  id: 'finance',
  titleKey: 'finance:title',
  enabled: false,
  state: 'disabled',
};
