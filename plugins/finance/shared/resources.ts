import {
  defineResource,
  fieldBuilders,
  referenceTo,
  USERS_REFERENCE,
  type FieldDefinition,
  type ReferenceTarget,
  type ResourceDefinition,
} from '@core/sdk/shared';
import { FINANCE_CURRENCIES } from './currencies';

/**
 * The finance resources. Each definition gives its table, REST resource and list
 * screen; the finance server adds what the engine cannot know (USD amounts, balances, drafts).
 */

const field = fieldBuilders('finance:fields');
/** Money in any of the finance currencies, kept to eight places (crypto amounts). */
export const FINANCE_MONEY = { scale: 8, currencies: FINANCE_CURRENCIES } as const;
/** USD equivalents are computed on the server from the rate of the fact date, never typed. */
const USD = { scale: 8, readOnly: true } as const;

const name = field.text('name', { required: true, unique: true });
const code = field.text('code', { maxLength: 50, searchable: true });
const comment = field.longText('comment');
const isActive = field.boolean('is_active', { default: true });

function simpleDirectory(
  id: string,
  path: string,
  titleKey: string,
  recordKey: string,
  codeName: string,
  extra: readonly FieldDefinition[] = [],
): ResourceDefinition {
  return defineResource({
    id: `finance.${id}`,
    service: 'finance',
    path,
    table: `finance.${id}`,
    titleKey,
    recordKey,
    access: { read: codeName, write: codeName },
    fields: [name, code, ...extra, comment, isActive],
    labelField: 'name',
    softDelete: true,
    defaultSort: { field: 'name', direction: 'asc' },
  });
}

/** The departments of the department views: a division marked with one of these is that department's part. */
export const DEPARTMENT_TYPES = ['marketing', 'sales', 'development'] as const;
export type DepartmentType = (typeof DEPARTMENT_TYPES)[number];

export const positionsResource = simpleDirectory(
  'positions',
  'positions',
  'finance:nav.positions',
  'finance:records.position',
  'FN',
);
export const divisionsResource = simpleDirectory(
  'divisions',
  'divisions',
  'finance:nav.divisions',
  'finance:records.division',
  'FD',
  [field.enum('department_type', DEPARTMENT_TYPES)],
);

