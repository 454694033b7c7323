import type { PluginManifest } from '@core/shared/manifest';

/** Finance (spec §2 Finance routes, §6 Finance codes). Its API is the `finance` service. */
export const financeManifest: PluginManifest = {
  id: 'finance',
  version: '0.1.0',
  sdk: '^1.0.0',
  titleKey: 'finance:title',
  service: 'finance',
  dependencies: [],
  namespaces: ['finance'],
  routes: [
    { path: '/service-payment', titleKey: 'finance:nav.servicePayments' },
    { path: '/wallets', titleKey: 'finance:nav.wallets' },
    { path: '/google-table', titleKey: 'finance:nav.googleTables' },
    { path: '/google-table-data/:id', titleKey: 'finance:nav.googleTableData' },
    { path: '/positions', titleKey: 'finance:nav.positions' },
    { path: '/divisions', titleKey: 'finance:nav.divisions' },
    { path: '/counterparties', titleKey: 'finance:nav.counterparties' },
    { path: '/articles', titleKey: 'finance:nav.articles' },
    { path: '/transactions', titleKey: 'finance:nav.transactions' },
    { path: '/transaction-drafts', titleKey: 'finance:nav.drafts' },
    { path: '/exchange-rates', titleKey: 'finance:nav.exchangeRates' },
    { path: '/projects-finance', titleKey: 'finance:nav.projects' },
    { path: '/verticals', titleKey: 'finance:nav.verticals' },
    { path: '/employees', titleKey: 'finance:nav.employees' },
    { path: '/agency-team', titleKey: 'finance:nav.agencies' },
  ],
  sidebar: [
    { id: 'service-payments', labelKey: 'finance:nav.servicePayments', path: '/service-payment', group: 'finance', requires: 'FP', icon: 'payment' },
    { id: 'wallets', labelKey: 'finance:nav.wallets', path: '/wallets', group: 'finance', requires: 'FW', icon: 'wallet' },
    { id: 'google-tables', labelKey: 'finance:nav.googleTables', path: '/google-table', group: 'finance', requires: 'FG', icon: 'spreadsheet' },
    { id: 'positions', labelKey: 'finance:nav.positions', path: '/positions', group: 'finance', requires: 'FN', icon: 'briefcase' },
    { id: 'divisions', labelKey: 'finance:nav.divisions', path: '/divisions', group: 'finance', requires: 'FD', icon: 'building' },
    { id: 'counterparties', labelKey: 'finance:nav.counterparties', path: '/counterparties', group: 'finance', requires: 'FC', icon: 'handshake' },
    { id: 'articles', labelKey: 'finance:nav.articles', path: '/articles', group: 'finance', requires: 'FA', icon: 'tag' },
    { id: 'transactions', labelKey: 'finance:nav.transactions', path: '/transactions', group: 'finance', requires: 'FT', icon: 'money' },
    { id: 'drafts', labelKey: 'finance:nav.drafts', path: '/transaction-drafts', group: 'finance', requires: 'FF', icon: 'receipt' },
    // Not a spec screen: the rates USD amounts are computed from, kept by whoever keeps transactions.
    { id: 'exchange-rates', labelKey: 'finance:nav.exchangeRates', path: '/exchange-rates', group: 'finance', requires: 'FT', icon: 'calculator' },
    { id: 'projects', labelKey: 'finance:nav.projects', path: '/projects-finance', group: 'finance', requires: 'FS', icon: 'folder' },
    { id: 'verticals', labelKey: 'finance:nav.verticals', path: '/verticals', group: 'finance', requires: 'FL', icon: 'chart' },
    { id: 'employees', labelKey: 'finance:nav.employees', path: '/employees', group: 'finance', requires: 'FJ', icon: 'people' },
    { id: 'agencies', labelKey: 'finance:nav.agencies', path: '/agency-team', group: 'finance', requires: 'FZ', icon: 'team' },
  ],
  // Dashboard widgets (balances, this month) and the admin user detail's employee tab.
  slots: { dashboard: { anyOf: ['FW', 'FT'] }, userDetail: 'FJ' },
};
