import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

const code = permissionsOf('finance');

/** Finance (spec §2 Finance routes, §6 Finance codes). Its API is the `finance` service. */
export const financeManifest: PluginManifest = {
  id: 'finance',
  version: '0.1.0',
  sdk: '^1.0.0',
  titleKey: 'finance:title',
  service: 'finance',
  dependencies: [],
  namespaces: ['finance'],
  pages: [
    { path: '/service-payment', titleKey: 'finance:nav.servicePayments', requires: 'FP', nav: { group: 'finance', icon: 'payment' } },
    { path: '/wallets', titleKey: 'finance:nav.wallets', requires: 'FW', nav: { group: 'finance', icon: 'wallet' } },
    { path: '/google-table', titleKey: 'finance:nav.googleTables', requires: 'FG', nav: { group: 'finance', icon: 'spreadsheet' } },
    { path: '/google-table-data/:id', titleKey: 'finance:nav.googleTableData', requires: 'FG' },
    { path: '/positions', titleKey: 'finance:nav.positions', requires: 'FN', nav: { group: 'finance', icon: 'briefcase' } },
    { path: '/divisions', titleKey: 'finance:nav.divisions', requires: 'FD', nav: { group: 'finance', icon: 'building' } },
    { path: '/counterparties', titleKey: 'finance:nav.counterparties', requires: 'FC', nav: { group: 'finance', icon: 'handshake' } },
    { path: '/articles', titleKey: 'finance:nav.articles', requires: 'FA', nav: { group: 'finance', icon: 'tag' } },
    { path: '/transactions', titleKey: 'finance:nav.transactions', requires: 'FT', nav: { group: 'finance', icon: 'money' } },
    { path: '/transaction-drafts', titleKey: 'finance:nav.drafts', requires: 'FF', nav: { group: 'finance', icon: 'receipt' } },
    // Not a spec screen: the rates USD amounts are computed from, kept by whoever keeps transactions.
    { path: '/exchange-rates', titleKey: 'finance:nav.exchangeRates', requires: 'FT', nav: { group: 'finance', icon: 'calculator' } },
    { path: '/projects-finance', titleKey: 'finance:nav.projects', requires: 'FS', nav: { group: 'finance', icon: 'folder' } },
    { path: '/verticals', titleKey: 'finance:nav.verticals', requires: 'FL', nav: { group: 'finance', icon: 'chart' } },
    { path: '/employees', titleKey: 'finance:nav.employees', requires: 'FJ', nav: { group: 'finance', icon: 'people' } },
    { path: '/agency-team', titleKey: 'finance:nav.agencies', requires: 'FZ', nav: { group: 'finance', icon: 'team' } },
  ],
  // Spec §6 finance codes: the flag group's and the sidebar-only FL and FJ.
  permissions: [
    code('FP', 'Service payments', 'Оплата сервисов'),
    code('FW', 'Wallets', 'Кошельки'),
    code('FD', 'Divisions', 'Подразделения'),
    code('FG', 'Spreadsheet tables', 'Таблицы'),
    code('FN', 'Positions', 'Должности'),
    code('FA', 'Finance articles', 'Финансовые статьи'),
    code('FT', 'Transactions', 'Транзакции'),
    code('FF', 'Transaction drafts', 'Черновики транзакций'),
    code('FS', 'Finance projects', 'Финансовые проекты'),
    code('FV', 'Finance area (flag group)', 'Раздел финансов (группа флага)'),
    code('FE', 'Finance area (flag group)', 'Раздел финансов (группа флага)'),
    code('FC', 'Counterparties', 'Контрагенты'),
    code('FH', 'Finance area (flag group)', 'Раздел финансов (группа флага)'),
    code('FZ', 'Agencies (teams)', 'Агентства (команды)'),
    code('FL', 'Verticals', 'Вертикали'),
    code('FJ', 'Employees', 'Сотрудники'),
  ],
  areaFlags: { finance: ['FP', 'FW', 'FD', 'FG', 'FN', 'FA', 'FT', 'FF', 'FS', 'FV', 'FE', 'FC', 'FH', 'FZ'] },
  // Dashboard widgets (balances, this month) and the admin user detail's employee tab.
  slots: { dashboard: { anyOf: ['FW', 'FT'] }, userDetail: 'FJ' },
};
