import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import { registerRowAction, type ResourceHooks } from '@core/server/resource';
import type { PluginManifest } from '@core/shared/manifest';
import type { PermissionCode } from '@core/shared/permissions';
import { defineResource, referenceTo, type ResourceDefinition, type RowAction } from '@core/shared/resource/definition';
import type { ReferenceTarget } from '@core/shared/resource/field';
import { bearer, buildServer, freshDatabase, mintToken } from '../../../support/server/test-database';

/*
 * A sample plugin for the engine's tests: `categories` (hard delete, referenced) and `items`
 * (every field kind, soft delete, block, a row action, hooks), mounted under the shop service.
 */

export const READ_CATEGORIES = 'SC';
export const WRITE_CATEGORIES = 'SP';
export const READ_ITEMS = 'SQ';
export const WRITE_ITEMS = 'SO';

export const categories = defineResource({
  id: 'lab.categories',
  service: 'shop',
  path: 'categories',
  table: 'lab.categories',
  titleKey: 'lab:categories',
  recordKey: 'lab:category',
  access: { read: READ_CATEGORIES, write: WRITE_CATEGORIES },
  fields: [
    {
      kind: 'text',
      name: 'name',
      labelKey: 'lab:name',
      required: true,
      unique: true,
      maxLength: 60,
      filter: ['eq', 'contains'],
      sortable: true,
    },
    { kind: 'number', name: 'rank', labelKey: 'lab:rank', integer: true, sortable: true },
  ],
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
});

// Items point at themselves (a parent), so the target is written out rather than derived.
const itemsTarget: ReferenceTarget = {
  service: 'shop',
  path: 'items',
  table: 'lab.items',
  labelColumn: 'title',
  softDelete: true,
};

export const publishAction: RowAction = {
  name: 'publish',
  labelKey: 'lab:publish',
  requires: WRITE_ITEMS,
  endpoint: 'publish',
  when: { field: 'status', values: ['draft'] },
};

export const items = defineResource({
  id: 'lab.items',
  service: 'shop',
  path: 'items',
  table: 'lab.items',
  titleKey: 'lab:items',
  recordKey: 'lab:item',
  access: { read: READ_ITEMS, write: WRITE_ITEMS },
  fields: [
    {
      kind: 'text',
      name: 'title',
      labelKey: 'lab:title',
      required: true,
      unique: true,
      maxLength: 100,
      filter: ['eq', 'contains', 'neq', 'startsWith'],
      sortable: true,
    },
    { kind: 'longText', name: 'notes', labelKey: 'lab:notes', filter: ['contains'] },
    { kind: 'email', name: 'contact', labelKey: 'lab:contact', filter: ['eq', 'contains'] },
    { kind: 'url', name: 'site', labelKey: 'lab:site' },
    {
      kind: 'number',
      name: 'quantity',
      labelKey: 'lab:quantity',
      integer: true,
      min: 0,
      filter: ['eq', 'neq', 'gte', 'lte'],
      sortable: true,
    },
    {
      kind: 'money',
      name: 'price',
      labelKey: 'lab:price',
      currencies: ['USD', 'EUR'],
      filter: ['eq', 'gte', 'lte'],
      sortable: true,
    },
    { kind: 'decimal', name: 'weight', labelKey: 'lab:weight', scale: 3, filter: ['gte', 'lte'], sortable: true },
    { kind: 'percent', name: 'discount', labelKey: 'lab:discount', filter: ['gte', 'lte'] },
    { kind: 'boolean', name: 'active', labelKey: 'lab:active', default: true, filter: ['eq'], sortable: true },
    { kind: 'date', name: 'released', labelKey: 'lab:released', filter: ['eq', 'gte', 'lte'], sortable: true },
    { kind: 'datetime', name: 'checked_at', labelKey: 'lab:checkedAt', filter: ['gte', 'lte'], sortable: true },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'lab:status',
      values: ['draft', 'live', 'retired'],
      default: 'draft',
      filter: ['eq', 'neq', 'in'],
      sortable: true,
    },
    {
      kind: 'reference',
      name: 'category_id',
      labelKey: 'lab:category',
      target: referenceTo(categories),
      filter: ['eq', 'in'],
      sortable: true,
    },
    {
      kind: 'reference',
      name: 'tag_ids',
      labelKey: 'lab:tags',
      target: referenceTo(categories),
      many: true,
      filter: ['eq', 'in'],
    },
    { kind: 'reference', name: 'parent_id', labelKey: 'lab:parent', target: itemsTarget },
    { kind: 'keyValue', name: 'attributes', labelKey: 'lab:attributes' },
    { kind: 'secret', name: 'api_key', labelKey: 'lab:apiKey', minLength: 4 },
    { kind: 'text', name: 'stage', labelKey: 'lab:stage', readOnly: true },
  ],
  labelField: 'title',
  softDelete: true,
  blockable: true,
  pageSizes: [2, 5, 10, 50],
  rowActions: [publishAction],
});

