import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingRecords } from '@core/server/resource/export';
import { readListQuery } from '@core/server/resource/list-params';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { DB_TIMEOUT } from '../../../support/server/test-database';
import {
  EVERY_CODE,
  filter,
  items,
  labClient,
  openLab,
  type ErrorBody,
  type Lab,
  type LabClient,
} from './support-resource';

// Reads only: one database for the file, seeded once through the API.
let lab: Lab;
let api: LabClient;
const ids: Record<string, number> = {};
const DROP = "'; drop table lab.items; --";

async function create(path: string, body: object): Promise<number> {
  const response = await api.post(path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  lab = await openLab();
  api = labClient(lab.app, EVERY_CODE);
  ids.tools = await create('/categories', { name: 'Tools', rank: 1 });
  ids.garden = await create('/categories', { name: 'Garden', rank: 2 });
  ids.kitchen = await create('/categories', { name: 'Kitchen', rank: 3 });
  ids.hammer = await create('/items', {
    title: 'Hammer',
    quantity: 5,
    price: { amount: '12.30', currency: 'USD' },
    weight: '1.5',
    discount: '12.5',
    released: '2026-01-10',
    checked_at: '2026-01-10T08:00:00Z',
    category_id: ids.tools,
    tag_ids: [ids.tools, ids.garden],
    notes: '50% off_now',
    contact: 'a@x.io',
    attributes: { colour: 'red' },
    api_key: 'hammer-secret',
  });
  ids.saw = await create('/items', {
    title: 'hand saw',
    quantity: 0,
    price: { amount: '30', currency: 'EUR' },
    weight: '0.75',
    active: false,
    released: '2026-02-01',
    checked_at: '2026-02-01T23:30:00Z',
    status: 'live',
    category_id: ids.tools,
    tag_ids: [ids.garden],
  });
  ids.rake = await create('/items', {
    title: 'Rake',
    price: { amount: '7.5', currency: 'USD' },
    status: 'retired',
    category_id: ids.garden,
  });
  ids.drop = await create('/items', {
    title: DROP,
    quantity: 2,
    notes: "=cmd|' /C calc'!A0",
    contact: 'd@x.io',
    parent_id: ids.hammer,
  });
  ids.spatula = await create('/items', {
    title: 'Spatula, "big"',
    quantity: 9,
    category_id: ids.kitchen,
    notes: 'line one\nline two',
  });
  ids.percent = await create('/items', { title: '%_', quantity: 1 });
  const removed = await api.delete(`/items/${ids.spatula}`);
  if (removed.statusCode !== 200) throw new Error(removed.body);
  // Distinct creation times in insertion order, so the default order (newest first) is predictable.
  await lab.db.query(`UPDATE lab.items SET created_at = now() - make_interval(secs => 1000 - id)`);
}, DB_TIMEOUT * 2);

afterAll(async () => {
  await lab.close();
});

async function list(query: string, headers: Record<string, string> = {}): Promise<ListPage<ResourceRecord>> {
  const response = await api.send('GET', `/items${query ? `?${query}` : ''}`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ListPage<ResourceRecord> }>().data;
}

const allOf = (query: string) => list(`per_page=50${query ? `&${query}` : ''}`);
const idsOf = (page: ListPage<ResourceRecord>): number[] => page.data.map((record) => record.id);
const sorted = (...values: (number | undefined)[]): number[] => values.map(Number).sort((a, b) => a - b);
const idSet = async (query: string): Promise<number[]> => idsOf(await allOf(query)).sort((a, b) => a - b);