export const counterpartiesResource = defineResource({
  id: 'finance.counterparties',
  service: 'finance',
  path: 'counterparties',
  table: 'finance.counterparties',
  titleKey: 'finance:nav.counterparties',
  recordKey: 'finance:records.counterparty',
  access: { read: 'FC', write: 'FC' },
  fields: [
    name,
    code,
    field.email('email', { searchable: true }),
    field.text('country', { maxLength: 100 }),
    comment,
    isActive,
  ],
  labelField: 'name',
  softDelete: true,
  // A blocked counterparty is one the agency no longer deals with.
  blockable: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const ARTICLE_DIRECTIONS = ['income', 'expense'] as const;
export type ArticleDirection = (typeof ARTICLE_DIRECTIONS)[number];

export const articlesResource = defineResource({
  id: 'finance.articles',
  service: 'finance',
  path: 'articles',
  table: 'finance.articles',
  titleKey: 'finance:nav.articles',
  recordKey: 'finance:records.article',
  access: { read: 'FA', write: 'FA' },
  fields: [name, code, field.enum('direction', ARTICLE_DIRECTIONS, { required: true }), comment, isActive],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const verticalsResource = defineResource({
  id: 'finance.verticals',
  service: 'finance',
  path: 'verticals',
  table: 'finance.verticals',
  titleKey: 'finance:nav.verticals',
  recordKey: 'finance:records.vertical',
  access: { read: 'FL', write: 'FL' },
  fields: [name, field.integer('keitaro_id', { format: 'identifier', min: 1, filter: ['eq'], unique: true })],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const projectsResource = simpleDirectory(
  'projects',
  'projects',
  'finance:nav.projects',
  'finance:records.project',
  'FS',
  [
    // The vertical a project works in: what a pay rule's "by vertical" measure sums over.
    field.reference('vertical_id', referenceTo(verticalsResource), { labelKey: 'finance:fields.vertical' }),
  ],
);

export const agenciesResource = defineResource({
  id: 'finance.agencies',
  service: 'finance',
  path: 'agencies',
  table: 'finance.agencies',
  titleKey: 'finance:nav.agencies',
  recordKey: 'finance:records.agency',
  access: { read: 'FZ', write: 'FZ' },
  fields: [
    name,
    field.text('bot', { maxLength: 100 }),
    field.text('relation_sheet_id', { format: 'identifier', filter: ['eq', 'contains'], sortable: false }),
    field.text('sheet_id', { format: 'identifier', filter: ['eq', 'contains'], sortable: false }),
    field.text('notification_chat_id', {
      format: 'identifier',
      maxLength: 100,
      pattern: '^-?[0-9]+$',
      filter: ['eq'],
      sortable: false,
    }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const walletsResource = defineResource({
  id: 'finance.wallets',
  service: 'finance',
  path: 'wallets',
  table: 'finance.wallets',
  titleKey: 'finance:nav.wallets',
  recordKey: 'finance:records.wallet',
  access: { read: 'FW', write: 'FW' },
  fields: [
    name,
    field.text('source', { maxLength: 100 }),
    field.text('address', { searchable: true, sortable: false }),
    field.enum('currency', FINANCE_CURRENCIES, { required: true }),
    // Kept by the finance server in the same transaction as every change to the wallet's transactions.
    field.money('balance', { scale: 8, readOnly: true }),
    comment,
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const exchangeRatesResource = defineResource({
  id: 'finance.exchange_rates',
  service: 'finance',
  path: 'exchange-rates',
  table: 'finance.exchange_rates',
  titleKey: 'finance:nav.exchangeRates',
  recordKey: 'finance:records.exchangeRate',
  access: { read: 'FT', write: 'FT' },
  fields: [
    field.enum('currency', FINANCE_CURRENCIES, { required: true }),
    field.date('rate_date', { required: true }),
    // US dollars for one unit of the currency.
    field.decimal('usd_rate', { required: true, scale: 8, min: '0.00000001', max: '100000000' }),
  ],
  labelField: 'currency',
  // One rate per currency and day: the import upserts on this pair.
  uniqueTogether: [['currency', 'rate_date']],
  defaultSort: { field: 'rate_date', direction: 'desc' },
  toolbarActions: [{ name: 'import', labelKey: 'finance:rates.import', requires: 'FT', endpoint: 'import' }],
});

export const employeesTarget: ReferenceTarget = {
  service: 'finance',
  path: 'employees',
  table: 'finance.employees',
  labelColumn: 'full_name',
  softDelete: true,
};

export const EMPLOYEE_WORK_TYPES = ['full_time', 'part_time', 'contractor', 'freelance'] as const;

export const employeesResource = defineResource({
  id: 'finance.employees',
  service: 'finance',
  path: 'employees',
  table: 'finance.employees',
  titleKey: 'finance:nav.employees',
  recordKey: 'finance:records.employee',
  access: { read: 'FJ', write: 'FJ' },
  fields: [
    field.text('full_name', { required: true }),
    field.date('hired_date'),
    field.date('fired_date'),
    field.date('birth_date', { list: false, filter: false }),
    field.enum('work_type', EMPLOYEE_WORK_TYPES),
    field.reference('position_id', referenceTo(positionsResource), { labelKey: 'finance:fields.position' }),
    field.reference('division_id', referenceTo(divisionsResource), { labelKey: 'finance:fields.division' }),
    field.reference('manager_id', employeesTarget, { labelKey: 'finance:fields.manager' }),
    field.text('card_number', {
      maxLength: 32,
      pattern: '^[0-9 ]{12,32}$',
      list: false,
      filter: false,
      sortable: false,
    }),
    field.text('wallet', { labelKey: 'finance:fields.walletAddress', list: false, filter: false, sortable: false }),
    field.money('base_salary', { ...FINANCE_MONEY }),
    field.text('messenger_login', { maxLength: 100, list: false, searchable: true, sortable: false }),
    field.text('tg_login', { maxLength: 100, searchable: true, sortable: false }),
    field.reference('user_id', USERS_REFERENCE, { labelKey: 'finance:fields.user', unique: true, list: false }),
  ],
  labelField: 'full_name',
  softDelete: true,
  defaultSort: { field: 'full_name', direction: 'asc' },
});

export const salaryHistoryResource = defineResource({
  id: 'finance.salary_history',
  service: 'finance',
  path: 'salary-history',
  table: 'finance.salary_history',
  titleKey: 'finance:salary.title',
  recordKey: 'finance:records.salary',
  access: { read: 'FJ', write: 'FJ' },
  fields: [
    // The employee's salary history: the first section of their record page.
    field.reference('employee_id', employeesTarget, {
      labelKey: 'finance:fields.employee',
      required: true,
      related: { labelKey: 'finance:salary.title', order: 10 },
    }),
    field.date('date_start', { required: true }),
    field.date('date_end'),
    field.money('salary', { ...FINANCE_MONEY, required: true }),
  ],
  labelField: 'date_start',
  titleFields: ['employee_id', 'date_start', 'salary'],
  defaultSort: { field: 'date_start', direction: 'desc' },
});

export const servicePaymentsResource = defineResource({
  id: 'finance.service_payments',
  service: 'finance',
  path: 'service-payments',
  table: 'finance.service_payments',
  titleKey: 'finance:nav.servicePayments',
  recordKey: 'finance:records.servicePayment',
  access: { read: 'FP', write: 'FP' },
  fields: [
    name,
    field.money('price', { ...FINANCE_MONEY, required: true }),
    field.date('start_date'),
    field.date('payment_date'),
    field.reference('employee_id', employeesTarget, { labelKey: 'finance:fields.employee' }),
    comment,
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'payment_date', direction: 'asc' },
});

export const transactionDraftsTarget: ReferenceTarget = {
  service: 'finance',
  path: 'transaction-drafts',
  table: 'finance.transaction_drafts',
  labelColumn: 'hash',
};

/** A transaction's or a draft's money: the amount and the commission, each also in dollars. */
const AMOUNT_AND_COMMISSION: readonly FieldDefinition[] = [
  field.money('amount', { ...FINANCE_MONEY, required: true, min: '0' }),
  field.money('amount_usd', { ...USD }),
  field.money('commission', { ...FINANCE_MONEY, min: '0' }),
  // Offered in the column chooser, not shown at first: the list fits a 1280 px screen without it.
  field.money('commission_usd', { ...USD, list: false }),
];

export const transactionsResource = defineResource({
  id: 'finance.transactions',
  service: 'finance',
  path: 'transactions',
  table: 'finance.transactions',
  titleKey: 'finance:nav.transactions',
  recordKey: 'finance:records.transaction',
  access: { read: 'FT', write: 'FT' },
  fields: [
    field.date('date_fact', { required: true }),
    field.date('date_plan', { list: false }),
    // A wallet's record page lists its transactions first, then its drafts.
    field.reference('wallet_id', referenceTo(walletsResource), {
      labelKey: 'finance:fields.wallet',
      required: true,
      related: { order: 10 },
    }),
    field.reference('article_id', referenceTo(articlesResource), {
      labelKey: 'finance:fields.article',
      required: true,
    }),
    ...AMOUNT_AND_COMMISSION,
    // Amount and commission together, in the wallet's currency and in dollars.
    field.money('summary', { scale: 8, readOnly: true, list: false, filter: false }),
    field.money('summary_usd', { ...USD }),
    field.reference('project_id', referenceTo(projectsResource), { labelKey: 'finance:fields.project' }),
    field.reference('division_id', referenceTo(divisionsResource), {
      labelKey: 'finance:fields.division',
      list: false,
    }),
    field.reference('counterparty_id', referenceTo(counterpartiesResource), {
      labelKey: 'finance:fields.counterparty',
    }),
    field.reference('employee_id', employeesTarget, {
      labelKey: 'finance:fields.employee',
      list: false,
      related: { order: 20 },
    }),
    field.reference('transaction_draft_id', transactionDraftsTarget, {
      labelKey: 'finance:fields.draft',
      readOnly: true,
      list: false,
    }),
    field.text('hash', { filter: ['eq', 'contains'], list: false, searchable: true, sortable: false }),
    comment,
  ],
  labelField: 'hash',
  // "Salaries · 11/27/26 · $2,500.00": a transaction's hash says nothing to a reader.
  titleFields: ['article_id', 'date_fact', 'amount'],
  defaultSort: { field: 'date_fact', direction: 'desc' },
  pageSizes: [10, 20, 50, 100, 500],
});

export const transactionDraftsResource = defineResource({
  id: 'finance.transaction_drafts',
  service: 'finance',
  path: 'transaction-drafts',
  table: 'finance.transaction_drafts',
  titleKey: 'finance:nav.drafts',
  recordKey: 'finance:records.draft',
  access: { read: 'FF', write: 'FF' },
  fields: [
    field.reference('wallet_id', referenceTo(walletsResource), {
      labelKey: 'finance:fields.wallet',
      required: true,
      related: { order: 20 },
    }),
    ...AMOUNT_AND_COMMISSION,
    // startsWith: a month's payroll drafts share the prefix `payroll:<YYYY-MM>:` (motivation links to them).
    field.text('hash', { required: true, unique: true, filter: ['eq', 'contains', 'startsWith'], searchable: true }),
    field.date('draft_date', { required: true }),
    // Whom a payroll draft pays (set by the motivation's approval): the list and the record page name them,
    // the employee's page lists their drafts, and converting the draft carries them to the transaction.
    field.reference('employee_id', employeesTarget, {
      labelKey: 'finance:fields.employee',
      readOnly: true,
      related: { order: 30 },
    }),
    field.reference('transaction_id', referenceTo(transactionsResource), {
      labelKey: 'finance:fields.transaction',
      readOnly: true,
    }),
  ],
  labelField: 'hash',
  // "Tomás Silva · payroll:2026-09:10": whom a payroll draft pays, before its hash.
  titleFields: ['employee_id', 'hash'],
  defaultSort: { field: 'created_at', direction: 'desc' },
  rowActions: [
    {
      name: 'convert',
      labelKey: 'finance:drafts.convert',
      requires: { allOf: ['FF', 'FT'] },
      endpoint: 'convert',
      confirmKey: 'finance:drafts.convertConfirm',
      when: { field: 'transaction_id', values: [null] },
    },
  ],
});

/** The bookkeeping resources, in the order their tables are created; finance-resources.ts lists them all. */
export const BOOKKEEPING_RESOURCES: readonly ResourceDefinition[] = [
  positionsResource,
  divisionsResource,
  verticalsResource,
  projectsResource,
  counterpartiesResource,
  articlesResource,
  agenciesResource,
  walletsResource,
  exchangeRatesResource,
  employeesResource,
  salaryHistoryResource,
  servicePaymentsResource,
  transactionsResource,
  transactionDraftsResource,
];
