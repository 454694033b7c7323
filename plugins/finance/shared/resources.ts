import {
  defineResource,
  referenceTo,
  USERS_REFERENCE,
  type FieldDefinition,
  type ReferenceTarget,
  type ResourceDefinition,
} from '@core/sdk/shared';
import { FINANCE_CURRENCIES } from './currencies';

/**
 * The finance resources (spec §3). Each definition gives its table, REST resource and list
 * screen; the finance server adds what the engine cannot know (USD amounts, balances, drafts).
 */

const TEXT_OPS = ['contains', 'eq', 'neq', 'startsWith'] as const;
const RANGE_OPS = ['gte', 'lte', 'eq'] as const;

const name = (labelKey = 'finance:fields.name'): FieldDefinition => ({
  kind: 'text',
  name: 'name',
  labelKey,
  required: true,
  maxLength: 200,
  unique: true,
  filter: TEXT_OPS,
  sortable: true,
});
const code: FieldDefinition = {
  kind: 'text',
  name: 'code',
  labelKey: 'finance:fields.code',
  maxLength: 50,
  filter: TEXT_OPS,
  sortable: true,
  searchable: true,
};
const comment: FieldDefinition = {
  kind: 'longText',
  name: 'comment',
  labelKey: 'finance:fields.comment',
  maxLength: 2000,
};
const isActive: FieldDefinition = {
  kind: 'boolean',
  name: 'is_active',
  labelKey: 'finance:fields.isActive',
  default: true,
  filter: ['eq'],
  sortable: true,
};
const money = (fieldName: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'money',
    name: fieldName,
    labelKey,
    scale: 8,
    currencies: FINANCE_CURRENCIES,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
/** USD equivalents are computed on the server from the rate of the fact date, never typed. */
const usd = (fieldName: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'money',
    name: fieldName,
    labelKey,
    scale: 8,
    readOnly: true,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const reference = (
  fieldName: string,
  labelKey: string,
  target: ReferenceTarget,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition =>
  ({ kind: 'reference', name: fieldName, labelKey, target, filter: ['eq', 'in'], ...extra }) as FieldDefinition;

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
    fields: [name(), code, ...extra, comment, isActive],
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
  [
    {
      kind: 'enum',
      name: 'department_type',
      labelKey: 'finance:fields.departmentType',
      values: DEPARTMENT_TYPES,
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
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
    name(),
    code,
    {
      kind: 'email',
      name: 'email',
      labelKey: 'finance:fields.email',
      filter: TEXT_OPS,
      sortable: true,
      searchable: true,
    },
    {
      kind: 'text',
      name: 'country',
      labelKey: 'finance:fields.country',
      maxLength: 100,
      filter: TEXT_OPS,
      sortable: true,
    },
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
  fields: [
    name(),
    code,
    {
      kind: 'enum',
      name: 'direction',
      labelKey: 'finance:fields.direction',
      values: ARTICLE_DIRECTIONS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    comment,
    isActive,
  ],
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
  fields: [
    name(),
    {
      kind: 'number',
      name: 'keitaro_id',
      labelKey: 'finance:fields.keitaroId',
      format: 'identifier',
      integer: true,
      min: 1,
      filter: ['eq'],
      sortable: true,
      unique: true,
    },
  ],
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
    reference('vertical_id', 'finance:fields.vertical', referenceTo(verticalsResource)),
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
    name(),
    { kind: 'text', name: 'bot', labelKey: 'finance:fields.bot', maxLength: 100, filter: TEXT_OPS, sortable: true },
    {
      kind: 'text',
      name: 'relation_sheet_id',
      labelKey: 'finance:fields.relationSheetId',
      format: 'identifier',
      maxLength: 200,
      filter: ['eq', 'contains'],
    },
    {
      kind: 'text',
      name: 'sheet_id',
      labelKey: 'finance:fields.sheetId',
      format: 'identifier',
      maxLength: 200,
      filter: ['eq', 'contains'],
    },
    {
      kind: 'text',
      name: 'notification_chat_id',
      labelKey: 'finance:fields.notificationChatId',
      format: 'identifier',
      maxLength: 100,
      pattern: '^-?[0-9]+$',
      filter: ['eq'],
    },
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
    name(),
    {
      kind: 'text',
      name: 'source',
      labelKey: 'finance:fields.source',
      maxLength: 100,
      filter: TEXT_OPS,
      sortable: true,
    },
    {
      kind: 'text',
      name: 'address',
      labelKey: 'finance:fields.address',
      maxLength: 200,
      filter: TEXT_OPS,
      searchable: true,
    },
    {
      kind: 'enum',
      name: 'currency',
      labelKey: 'finance:fields.currency',
      values: FINANCE_CURRENCIES,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    // Kept by the finance server in the same transaction as every change to the wallet's transactions.
    {
      kind: 'money',
      name: 'balance',
      labelKey: 'finance:fields.balance',
      scale: 8,
      readOnly: true,
      filter: RANGE_OPS,
      sortable: true,
    },
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
    {
      kind: 'enum',
      name: 'currency',
      labelKey: 'finance:fields.currency',
      values: FINANCE_CURRENCIES,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      kind: 'date',
      name: 'rate_date',
      labelKey: 'finance:fields.rateDate',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    // US dollars for one unit of the currency.
    {
      kind: 'decimal',
      name: 'usd_rate',
      labelKey: 'finance:fields.usdRate',
      required: true,
      scale: 8,
      min: '0.00000001',
      max: '100000000',
      filter: RANGE_OPS,
      sortable: true,
    },
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
    {
      kind: 'text',
      name: 'full_name',
      labelKey: 'finance:fields.fullName',
      required: true,
      maxLength: 200,
      filter: TEXT_OPS,
      sortable: true,
    },
    { kind: 'date', name: 'hired_date', labelKey: 'finance:fields.hiredDate', filter: RANGE_OPS, sortable: true },
    { kind: 'date', name: 'fired_date', labelKey: 'finance:fields.firedDate', filter: RANGE_OPS, sortable: true },
    { kind: 'date', name: 'birth_date', labelKey: 'finance:fields.birthDate', list: false, sortable: true },
    {
      kind: 'enum',
      name: 'work_type',
      labelKey: 'finance:fields.workType',
      values: EMPLOYEE_WORK_TYPES,
      filter: ['eq', 'in'],
      sortable: true,
    },
    reference('position_id', 'finance:fields.position', referenceTo(positionsResource)),
    reference('division_id', 'finance:fields.division', referenceTo(divisionsResource)),
    reference('manager_id', 'finance:fields.manager', employeesTarget),
    {
      kind: 'text',
      name: 'card_number',
      labelKey: 'finance:fields.cardNumber',
      maxLength: 32,
      pattern: '^[0-9 ]{12,32}$',
      list: false,
    },
    { kind: 'text', name: 'wallet', labelKey: 'finance:fields.walletAddress', maxLength: 200, list: false },
    money('base_salary', 'finance:fields.baseSalary'),
    {
      kind: 'text',
      name: 'messenger_login',
      labelKey: 'finance:fields.messengerLogin',
      maxLength: 100,
      filter: TEXT_OPS,
      list: false,
      searchable: true,
    },
    {
      kind: 'text',
      name: 'tg_login',
      labelKey: 'finance:fields.tgLogin',
      maxLength: 100,
      filter: TEXT_OPS,
      searchable: true,
    },
    reference('user_id', 'finance:fields.user', USERS_REFERENCE, { unique: true, list: false }),
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
    reference('employee_id', 'finance:fields.employee', employeesTarget, {
      required: true,
      related: { labelKey: 'finance:salary.title', order: 10 },
    }),
    {
      kind: 'date',
      name: 'date_start',
      labelKey: 'finance:fields.dateStart',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    { kind: 'date', name: 'date_end', labelKey: 'finance:fields.dateEnd', filter: RANGE_OPS, sortable: true },
    money('salary', 'finance:fields.salary', { required: true }),
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
    name(),
    money('price', 'finance:fields.price', { required: true }),
    { kind: 'date', name: 'start_date', labelKey: 'finance:fields.startDate', filter: RANGE_OPS, sortable: true },
    { kind: 'date', name: 'payment_date', labelKey: 'finance:fields.paymentDate', filter: RANGE_OPS, sortable: true },
    reference('employee_id', 'finance:fields.employee', employeesTarget),
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
  money('amount', 'finance:fields.amount', { required: true, min: '0' }),
  usd('amount_usd', 'finance:fields.amountUsd'),
  money('commission', 'finance:fields.commission', { min: '0' }),
  // Offered in the column chooser, not shown at first: the list fits a 1280 px screen without it.
  usd('commission_usd', 'finance:fields.commissionUsd', { list: false }),
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
    {
      kind: 'date',
      name: 'date_fact',
      labelKey: 'finance:fields.dateFact',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    {
      kind: 'date',
      name: 'date_plan',
      labelKey: 'finance:fields.datePlan',
      filter: RANGE_OPS,
      sortable: true,
      list: false,
    },
    // A wallet's record page lists its transactions first, then its drafts.
    reference('wallet_id', 'finance:fields.wallet', referenceTo(walletsResource), {
      required: true,
      related: { order: 10 },
    }),
    reference('article_id', 'finance:fields.article', referenceTo(articlesResource), { required: true }),
    ...AMOUNT_AND_COMMISSION,
    // Amount and commission together, in the wallet's currency and in dollars.
    {
      kind: 'money',
      name: 'summary',
      labelKey: 'finance:fields.summary',
      scale: 8,
      readOnly: true,
      sortable: true,
      list: false,
    },
    usd('summary_usd', 'finance:fields.summaryUsd'),
    reference('project_id', 'finance:fields.project', referenceTo(projectsResource)),
    reference('division_id', 'finance:fields.division', referenceTo(divisionsResource), { list: false }),
    reference('counterparty_id', 'finance:fields.counterparty', referenceTo(counterpartiesResource)),
    reference('employee_id', 'finance:fields.employee', employeesTarget, { list: false, related: { order: 20 } }),
    reference('transaction_draft_id', 'finance:fields.draft', transactionDraftsTarget, { readOnly: true, list: false }),
    {
      kind: 'text',
      name: 'hash',
      labelKey: 'finance:fields.hash',
      maxLength: 200,
      filter: ['eq', 'contains'],
      list: false,
      searchable: true,
    },
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
    reference('wallet_id', 'finance:fields.wallet', referenceTo(walletsResource), {
      required: true,
      related: { order: 20 },
    }),
    ...AMOUNT_AND_COMMISSION,
    // startsWith: a month's payroll drafts share the prefix `payroll:<YYYY-MM>:` (motivation links to them).
    {
      kind: 'text',
      name: 'hash',
      labelKey: 'finance:fields.hash',
      required: true,
      maxLength: 200,
      unique: true,
      filter: ['eq', 'contains', 'startsWith'],
      sortable: true,
      searchable: true,
    },
    {
      kind: 'date',
      name: 'draft_date',
      labelKey: 'finance:fields.draftDate',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    // Whom a payroll draft pays (set by the motivation's approval): the list and the record page name them,
    // the employee's page lists their drafts, and converting the draft carries them to the transaction.
    reference('employee_id', 'finance:fields.employee', employeesTarget, { readOnly: true, related: { order: 30 } }),
    reference('transaction_id', 'finance:fields.transaction', referenceTo(transactionsResource), { readOnly: true }),
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

/** The bookkeeping resources (spec §3), in the order their tables are created; finance-resources.ts lists them all. */
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
