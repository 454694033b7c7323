import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '@core/sdk/server';
import type { GoogleTable } from '@plugins/finance/server/google-tables/google-tables-routes';
import { MAX_NESTING_LEVEL } from '@plugins/finance/server/settings';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;
const FG = ['FG'];

beforeAll(async () => {
  t = await financeApp();
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

async function add(name: string, parent: number | null = null): Promise<GoogleTable> {
  const response = await t.call(FG, 'POST', 'google-table', {
    name_en: name,
    name_ru: `${name} ru`,
    spreadsheet_id: `sheet-${name.replaceAll(' ', '-')}`,
    parent_id: parent,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: GoogleTable }>().data;
}

async function list(): Promise<GoogleTable[]> {
  const response = await t.call(FG, 'GET', 'google-tables');
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { data: GoogleTable[] } }>().data.data;
}

const shape = (tables: readonly GoogleTable[]) =>
  Object.fromEntries(
    tables.map((table) => [
      table.name_en,
      `${tables.find((other) => other.id === table.parent_id)?.name_en ?? '-'}#${table.position}`,
    ]),
  );

describe('spreadsheet tables', { timeout: DB_TIMEOUT }, () => {
  it('adds, reads, updates and lists tables flat with parent and position', async () => {
    const response = await t.call(FG, 'POST', 'google-table', {
      name_en: '  Budget ',
      name_ru: 'Бюджет',
      spreadsheet_id: 'https://docs.google.com/spreadsheets/d/1AbC-dEf_123/edit#gid=0',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ data: GoogleTable; message: string }>();
    expect(created.message).toBe('Table added successfully');
    expect(created.data).toMatchObject({
      name_en: 'Budget',
      name_ru: 'Бюджет',
      spreadsheet_id: '1AbC-dEf_123',
      parent_id: null,
      position: 0,
    });
    const child = await add('Q1', created.data.id);
    expect(child).toMatchObject({ parent_id: created.data.id, position: 0 });
    expect((await add('Q2', created.data.id)).position).toBe(1);

    const read = await t.call(FG, 'GET', `google-tables/${child.id}`);
    expect(read.json<{ data: GoogleTable }>().data.name_en).toBe('Q1');
    const patched = await t.call(FG, 'PATCH', `google-tables/${child.id}`, { name_en: 'First quarter' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ message: string }>().message).toBe('Table updated successfully');
    expect(shape(await list())).toEqual({ Budget: '-#0', 'First quarter': 'Budget#0', Q2: 'Budget#1' });
  });

  it('refuses empty names, a bad spreadsheet id and a parent that does not exist', async () => {
    const response = await t.call(FG, 'POST', 'google-table', {
      name_en: ' ',
      name_ru: 'x',
      spreadsheet_id: 'bad id!',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'name_en',
      'spreadsheet_id',
    ]);
    const orphan = await t.call(FG, 'POST', 'google-table', {
      name_en: 'x',
      name_ru: 'x',
      spreadsheet_id: 'abc',
      parent_id: 999999,
    });
    expect(orphan.statusCode).toBe(422);
    expect((await t.call(FG, 'GET', 'google-tables/999999')).statusCode).toBe(404);
  });

  it('saves a dragged arrangement and renumbers siblings', async () => {
    const tables = await list();
    const id = (name: string) => (tables.find((table) => table.name_en === name) as GoogleTable).id;
    // Q2 becomes a root table before Budget; First quarter stays under Budget.
    const response = await t.call(FG, 'POST', 'google-tables/update-tree', {
      items: [
        { id: id('Q2'), parent_id: null, position: 0 },
        { id: id('Budget'), parent_id: null, position: 1 },
        { id: id('First quarter'), parent_id: id('Budget'), position: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('Table updated successfully');
    expect(shape(await list())).toEqual({ Q2: '-#0', Budget: '-#1', 'First quarter': 'Budget#0' });
    // The same as a nested tree.
    const nested = await t.call(FG, 'POST', 'google-tables/update-tree', {
      tree: [{ id: id('Budget'), children: [{ id: id('Q2'), children: [] }, { id: id('First quarter') }] }],
    });
    expect(nested.statusCode, nested.body).toBe(200);
    expect(shape(await list())).toEqual({ Budget: '-#0', Q2: 'Budget#0', 'First quarter': 'Budget#1' });
  });

  it("refuses a drop beyond the maximum nesting level with 'Max nesting level is reached' and changes nothing", async () => {
    const root = await add('L1');
    const two = await add('L2', root.id);
    const three = await add('L3', two.id);
    const before = await list();
    // The default limit is 3: a fourth level is refused on create, on move and in an arrangement.
    const create = await t.call(FG, 'POST', 'google-table', {
      name_en: 'L4',
      name_ru: 'L4',
      spreadsheet_id: 'abc',
      parent_id: three.id,
    });
    expect(create.statusCode).toBe(422);
    expect(create.json<{ message: string }>().message).toBe('Max nesting level is reached');
    const other = await add('Other');
    const move = await t.call(FG, 'PATCH', `google-tables/${other.id}`, { parent_id: three.id });
    expect(move.statusCode).toBe(422);
    expect(move.json<{ message: string }>().message).toBe('Max nesting level is reached');
    const afterAdd = await list();
    const drop = await t.call(FG, 'POST', 'google-tables/update-tree', {
      items: [
        { id: root.id, parent_id: other.id, position: 0 },
        { id: other.id, parent_id: null, position: 0 },
      ],
    });
    expect(drop.statusCode).toBe(422);
    expect(drop.json<{ message: string; errors: Record<string, string[]> }>()).toMatchObject({
      message: 'Max nesting level is reached',
      errors: { items: ['Max nesting level is reached'] },
    });
    expect(await list()).toEqual(afterAdd);
    expect(afterAdd.filter((table) => table.name_en !== 'Other')).toEqual(before);

    // The limit is a system setting: raised to 4, the same drop is accepted.
    await writeSetting(t.db, MAX_NESTING_LEVEL, 4, null);
    const listed = await t.call(FG, 'GET', 'google-tables');
    expect(listed.json<{ data: { max_nesting_level: number } }>().data.max_nesting_level).toBe(4);
    const again = await t.call(FG, 'POST', 'google-tables/update-tree', {
      items: [{ id: root.id, parent_id: other.id, position: 0 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    // Lowered again, the tables already below level 3 stay where they are and the rest of the tree still changes.
    await writeSetting(t.db, MAX_NESTING_LEVEL, 3, null);
    expect((await add('Unrelated')).parent_id).toBeNull();
    const deeper = await t.call(FG, 'POST', 'google-table', {
      name_en: 'L5',
      name_ru: 'L5',
      spreadsheet_id: 'abc',
      parent_id: three.id,
    });
    expect(deeper.statusCode).toBe(422);
  });

  it('refuses cycles, unknown and repeated ids in an arrangement, changing nothing', async () => {
    const a = await add('A');
    const b = await add('B', a.id);
    const before = await list();
    const cases = [
      { items: [{ id: a.id, parent_id: b.id }] },
      { items: [{ id: a.id, parent_id: a.id }] },
      { items: [{ id: 987654, parent_id: null }] },
      { items: [{ id: a.id, parent_id: 987654 }] },
      {
        items: [
          { id: a.id, parent_id: null },
          { id: a.id, parent_id: null },
        ],
      },
      { tree: [{ id: a.id, children: [{ id: a.id }] }] },
      { tree: [{ id: 'x' }] },
      {},
    ];
    for (const body of cases) {
      const response = await t.call(FG, 'POST', 'google-tables/update-tree', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await list()).toEqual(before);
  });

  it('deletes a table with the tables under it and closes the gap among its siblings', async () => {
    const top = await add('Top');
    const keep = await add('Keep', top.id);
    const drop = await add('Drop', top.id);
    await add('Under drop', drop.id);
    const last = await add('Last', top.id);
    const response = await t.call(FG, 'DELETE', `google-tables/${drop.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { deleted: number[] }; message: string }>()).toMatchObject({
      message: 'Table deleted successfully',
    });
    expect(response.json<{ data: { deleted: number[] } }>().data.deleted).toHaveLength(2);
    const tables = await list();
    expect(tables.find((table) => table.id === keep.id)?.position).toBe(0);
    expect(tables.find((table) => table.id === last.id)?.position).toBe(1);
    expect(tables.some((table) => table.name_en === 'Under drop')).toBe(false);
    expect((await t.call(FG, 'DELETE', `google-tables/${drop.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 without FG on every call', async () => {
    const calls: [string, string][] = [
      ['GET', 'google-tables'],
      ['POST', 'google-table'],
      ['GET', 'google-tables/1'],
      ['PATCH', 'google-tables/1'],
      ['DELETE', 'google-tables/1'],
      ['POST', 'google-tables/update-tree'],
      ['GET', 'google-tables/1/data'],
    ];
    for (const [method, path] of calls) {
      const anonymous = await t.app.inject({ method: method as 'GET', url: `/api/finance/${path}` });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const response = await t.call(
        ['FT', 'FW', 'JS'],
        method as 'GET',
        path,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
