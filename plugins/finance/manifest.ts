import { permissionsOf, type PluginManifest } from '@core/sdk/shared';
import { EMPLOYEE_DETAIL_SLOT } from './shared/employee-detail-slot';

const code = permissionsOf('finance');

/** Finance: its routes and codes. Its API is the `finance` service. */
export const financeManifest: PluginManifest = {
  id: 'finance',
  version: '0.1.0',
  sdk: '^2.2.0',
  titleKey: 'finance:title',
  service: 'finance',
  dependencies: [],
  // The pay rules read the tracker's performance when the tracker runs (the tracker depends on finance).
  optionalDependencies: ['tracker'],
  namespaces: ['finance'],
  pages: [
    {
      path: '/service-payment',
      titleKey: 'finance:nav.servicePayments',
      requires: 'FP',
      record: 'finance.service_payments',
      nav: { group: 'finance', icon: 'payment' },
    },
    {
      path: '/wallets',
      titleKey: 'finance:nav.wallets',
      requires: 'FW',
      record: 'finance.wallets',
      nav: { group: 'finance', icon: 'wallet' },
    },
    {
      path: '/google-table',
      titleKey: 'finance:nav.googleTables',
      requires: 'FG',
      nav: { group: 'finance', icon: 'spreadsheet' },
    },
    { path: '/google-table-data/:id', titleKey: 'finance:nav.googleTableData', requires: 'FG' },
    {
      path: '/positions',
      titleKey: 'finance:nav.positions',
      requires: 'FN',
      record: 'finance.positions',
      nav: { group: 'finance', icon: 'briefcase' },
    },
    {
      path: '/divisions',
      titleKey: 'finance:nav.divisions',
      requires: 'FD',
      record: 'finance.divisions',
      nav: { group: 'finance', icon: 'building' },
    },
    {
      path: '/counterparties',
      titleKey: 'finance:nav.counterparties',
      requires: 'FC',
      record: 'finance.counterparties',
      nav: { group: 'finance', icon: 'book-contacts' },
    },
    {
      path: '/articles',
      titleKey: 'finance:nav.articles',
      requires: 'FA',
      record: 'finance.articles',
      nav: { group: 'finance', icon: 'book' },
    },
    {
      path: '/transactions',
      titleKey: 'finance:nav.transactions',
      requires: 'FT',
      record: 'finance.transactions',
      nav: { group: 'finance', icon: 'money' },
    },
    {
      path: '/transaction-drafts',
      titleKey: 'finance:nav.drafts',
      requires: 'FF',
      record: 'finance.transaction_drafts',
      nav: { group: 'finance', icon: 'draft' },
    },
    // Not a spec screen: the rates USD amounts are computed from, kept by whoever keeps transactions.
    {
      path: '/exchange-rates',
      titleKey: 'finance:nav.exchangeRates',
      requires: 'FT',
      record: 'finance.exchange_rates',
      nav: { group: 'finance', icon: 'currency' },
    },
    {
      path: '/projects-finance',
      titleKey: 'finance:nav.projects',
      requires: 'FS',
      record: 'finance.projects',
      nav: { group: 'finance', icon: 'folder' },
    },
    {
      path: '/verticals',
      titleKey: 'finance:nav.verticals',
      requires: 'FL',
      record: 'finance.verticals',
      nav: { group: 'finance', icon: 'layers' },
    },
    {
      path: '/employees',
      titleKey: 'finance:nav.employees',
      requires: 'FJ',
      record: 'finance.employees',
      nav: { group: 'finance', icon: 'person-board' },
    },
    {
      path: '/agency-team',
      titleKey: 'finance:nav.agencies',
      requires: 'FZ',
      record: 'finance.agencies',
      nav: { group: 'finance', icon: 'team' },
    },
    // Finance areas the spec names without routes of their own: cash flow, card corrections, pay, departments.
    {
      path: '/cash-flow',
      titleKey: 'finance:nav.cashFlow',
      requires: 'FT',
      nav: { group: 'finance', icon: 'trending' },
    },
    {
      path: '/card-corrections',
      titleKey: 'finance:nav.cardCorrections',
      requires: 'FW',
      record: 'finance.card_corrections',
      nav: { group: 'finance', icon: 'card' },
    },
    {
      path: '/calculation-models',
      titleKey: 'finance:nav.calculationModels',
      requires: 'FE',
      record: 'finance.calculation_models',
      nav: { group: 'finance', icon: 'calculator' },
    },
    {
      path: '/calculation-model-rules',
      titleKey: 'finance:nav.calculationModelRules',
      requires: 'FE',
      record: 'finance.calculation_model_rules',
    },
    {
      path: '/employee-models',
      titleKey: 'finance:nav.employeeModels',
      requires: 'FE',
      record: 'finance.employee_models',
      nav: { group: 'finance', icon: 'person-money' },
    },
    {
      path: '/motivation',
      titleKey: 'finance:nav.motivation',
      requires: 'FE',
      record: 'finance.motivation_sheets',
      nav: { group: 'finance', icon: 'trophy' },
    },
    {
      path: '/departments/marketing',
      titleKey: 'finance:nav.departmentMarketing',
      requires: 'FH',
      nav: { group: 'finance', icon: 'megaphone' },
    },
    {
      path: '/departments/sales',
      titleKey: 'finance:nav.departmentSales',
      requires: 'FH',
      nav: { group: 'finance', icon: 'money-hand' },
    },
    {
      path: '/departments/development',
      titleKey: 'finance:nav.departmentDevelopment',
      requires: 'FH',
      nav: { group: 'finance', icon: 'code' },
    },
  ],
  // Finance codes: the flag group's and the sidebar-only FL and FJ. The spec names FV, FE and FH
  // without a screen; the later areas reuse codes where one fits and give FE and FH a meaning:
  // - cash flow is a view of transactions: FT;
  // - card corrections reconcile a wallet: FW; approving one also writes a transaction, so FW and FT;
  // - calculation models, their assignments and monthly motivation (pay): FE; approving a month's
  //   motivation also writes transaction drafts, so FE and FF;
  // - the department views (marketing, sales, development) and their dashboard widgets: FH;
  // - FV stays a flag-group code with no screen of its own.
  permissions: [
    code('FP', 'Service payments', 'Оплата сервисов'),
    code(
      'FW',
      'Wallets and card corrections (approving a correction also needs FT)',
      'Кошельки и корректировки карт (для утверждения корректировки нужен и FT)',
    ),
    code('FD', 'Divisions', 'Подразделения'),
    code('FG', 'Spreadsheet tables', 'Таблицы'),
    code('FN', 'Positions', 'Должности'),
    code('FA', 'Finance articles', 'Финансовые статьи'),
    code('FT', 'Transactions and the cash flow report', 'Транзакции и отчёт о движении денег'),
    code('FF', 'Transaction drafts', 'Черновики транзакций'),
    code('FS', 'Finance projects', 'Финансовые проекты'),
    code('FV', 'Finance area (flag group; no screen of its own)', 'Раздел финансов (группа флага; без своего экрана)'),
    code(
      'FE',
      'Pay: calculation models, their assignments and monthly motivation (approving also needs FF)',
      'Оплата труда: модели расчёта, их назначения и мотивация за месяц (для утверждения нужен и FF)',
    ),
    code('FC', 'Counterparties', 'Контрагенты'),
    code(
      'FH',
      'Department views: marketing, sales and development, with their dashboard widgets',
      'Отделы: маркетинг, продажи и разработка, с виджетами на главной',
    ),
    code('FZ', 'Agencies (teams)', 'Агентства (команды)'),
    code('FL', 'Verticals', 'Вертикали'),
    code('FJ', 'Employees', 'Сотрудники'),
  ],
  areaFlags: { finance: ['FP', 'FW', 'FD', 'FG', 'FN', 'FA', 'FT', 'FF', 'FS', 'FV', 'FE', 'FC', 'FH', 'FZ'] },
  // Dashboard widgets (balances, this month, the departments), the admin user detail's employee tab, a
  // wallet's balance and the employee record page's holder of finance.employeeDetail.
  slots: {
    dashboard: { anyOf: ['FW', 'FT', 'FH'] },
    userDetail: 'FJ',
    'record:finance.wallets': 'FW',
    'record:finance.employees': 'FJ',
  },
  offersSlots: [
    {
      id: EMPLOYEE_DETAIL_SLOT,
      description: {
        en: "Sections below an employee's details: in the panel of the Employees list and on the employee's record page",
        ru: 'Разделы под сведениями о сотруднике: на панели списка «Сотрудники» и на странице записи сотрудника',
      },
      requires: 'FJ',
      props: 'EmployeeDetailSlotProps',
    },
  ],
};