describe('GET items', () => {
  it('pages live records newest first, with the list envelope and the default page size', async () => {
    // One default for every list (20), offered beside the definition's own sizes.
    expect(await list('')).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 5 });
    const first = await list('per_page=2');
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(idsOf(first)).toEqual([ids.percent, ids.drop]);
    const third = await list('per_page=2&page=3');
    expect(idsOf(third)).toEqual([ids.hammer]);
    expect((await list('page=9')).data).toEqual([]);
  });

  it('answers each record with meta, readable fields, decimal strings, masked secrets and labels', async () => {
    const hammer = (await allOf('')).data.find((record) => record.id === ids.hammer);
    expect(hammer).toMatchObject({
      id: ids.hammer,
      version: 1,
      created_by: 1,
      updated_by: 1,
      deleted_at: null,
      blocked_at: null,
      title: 'Hammer',
      quantity: 5,
      price: { amount: '12.3', currency: 'USD' },
      weight: '1.5',
      discount: '12.5',
      active: true,
      released: '2026-01-10',
      checked_at: '2026-01-10T08:00:00.000000Z',
      status: 'draft',
      category_id: ids.tools,
      tag_ids: [ids.tools, ids.garden],
      parent_id: null,
      attributes: { colour: 'red' },
      api_key: '••••••••',
      stage: 'new',
      _labels: { category_id: 'Tools', tag_ids: ['Tools', 'Garden'], parent_id: null },
    });
    expect(JSON.stringify(hammer)).not.toContain('hammer-secret');
    const drop = (await allOf('')).data.find((record) => record.id === ids.drop);
    expect(drop).toMatchObject({ api_key: null, _labels: { category_id: null, tag_ids: [], parent_id: 'Hammer' } });
  });

  it('sorts by any sortable field, then by id; nulls last ascending and first descending', async () => {
    expect(idsOf(await allOf('sort=-quantity'))).toEqual([ids.rake, ids.hammer, ids.drop, ids.percent, ids.saw]);
    expect(idsOf(await allOf('sort=quantity'))).toEqual([ids.saw, ids.percent, ids.drop, ids.hammer, ids.rake]);
    const byTitle = (await allOf('sort=title')).data
      .map((record) => record.title)
      .filter((title) => /^[A-Za-z ]+$/.test(String(title)));
    expect(byTitle).toEqual(['Hammer', 'hand saw', 'Rake']);
    expect(idsOf(await allOf('sort=id'))).toEqual(sorted(ids.hammer, ids.saw, ids.rake, ids.drop, ids.percent));
  });

  it('orders money by amount with ties broken by id', async () => {
    // Drop and %_ have no price: they come first descending, in descending id order.
    expect(idsOf(await allOf('sort=-price'))).toEqual([ids.percent, ids.drop, ids.saw, ids.hammer, ids.rake]);
  });

  it('filters text case-insensitively with every text operator', async () => {
    expect(await idSet(filter('title', 'eq', 'HAMMER'))).toEqual([ids.hammer]);
    expect(await idSet(filter('title', 'neq', 'hammer'))).toEqual(sorted(ids.saw, ids.rake, ids.drop, ids.percent));
    expect(await idSet(filter('title', 'contains', 'AM'))).toEqual([ids.hammer]);
    expect(await idSet(filter('title', 'startsWith', 'HA'))).toEqual(sorted(ids.hammer, ids.saw));
    expect(await idSet(filter('notes', 'contains', '50% OFF_'))).toEqual([ids.hammer]);
    expect(await idSet(filter('contact', 'eq', 'A@X.IO'))).toEqual([ids.hammer]);
  });

  it('treats wildcards and SQL in filter values as data', async () => {
    expect(await idSet(filter('title', 'contains', '%_'))).toEqual([ids.percent]);
    expect(await idSet(filter('title', 'contains', '_'))).toEqual([ids.percent]);
    expect(await idSet(filter('title', 'startsWith', '%'))).toEqual([ids.percent]);
    expect(await idSet(filter('title', 'eq', DROP))).toEqual([ids.drop]);
    expect(await idSet(filter('title', 'contains', "'; drop"))).toEqual([ids.drop]);
    expect(await idSet(filter('notes', 'contains', '\\'))).toEqual([]);
    // The table is still there.
    expect((await list('')).total).toBe(5);
  });

  it('filters numbers, money, decimals, booleans and dates by value and range', async () => {
    expect(await idSet(filter('quantity', 'eq', '5'))).toEqual([ids.hammer]);
    expect(await idSet(filter('quantity', 'neq', '5'))).toEqual(sorted(ids.saw, ids.rake, ids.drop, ids.percent));
    expect(await idSet(filter('quantity', 'gte', '2'))).toEqual(sorted(ids.hammer, ids.drop));
    expect(await idSet(filter('quantity', 'lte', '1'))).toEqual(sorted(ids.saw, ids.percent));
    expect(await idSet(filter('price', 'gte', '10'))).toEqual(sorted(ids.hammer, ids.saw));
    expect(await idSet(filter('price', 'lte', '10'))).toEqual([ids.rake]);
    expect(await idSet(filter('price', 'eq', '12.30'))).toEqual([ids.hammer]);
    expect(await idSet(filter('weight', 'gte', '0.8'))).toEqual([ids.hammer]);
    expect(await idSet(filter('discount', 'lte', '12.5'))).toEqual([ids.hammer]);
    expect(await idSet(filter('active', 'eq', 'false'))).toEqual([ids.saw]);
    expect(await idSet(filter('released', 'eq', '2026-01-10'))).toEqual([ids.hammer]);
    expect(await idSet(filter('released', 'gte', '2026-01-15'))).toEqual([ids.saw]);
    expect(
      await idSet(`${filter('released', 'gte', '2026-01-01')}&${filter('released', 'lte', '2026-01-31')}`),
    ).toEqual([ids.hammer]);
    expect(await idSet(filter('checked_at', 'gte', '2026-02-01T00:00:00+02:00'))).toEqual([ids.saw]);
    // A bare date as the upper end includes that whole day.
    expect(await idSet(filter('checked_at', 'lte', '2026-02-01'))).toEqual(sorted(ids.hammer, ids.saw));
    expect(await idSet(filter('checked_at', 'lte', '2026-02-01T12:00:00Z'))).toEqual([ids.hammer]);
  });

  it('filters enums and references, any-of included, and many-references by overlap', async () => {
    expect(await idSet(filter('status', 'in', 'live,retired'))).toEqual(sorted(ids.saw, ids.rake));
    expect(await idSet(filter('status', 'neq', 'draft'))).toEqual(sorted(ids.saw, ids.rake));
    expect(await idSet(filter('status', 'eq', 'draft'))).toEqual(sorted(ids.hammer, ids.drop, ids.percent));
    expect(await idSet(filter('category_id', 'eq', String(ids.tools)))).toEqual(sorted(ids.hammer, ids.saw));
    expect(await idSet(filter('category_id', 'in', `${ids.garden},${ids.kitchen}`))).toEqual([ids.rake]);
    expect(await idSet(filter('tag_ids', 'eq', String(ids.garden)))).toEqual(sorted(ids.hammer, ids.saw));
    expect(await idSet(filter('tag_ids', 'in', `${ids.tools},${ids.kitchen}`))).toEqual([ids.hammer]);
    expect(await idSet(`${filter('category_id', 'eq', String(ids.tools))}&${filter('active', 'eq', 'true')}`)).toEqual([
      ids.hammer,
    ]);
  });

  it('shows soft-deleted records only when asked', async () => {
    expect(await idSet('deleted=only')).toEqual([ids.spatula]);
    expect((await allOf('deleted=with')).total).toBe(6);
    const spatula = (await allOf('deleted=only')).data[0];
    expect(spatula?.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('applies the plugin list scope, with its default', async () => {
    expect(await idSet('scope=active')).toEqual(sorted(ids.hammer, ids.rake, ids.drop, ids.percent));
    expect((await allOf('scope=all')).total).toBe(5);
  });

  it('answers 422 naming every parameter it does not understand', async () => {
    const response = await api.get(
      `/items?page=0&per_page=51&sort=notes&${filter('api_key', 'eq', 'x')}&${filter('title', 'gte', 'a')}&${filter('quantity', 'gte', 'abc')}` +
        `&${filter('released', 'eq', '2026-02-30')}&${filter('checked_at', 'gte', '2026-02-30T10:00:00Z')}&${filter('status', 'in', 'draft,bogus')}` +
        `&${filter('category_id', 'eq', '1 OR 1=1')}&deleted=everything&foo=1&scope=bogus`,
    );
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.message).toBe('The list parameters are invalid.');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      [
        'page',
        'per_page',
        'sort',
        'filter[api_key][eq]',
        'filter[title][gte]',
        'filter[quantity][gte]',
        'filter[released][eq]',
        'filter[checked_at][gte]',
        'filter[status][in]',
        'filter[category_id][eq]',
        'deleted',
        'foo',
        'scope',
      ].sort(),
    );
    expect(body.errors?.['filter[released][eq]']).toEqual(['Enter a valid date.']);
  });

  it('refuses a parameter given twice, and speaks the caller’s language', async () => {
    const twice = await api.get('/items?page=1&page=2');
    expect(twice.statusCode).toBe(422);
    expect(twice.json<ErrorBody>().errors).toEqual({ page: ['This parameter may be given once.'] });
    const russian = await api.send('GET', `/items?${filter('quantity', 'gte', 'x')}`, undefined, {
      'accept-language': 'ru-RU,ru;q=0.9',
    });
    expect(russian.json<ErrorBody>().errors).toEqual({ 'filter[quantity][gte]': ['Введите число, например 1234,56.'] });
  });
});

