import { NUL_MESSAGE } from '@core/server/http/text-input';
import { SECRET_REPLACED } from '@core/server/resource/mutations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MESSAGE, type AuditEntry, type ResourceRecord } from '@core/shared/resource/definition';
import { DB_TIMEOUT, errorBody } from '../../../support/server/test-database';
import {
  EVERY_CODE,
  filter,
  labClient,
  openLab,
  READ_ITEMS,
  type ErrorBody,
  type Lab,
  type LabClient,
} from './support-resource';

// One database for the file; every test works on records of its own.
let lab: Lab;
let api: LabClient;
let tools: number;

type One = { data: ResourceRecord };

async function create(path: string, body: object): Promise<ResourceRecord> {
  const response = await api.post(path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<One>().data;
}

async function auditRows(
  resource: string,
  id: number,
): Promise<{ action: string; actor_id: number | null; before: unknown; after: unknown }[]> {
  const { rows } = await lab.db.query<{
    action: string;
    actor_id: string | number | null;
    before: unknown;
    after: unknown;
  }>('SELECT action, actor_id, before, after FROM core.audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id', [
    resource,
    id,
  ]);
  return rows.map((row) => ({ ...row, actor_id: row.actor_id === null ? null : Number(row.actor_id) }));
}

beforeAll(async () => {
  lab = await openLab();
  api = labClient(lab.app, EVERY_CODE);
  tools = (await create('/categories', { name: 'Tools' })).id;
}, DB_TIMEOUT);

afterAll(async () => {
  await lab.close();
});

describe('POST items', () => {
  it('creates a record with defaults and computed fields, answers 201 and writes one audit row', async () => {
    const response = await api.post('/items', {
      title: '  Anvil  ',
      price: { amount: '100.50', currency: 'eur' },
      api_key: 'anvil-secret',
      category_id: tools,
    });
    expect(response.statusCode).toBe(201);
    const record = response.json<One>().data;
    expect(record).toMatchObject({
      title: 'Anvil',
      version: 1,
      active: true,
      status: 'draft',
      stage: 'new',
      price: { amount: '100.5', currency: 'EUR' },
      api_key: '••••••••',
      tag_ids: [],
      attributes: {},
      created_by: 1,
      _labels: { category_id: 'Tools' },
    });
    const { rows } = await lab.db.query<{ api_key: string }>('SELECT api_key FROM lab.items WHERE id = $1', [
      record.id,
    ]);
    expect(rows[0]?.api_key).toBe('anvil-secret');
    const audit = await auditRows('lab.items', record.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      actor_id: 1,
      before: null,
      after: { title: 'Anvil', api_key: '••••••••', price: { amount: '100.5', currency: 'EUR' } },
    });
  });

  it('answers 422 with a message on every field of every kind that is wrong', async () => {
    const response = await api.post('/items', {
      notes: 5,
      contact: 'not-an-email',
      site: 'ftp://example.com',
      quantity: 1.5,
      price: { amount: 12.3, currency: 'USD' },
      weight: '1.2345',
      discount: '101',
      active: 'yes',
      released: '2026-02-30',
      checked_at: '2026-02-30T10:00:00Z',
      status: 'gone',
      category_id: 'x',
      tag_ids: [0],
      parent_id: -1,
      attributes: ['a'],
      api_key: 'abc',
      stage: 'set by hand',
      bogus: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({
      title: ['This field is required.'],
      notes: ['This value has the wrong type.'],
      contact: ['Invalid email. Please try again.'],
      site: ['Enter an http or https address.'],
      quantity: ['Enter a whole number.'],
      price: ['Enter a number such as 1234.56.'],
      weight: ['Use at most 3 digits after the point.'],
      discount: ['The value must be at most 100.'],
      active: ['This value has the wrong type.'],
      released: ['Enter a valid date.'],
      checked_at: ['Enter a valid date and time.'],
      status: ['Choose one of the offered values.'],
      category_id: ['Choose a record from the list.'],
      tag_ids: ['Choose a record from the list.'],
      parent_id: ['Choose a record from the list.'],
      attributes: ['This value has the wrong type.'],
      api_key: ['Enter at least 4 characters.'],
      stage: ['This field cannot be changed.'],
      bogus: ['This field is not known.'],
    });
  });

  it('checks money currencies and bounds, in the caller’s language', async () => {
    const response = await api.send(
      'POST',
      '/items',
      { title: 'Coin', price: { amount: '1', currency: 'GBP' }, quantity: -1 },
      { 'accept-language': 'ru' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({
      price: ['Выберите валюту.'],
      quantity: ['Значение должно быть не меньше 0.'],
    });
    const notObject = await api.send('POST', '/items', undefined, { 'content-type': 'application/json' });
    expect(notObject.statusCode).toBe(400);
    const array = await api.post('/items', [1, 2]);
    expect(array.statusCode).toBe(422);
  });

  it('refuses text PostgreSQL cannot store, on the field', async () => {
    const response = await api.post('/items', { title: 'nul\u0000byte', attributes: { 'k\u0000': 'v' } });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ title: [NUL_MESSAGE], 'attributes.k\u0000': [NUL_MESSAGE] });
  });

  it('answers 422 missingReference for ids that do not exist or are soft-deleted', async () => {
    const gone = await create('/items', { title: 'Gone parent' });
    expect((await api.delete(`/items/${gone.id}`)).statusCode).toBe(200);
    const response = await api.post('/items', {
      title: 'Orphan',
      category_id: 999_999,
      tag_ids: [tools, 888_888],
      parent_id: gone.id,
    });
    expect(response.statusCode).toBe(422);
    const message = ['The chosen record does not exist.'];
    expect(response.json<ErrorBody>().errors).toEqual({ category_id: message, tag_ids: message, parent_id: message });
    expect(
      (await api.get(`/items?${filter('title', 'eq', 'Orphan')}`)).json<{ data: { total: number } }>().data.total,
    ).toBe(0);
  });

  it('answers 422 unique on the field for a value a live record holds, whatever its case', async () => {
    const first = await create('/items', { title: 'Widget' });
    const clash = await api.post('/items', { title: 'WIDGET' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json<ErrorBody>()).toEqual(
      errorBody('This value is already taken.', { errors: { title: ['This value is already taken.'] } }),
    );
    // A soft-deleted record frees its value; restoring it while another holds the value is refused.
    expect((await api.delete(`/items/${first.id}`)).statusCode).toBe(200);
    const second = await create('/items', { title: 'widget' });
    const restore = await api.post(`/items/${first.id}/restore`);
    expect(restore.statusCode).toBe(422);
    expect(restore.json<ErrorBody>().errors).toEqual({ title: ['This value is already taken.'] });
    const rename = await api.patch(`/items/${second.id}`, { version: second.version, title: 'Widget 2' });
    expect(rename.statusCode).toBe(200);
    expect((await api.post(`/items/${first.id}/restore`)).statusCode).toBe(200);
    // Categories delete for good, so their unique index covers every row.
    expect((await api.post('/categories', { name: 'tools' })).statusCode).toBe(422);
  });

  it('lets a hook refuse a write, leaving neither a row nor an audit entry', async () => {
    const before = await lab.db.query<{ n: number }>('SELECT count(*)::int AS n FROM core.audit_log');
    const response = await api.post('/items', { title: 'Forbidden' });
    expect(response.statusCode).toBe(422);
    const after = await lab.db.query<{ n: number }>('SELECT count(*)::int AS n FROM core.audit_log');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect((await lab.db.query(`SELECT 1 FROM lab.items WHERE title = 'Forbidden'`)).rows).toEqual([]);
  });
});

describe('PATCH items/{id}', () => {
  it('needs the version it was made on: missing or malformed 422, stale 409', async () => {
    const record = await create('/items', { title: 'Versioned', quantity: 1 });
    const missing = await api.patch(`/items/${record.id}`, { quantity: 2 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual({ version: ['This field is required.'] });
    expect((await api.patch(`/items/${record.id}`, { version: 'x', quantity: 'y' })).json<ErrorBody>().errors).toEqual({
      version: ['Enter a whole number.'],
      quantity: ['This value has the wrong type.'],
    });
    const saved = await api.patch(`/items/${record.id}`, { version: 1, quantity: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<One>().data).toMatchObject({ version: 2, quantity: 2, stage: 'edited', title: 'Versioned' });
    const stale = await api.patch(`/items/${record.id}`, { version: 1, quantity: 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>()).toEqual(errorBody(STALE_VERSION_MESSAGE));
    expect((await api.get(`/items/${record.id}`)).json<One>().data.quantity).toBe(2);
    expect((await api.patch('/items/999999', { version: 1 })).statusCode).toBe(404);
  });

  it('lets exactly one of two edits made on the same version through', async () => {
    const record = await create('/items', { title: 'Contended' });
    const answers = await Promise.all([
      api.patch(`/items/${record.id}`, { version: 1, quantity: 1 }),
      api.patch(`/items/${record.id}`, { version: 1, quantity: 2 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await api.get(`/items/${record.id}`)).json<One>().data.version).toBe(2);
    expect((await auditRows('lab.items', record.id)).map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('keeps a secret sent back as the mask or left empty, and replaces it when a new one is typed', async () => {
    const record = await create('/items', { title: 'Keyed', api_key: 'first-key' });
    const stored = async () =>
      (await lab.db.query<{ api_key: string }>('SELECT api_key FROM lab.items WHERE id = $1', [record.id])).rows[0]
        ?.api_key;
    await api.patch(`/items/${record.id}`, { version: 1, api_key: '••••••••' });
    await api.patch(`/items/${record.id}`, { version: 2, api_key: '' });
    expect(await stored()).toBe('first-key');
    const replaced = await api.patch(`/items/${record.id}`, { version: 3, api_key: 'second-key' });
    expect(replaced.json<One>().data.api_key).toBe('••••••••');
    expect(await stored()).toBe('second-key');
  });

  it('clears optional values and checks references again', async () => {
    const record = await create('/items', { title: 'Cleared', quantity: 4, category_id: tools, tag_ids: [tools] });
    const cleared = await api.patch(`/items/${record.id}`, {
      version: 1,
      quantity: null,
      category_id: null,
      tag_ids: [],
    });
    expect(cleared.json<One>().data).toMatchObject({
      quantity: null,
      category_id: null,
      tag_ids: [],
      _labels: { category_id: null, tag_ids: [] },
    });
    const missing = await api.patch(`/items/${record.id}`, { version: 2, category_id: 424_242 });
    expect(missing.statusCode).toBe(422);
  });
});

describe('DELETE, restore, block', () => {
  it('soft-deletes (hidden, 404 again) and restores (409 when not deleted)', async () => {
    const record = await create('/items', { title: 'Soft' });
    const removed = await api.delete(`/items/${record.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    expect((await api.get(`/items/${record.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/items/${record.id}`)).statusCode).toBe(404);
    expect((await api.patch(`/items/${record.id}`, { version: 2, quantity: 1 })).statusCode).toBe(404);
    const restored = await api.post(`/items/${record.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<One>().data).toMatchObject({ deleted_at: null, version: 3 });
    const again = await api.post(`/items/${record.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect((await auditRows('lab.items', record.id)).map((row) => row.action)).toEqual(['create', 'delete', 'restore']);
  });

  it('blocks and unblocks, refusing to repeat either', async () => {
    const record = await create('/items', { title: 'Blockable' });
    const blocked = await api.post(`/items/${record.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<One>().data.blocked_at).toMatch(/^\d{4}-/);
    expect((await api.post(`/items/${record.id}/block`)).json<ErrorBody>()).toEqual(
      errorBody('This record is already blocked.'),
    );
    expect((await api.post(`/items/${record.id}/unblock`)).json<One>().data.blocked_at).toBeNull();
    const again = await api.post(`/items/${record.id}/unblock`);
    expect(again.statusCode).toBe(409);
    // Only resources that say so have these routes.
    expect((await api.post(`/categories/${tools}/block`)).statusCode).toBe(404);
    expect((await api.post(`/categories/${tools}/restore`)).statusCode).toBe(404);
  });

  it('deletes for good what is not soft-deleted, unless a row still points at it', async () => {
    const spare = await create('/categories', { name: 'Spare' });
    const tagged = await create('/items', { title: 'Tagged', tag_ids: [spare.id] });
    const refused = await api.delete(`/categories/${spare.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(
      'This record is still used by other records (lab.items) and cannot be deleted.',
    );
    await api.patch(`/items/${tagged.id}`, { version: 1, tag_ids: [] });
    expect((await api.delete(`/categories/${spare.id}`)).statusCode).toBe(200);
    expect((await api.get(`/categories/${spare.id}`)).statusCode).toBe(404);
    const audit = await auditRows('lab.categories', spare.id);
    expect(audit.map((row) => [row.action, row.after])).toEqual([
      ['create', { name: 'Spare', rank: null }],
      ['delete', null],
    ]);
    // The history outlives the record.
    const history = await api.get(`/categories/${spare.id}/history`);
    expect(history.json<{ data: AuditEntry[] }>().data.map((entry) => entry.action)).toEqual(['delete', 'create']);
  });
});

describe('POST items/bulk-delete', () => {
  it('soft-deletes the chosen ids in one go, one audit row and one hook call each', async () => {
    const a = await create('/items', { title: 'Bulk A' });
    const b = await create('/items', { title: 'Bulk B' });
    const c = await create('/items', { title: 'Bulk C' });
    lab.log.after.length = 0;
    const response = await api.post('/items/bulk-delete', { ids: [a.id, b.id, b.id, 999_999] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 2 } });
    expect(lab.log.after).toEqual([
      { action: 'delete', id: a.id },
      { action: 'delete', id: b.id },
    ]);
    expect((await api.get(`/items/${c.id}`)).statusCode).toBe(200);
    expect((await auditRows('lab.items', a.id)).map((row) => row.action)).toEqual(['create', 'delete']);
    // Deleting them again finds nothing live.
    expect((await api.post('/items/bulk-delete', { ids: [a.id] })).json()).toEqual({ data: { deleted: 0 } });
  });

  it('deletes every row the list parameters match, and only those', async () => {
    await create('/items', { title: 'Match one', quantity: 70 });
    await create('/items', { title: 'Match two', quantity: 71 });
    const kept = await create('/items', { title: 'No match', quantity: 72 });
    const response = await api.post('/items/bulk-delete', {
      query: { [`filter[title][startsWith]`]: 'match', 'filter[quantity][gte]': '70', page: '3', sort: '-title' },
    });
    expect(response.json()).toEqual({ data: { deleted: 2 } });
    expect((await api.get(`/items/${kept.id}`)).statusCode).toBe(200);
    const bad = await api.post('/items/bulk-delete', { query: { 'filter[quantity][gte]': 'lots' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorBody>().errors).toEqual({ 'filter[quantity][gte]': ['Enter a number such as 1234.56.'] });
  });

  it('hard-deletes all or nothing: one row still pointed at refuses the whole batch', async () => {
    const free = await create('/categories', { name: 'Free' });
    const used = await create('/categories', { name: 'Used' });
    await create('/items', { title: 'User of Used', category_id: used.id });
    const refused = await api.post('/categories/bulk-delete', { ids: [free.id, used.id] });
    expect(refused.statusCode).toBe(409);
    expect((await api.get(`/categories/${free.id}`)).statusCode).toBe(200);
    const done = await api.post('/categories/bulk-delete', { query: { 'filter[name][eq]': 'FREE' } });
    expect(done.json()).toEqual({ data: { deleted: 1 } });
    expect((await auditRows('lab.categories', free.id)).map((row) => [row.action, row.after])).toEqual([
      ['create', { name: 'Free', rank: null }],
      ['delete', null],
    ]);
  });

  it('answers 422 to a body that is not one of the two shapes', async () => {
    for (const body of [
      {},
      { ids: [] },
      { ids: [1], query: {} },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { ids: ['x'] },
      { query: 'page=1' },
      { query: { page: {} } },
      [1],
    ]) {
      const response = await api.post('/items/bulk-delete', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
  });
});

describe('audit trail and history', () => {
  it('keeps before and after of every change, never a secret, newest first with the actor’s name', async () => {
    const record = await create('/items', {
      title: 'Audited',
      api_key: 'audit-secret-1',
      price: { amount: '5', currency: 'USD' },
    });
    await api.patch(`/items/${record.id}`, { version: 1, api_key: 'audit-secret-2', quantity: 8 });
    await api.post(`/items/${record.id}/block`);
    await api.delete(`/items/${record.id}`);
    await api.post(`/items/${record.id}/restore`);
    const { rows } = await lab.db.query<{ text: string }>(
      `SELECT coalesce(before::text, '') || coalesce(after::text, '') AS text FROM core.audit_log`,
    );
    for (const row of rows) expect(row.text).not.toMatch(/secret-\d/);
    const response = await api.get(`/items/${record.id}/history`);
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ data: AuditEntry[] }>().data;
    expect(entries.map((entry) => entry.action)).toEqual(['restore', 'delete', 'block', 'update', 'create']);
    expect(entries.every((entry) => entry.actor_id === 1 && entry.actor_name === 'admin' && /Z$/.test(entry.at))).toBe(
      true,
    );
    const update = entries[3];
    expect(update?.before).toMatchObject({ quantity: null, api_key: '••••••••', stage: 'new', blocked_at: null });
    expect(update?.after).toMatchObject({
      quantity: 8,
      // A secret set anew shows that it changed, and nothing of it.
      api_key: SECRET_REPLACED,
      stage: 'edited',
      price: { amount: '5', currency: 'USD' },
    });
    expect(entries[0]?.before).toMatchObject({ deleted_at: expect.stringMatching(/^\d{4}-/) });
    expect(entries[0]?.after).toMatchObject({ deleted_at: null, blocked_at: expect.stringMatching(/^\d{4}-/) });
    expect((await api.get('/items/999999/history')).statusCode).toBe(404);
  });
});

describe('row actions', () => {
  it('runs the plugin’s action with the engine’s checks, version bump and audit row', async () => {
    const record = await create('/items', { title: 'Draft one' });
    const published = await api.post(`/items/${record.id}/publish`, { version: 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json<One>().data).toMatchObject({ status: 'live', stage: 'published Draft one', version: 2 });
    const again = await api.post(`/items/${record.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect((await auditRows('lab.items', record.id)).map((row) => row.action)).toEqual(['create', 'publish']);
    const stale = await create('/items', { title: 'Draft two' });
    expect((await api.post(`/items/${stale.id}/publish`, { version: 7 })).statusCode).toBe(409);
    expect((await api.post('/items/999999/publish')).statusCode).toBe(404);
    expect((await labClient(lab.app, [READ_ITEMS]).post(`/items/${stale.id}/publish`)).statusCode).toBe(403);
  });
});
