import type { PluginManifest } from '@core/shared/manifest';
import { defineResource, referenceTo } from '@core/shared/resource/definition';
import { counterpartiesResource } from '@plugins/finance/shared/resources';

/*
 * The benchmark's own resource, used only where no product resource can serve: the 1000-row page.
 * Every product resource offers at most 500 rows a page (finance transactions: 10…500; the rest
 * the default 10…100), and the API refuses larger `per_page`. This one has the field kinds of a
 * real list (text, e-mail, money, number, enum, boolean, date, datetime, a reference whose label
 * is read in the same query) and offers 50 and 1000. It is served by the engine through a plugin
 * of its own (`bench`, under the `system` service, which no product plugin uses yet).
 */

export const BENCH_PLUGIN_ID = 'bench';
export const BENCH_PATH = 'bench-records';
/** The system plugin's YS is not there: the bench server runs admin, finance and bench alone. */
export const BENCH_CODE = 'BENCH';

export const benchRecordsResource = defineResource({
  id: 'bench.records',
  service: 'system',
  path: BENCH_PATH,
  table: 'bench.records',
  titleKey: 'bench:title',
  recordKey: 'bench:record',
  // The bench plugin's own code (its manifest declares it, so the superadmin holds it).
  access: { read: BENCH_CODE, write: BENCH_CODE },
  fields: [
    {
      kind: 'text',
      name: 'title',
      labelKey: 'bench:fields.title',
      required: true,
      maxLength: 200,
      filter: ['contains', 'eq', 'startsWith'],
      sortable: true,
    },
    { kind: 'email', name: 'contact', labelKey: 'bench:fields.contact', filter: ['contains', 'eq'], sortable: true },
    {
      kind: 'money',
      name: 'amount',
      labelKey: 'bench:fields.amount',
      currencies: ['USD', 'EUR', 'GBP'],
      scale: 2,
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      kind: 'number',
      name: 'quantity',
      labelKey: 'bench:fields.quantity',
      integer: true,
      filter: ['eq', 'gte', 'lte'],
      sortable: true,
    },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'bench:fields.status',
      values: ['draft', 'live', 'retired'],
      filter: ['eq', 'in'],
      sortable: true,
    },
    { kind: 'boolean', name: 'active', labelKey: 'bench:fields.active', filter: ['eq'], sortable: true },
    { kind: 'date', name: 'day', labelKey: 'bench:fields.day', filter: ['gte', 'lte'], sortable: true },
    {
      kind: 'datetime',
      name: 'checked_at',
      labelKey: 'bench:fields.checkedAt',
      filter: ['gte', 'lte'],
      sortable: true,
    },
    {
      kind: 'reference',
      name: 'counterparty_id',
      labelKey: 'bench:fields.counterparty',
      target: referenceTo(counterpartiesResource),
      filter: ['eq', 'in'],
    },
    { kind: 'longText', name: 'notes', labelKey: 'bench:fields.notes' },
  ],
  labelField: 'title',
  defaultSort: { field: 'created_at', direction: 'desc' },
  pageSizes: [50, 100, 1000],
});

export const benchManifest: PluginManifest = {
  id: BENCH_PLUGIN_ID,
  version: '0.0.0',
  sdk: '^2.0.0',
  titleKey: 'bench:title',
  service: 'system',
  dependencies: ['finance'],
  namespaces: ['bench'],
  pages: [{ path: `/${BENCH_PATH}`, titleKey: 'bench:title', requires: BENCH_CODE }],
  permissions: [{ code: BENCH_CODE, area: 'admin', description: { en: 'Benchmark records', ru: 'Записи бенчмарка' } }],
};

export const BENCH_TRANSLATIONS = {
  title: 'Bench records',
  record: 'bench record',
  fields: {
    title: 'Title',
    contact: 'Contact',
    amount: 'Amount',
    quantity: 'Quantity',
    status: 'Status',
    statusValues: { draft: 'Draft', live: 'Live', retired: 'Retired' },
    active: 'Active',
    day: 'Day',
    checkedAt: 'Checked at',
    counterparty: 'Counterparty',
    notes: 'Notes',
  },
} as const;