describe('GET items/{id}', () => {
  it('answers one record, 404 for a missing or soft-deleted one unless deleted=with', async () => {
    const response = await api.get(`/items/${ids.hammer}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: ResourceRecord }>().data).toMatchObject({
      id: ids.hammer,
      title: 'Hammer',
      _labels: { category_id: 'Tools' },
    });
    expect((await api.get(`/items/${ids.spatula}`)).statusCode).toBe(404);
    expect((await api.get(`/items/${ids.spatula}?deleted=with`)).json<{ data: ResourceRecord }>().data.title).toBe(
      'Spatula, "big"',
    );
    expect((await api.get('/items/999999')).statusCode).toBe(404);
    expect((await api.get('/items/abc')).statusCode).toBe(404);
  });
});

describe('GET references', () => {
  type Options = { data: { id: number; label: string }[] };
  it('lists id and label, searched case-insensitively, sorted by label', async () => {
    expect((await api.get('/references/categories')).json<Options>().data).toEqual([
      { id: ids.garden, label: 'Garden' },
      { id: ids.kitchen, label: 'Kitchen' },
      { id: ids.tools, label: 'Tools' },
    ]);
    expect((await api.get('/references/categories?q=OO')).json<Options>().data).toEqual([
      { id: ids.tools, label: 'Tools' },
    ]);
    expect((await api.get(`/references/items?q=${encodeURIComponent('%')}`)).json<Options>().data).toEqual([
      { id: ids.percent, label: '%_' },
    ]);
  });

  it('offers live records only, but resolves any id it is asked for', async () => {
    const live = (await api.get('/references/items')).json<Options>().data.map((option) => option.id);
    expect(live).not.toContain(ids.spatula);
    expect(live).toHaveLength(5);
    expect((await api.get(`/references/items?ids=${ids.spatula},${ids.hammer}`)).json<Options>().data).toEqual([
      { id: ids.hammer, label: 'Hammer' },
      { id: ids.spatula, label: 'Spatula, "big"' },
    ]);
    expect((await api.get('/references/items?ids=1,x')).statusCode).toBe(422);
  });
});

describe('GET items/export.csv', () => {
  it('streams exactly the filtered rows in the list order, with the count first', async () => {
    const response = await api.get(
      `/items/export.csv?format=exact&sort=quantity&${filter('status', 'eq', 'draft')}&per_page=2&page=2`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="items.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,title,notes,contact,site,quantity,price,price_currency,weight,discount,active,released,checked_at,status,category_id,tag_ids,parent_id,attributes,stage,created_at,updated_at,deleted_at,blocked_at',
    );
    expect(lines.slice(1, -1).map((line) => Number(line.split(',')[0]))).toEqual([ids.percent, ids.drop, ids.hammer]);
    expect(lines.at(-1)).toBe('');
    expect(response.body).not.toContain('hammer-secret');
  });

  it("is for people by default: the list's default columns, titled, with labels, Yes and times in UTC for a plain call", async () => {
    const response = await api.get(`/items/export.csv?${filter('title', 'eq', 'Hammer')}`);
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Title,contact,site,Quantity,Price,Price currency,Weight,discount,Active,Released,Checked (UTC),Status,Category,Tags,parent_id,stage,Created (UTC)',
    );
    expect(row).toMatch(
      /^Hammer,a@x\.io,,5,12\.3,USD,1\.5,12\.5,Yes,01\/10\/26,"01\/10\/26, 8:00\sAM",Draft,Tools,"Tools, Garden",,new,"\d\d\/\d\d\/\d\d, /,
    );
  });

  it('writes the columns the caller sees, in their order, in Russian with `;`, decimal commas and times in their zone', async () => {
    const response = await api.send(
      'GET',
      `/items/export.csv?columns=checked_at,title,weight,active,price&${filter('title', 'eq', 'Hammer')}`,
      undefined,
      {
        'accept-language': 'ru',
        'x-time-zone': 'Asia/Tokyo',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Проверен (Asia/Tokyo);Название;Вес;Активен;Цена;Цена, валюта',
      '10.01.2026, 17:00;Hammer;1,5;Да;12,3;USD',
      '',
    ]);
  });

  it("refuses a time zone it does not know, in the caller's language, and a column the resource lacks", async () => {
    const zone = (language: string) =>
      api.send('GET', '/items/export.csv', undefined, { 'accept-language': language, 'x-time-zone': 'Mars/Olympus' });
    const english = await zone('en');
    expect(english.statusCode).toBe(422);
    expect(english.json<ErrorBody>().message).toBe(
      'Unknown time zone "Mars/Olympus" in X-Time-Zone: send an IANA zone such as Europe/Moscow.',
    );
    expect((await zone('ru')).json<ErrorBody>().message).toBe(
      'Неизвестный часовой пояс «Mars/Olympus» в X-Time-Zone: укажите пояс IANA, например Europe/Moscow.',
    );
    const column = await api.get('/items/export.csv?columns=title,api_key');
    expect(column.statusCode).toBe(422);
    expect(column.json<ErrorBody>().errors).toEqual({ columns: ['These columns are not known: api_key.'] });
  });

  it('quotes, defuses formulas and names references by label', async () => {
    const response = await api.get(
      '/items/export.csv?deleted=with&sort=id&columns=id,title,notes,contact,quantity,category_id,tag_ids,attributes',
    );
    const body = response.body;
    expect(response.headers['x-total-count']).toBe('6');
    // Text starting = + - @ gets a leading apostrophe; a leading apostrophe itself is harmless.
    expect(body).toContain(`\r\n${ids.drop},${DROP},'=cmd|' /C calc'!A0,d@x.io,2,`);
    expect(body).toContain('"Spatula, ""big"""');
    expect(body).toContain('"line one\nline two"');
    expect(body).toContain(
      `${ids.hammer},Hammer,50% off_now,a@x.io,5,Tools,"Tools, Garden","{""colour"":""red""}"\r\n`,
    );
  });

  it('reads in keyset batches that together give exactly the list, whatever the order', async () => {
    for (const sort of [
      'quantity',
      '-quantity',
      'title',
      '-price',
      '-created_at',
      'released',
      '-checked_at',
      'category_id',
    ]) {
      const params = { sort, per_page: '50', deleted: 'with' };
      const query = readListQuery(items, params, 'en');
      const batched: number[] = [];
      for await (const batch of matchingRecords(lab.db, items, query, 2))
        batched.push(...batch.map((record) => record.id));
      expect(batched, sort).toEqual(idsOf(await list(new URLSearchParams(params).toString())));
    }
  });

  it('answers 422 for bad parameters before sending anything', async () => {
    const response = await api.get(`/items/export.csv?${filter('quantity', 'gte', 'many')}`);
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-total-count']).toBeUndefined();
  });
});
