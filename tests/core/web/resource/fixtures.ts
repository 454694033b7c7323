import { defineResource, type ResourceRecord } from '@core/shared/resource/definition';

/** A resource with a field of almost every kind, as a plugin would define it. */
export const WALLETS = defineResource({
  id: 'test.wallets',
  service: 'finance',
  path: 'wallets',
  table: 'finance.wallets',
  titleKey: 'test:wallets.title',
  recordKey: 'test:wallets.record',
  access: { read: 'FW', write: { allOf: ['FW', 'FZ'] } },
  labelField: 'name',
  softDelete: true,
  blockable: true,
  pageSizes: [10, 20, 50, 1000],
  fields: [
    {
      kind: 'text',
      name: 'name',
      labelKey: 'test:wallets.name',
      required: true,
      sortable: true,
      filter: ['eq', 'contains', 'neq', 'startsWith'],
    },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'test:wallets.status',
      values: ['active', 'closed'],
      required: true,
      sortable: true,
      filter: ['eq', 'in'],
    },
    {
      kind: 'money',
      name: 'balance',
      labelKey: 'test:wallets.balance',
      currencies: ['USD', 'EUR'],
      defaultCurrency: 'USD',
      sortable: true,
      filter: ['gte', 'lte'],
    },
    { kind: 'boolean', name: 'is_default', labelKey: 'test:wallets.isDefault', filter: ['eq'] },
    {
      kind: 'reference',
      name: 'owner_id',
      labelKey: 'test:wallets.owner',
      target: { service: 'auth', path: 'users', table: 'auth.users', labelColumn: 'username' },
      filter: ['eq', 'in'],
    },
    {
      kind: 'date',
      name: 'opened_on',
      labelKey: 'test:wallets.openedOn',
      sortable: true,
      filter: ['eq', 'gte', 'lte'],
    },
    { kind: 'datetime', name: 'checked_at', labelKey: 'test:wallets.checkedAt', filter: ['gte', 'lte'] },
    { kind: 'number', name: 'limit', labelKey: 'test:wallets.limit', integer: true, min: 0 },
    { kind: 'secret', name: 'api_key', labelKey: 'test:wallets.apiKey' },
    { kind: 'keyValue', name: 'meta', labelKey: 'test:wallets.meta' },
    { kind: 'text', name: 'code', labelKey: 'test:wallets.code', readOnly: true },
  ],
  rowActions: [
    {
      name: 'close',
      labelKey: 'test:wallets.close',
      requires: 'FW',
      endpoint: 'close',
      confirmKey: 'test:wallets.closeConfirm',
      when: { field: 'status', values: ['active'] },
    },
  ],
  toolbarActions: [{ name: 'sync', labelKey: 'test:wallets.sync', requires: 'FZ', endpoint: 'sync' }],
});

export const WALLET_STRINGS = {
  wallets: {
    title: 'Wallets',
    record: 'wallet',
    name: 'Name',
    status: 'Status',
    statusValues: { active: 'Active', closed: 'Closed' },
    balance: 'Balance',
    isDefault: 'Default',
    owner: 'Owner',
    openedOn: 'Opened on',
    checkedAt: 'Checked at',
    limit: 'Limit',
    apiKey: 'API key',
    meta: 'Metadata',
    code: 'Code',
    close: 'Close wallet',
    closeConfirm: 'Close this wallet?',
    sync: 'Synchronise',
  },
};

export function wallet(id: number, overrides: Record<string, unknown> = {}): ResourceRecord {
  return {
    id,
    version: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    deleted_at: null,
    blocked_at: null,
    name: `Wallet ${id}`,
    status: 'active',
    balance: { amount: '12.30', currency: 'USD' },
    is_default: false,
    owner_id: 7,
    opened_on: '2026-11-02',
    checked_at: null,
    limit: 10,
    api_key: null,
    meta: {},
    code: `W-${id}`,
    _labels: { owner_id: 'ann' },
    ...overrides,
  };
}

export function listAnswer(rows: readonly ResourceRecord[], page = 1, perPage = 20, total = rows.length) {
  return {
    data: {
      data: rows,
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}