export const SAMPLE_RESOURCES: readonly ResourceDefinition[] = [categories, items];

/** Some of the lab's strings, so exports for people have titles and labels to find (the rest fall back to field names). */
export const LAB_TRANSLATIONS = {
  en: {
    title: 'Title',
    quantity: 'Quantity',
    price: 'Price',
    weight: 'Weight',
    active: 'Active',
    released: 'Released',
    checkedAt: 'Checked',
    status: 'Status',
    statusValues: { draft: 'Draft', live: 'Live' },
    category: 'Category',
    tags: 'Tags',
  },
  ru: {
    title: 'Название',
    quantity: 'Количество',
    price: 'Цена',
    weight: 'Вес',
    active: 'Активен',
    released: 'Выпущен',
    checkedAt: 'Проверен',
    status: 'Статус',
    statusValues: { draft: 'Черновик', live: 'Опубликован' },
    category: 'Категория',
    tags: 'Метки',
  },
} as const;

export const labManifest: PluginManifest = {
  id: 'lab',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'lab:title',
  service: 'shop',
  dependencies: [],
  namespaces: ['lab'],
  pages: [],
};

/** What the items hooks saw, for assertions. */
export interface HookLog {
  readonly after: { action: string; id: number }[];
}

export function labPlugin(log: HookLog = { after: [] }): ServerPlugin {
  const itemHooks: ResourceHooks = {
    // A computed read-only field, and a refusal a field definition cannot express.
    async beforeWrite({ action, next }) {
      if (next.title === 'Forbidden') throw Object.assign(new Error('refused'), { statusCode: 422 });
      return action === 'create' ? { stage: 'new' } : action === 'update' ? { stage: 'edited' } : undefined;
    },
    async afterWrite({ action, id }) {
      log.after.push({ action, id });
    },
    listScope: {
      param: 'scope',
      values: ['all', 'active'],
      default: 'all',
      condition: (value, alias) => (value === 'active' ? `${alias}.active` : null),
    },
  };
  return defineServerPlugin({
    manifest: labManifest,
    migrations: [],
    resources: SAMPLE_RESOURCES,
    resourceHooks: { [items.id]: itemHooks },
    translations: LAB_TRANSLATIONS,
    register(app, { db }) {
      registerRowAction(app, db, items, publishAction, async ({ tx, record }) => {
        await tx.query('SELECT 1');
        return { status: 'live', stage: `published ${String(record.title)}` };
      });
    },
  });
}

export interface Lab {
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly log: HookLog;
  close(): Promise<void>;
}

export async function openLab(): Promise<Lab> {
  const db = await freshDatabase();
  const log: HookLog = { after: [] };
  const app = await buildServer({ db, plugins: [labPlugin(log)] });
  return {
    db,
    app,
    log,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export const SHOP = '/api/shop';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Requests under the shop service as a caller holding `codes` (user 1, the seeded superadmin). */
export interface LabClient {
  send(
    method: Method,
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(path: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

export function labClient(app: FastifyInstance, codes: readonly PermissionCode[]): LabClient {
  const token = mintToken(codes);
  const send = (method: Method, path: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const options: InjectOptions = { method, url: `${SHOP}${path}`, headers: { ...bearer(token), ...headers } };
    return app.inject(payload === undefined ? options : { ...options, payload: payload as object });
  };
  return {
    send,
    get: (path) => send('GET', path),
    post: (path, payload) => send('POST', path, payload),
    patch: (path, payload) => send('PATCH', path, payload),
    delete: (path) => send('DELETE', path),
  };
}

export const EVERY_CODE = [READ_CATEGORIES, WRITE_CATEGORIES, READ_ITEMS, WRITE_ITEMS];

export interface ErrorBody {
  readonly message: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

/** `filter[field][op]=value` with the value URL-encoded. */
export function filter(field: string, op: string, value: string): string {
  return `filter[${field}][${op}]=${encodeURIComponent(value)}`;
}
