import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin } from '@core/server/plugin';
import { validationError } from '@core/server/http/api-error';
import { searchRecords, searchStatement } from '@core/server/resource/search';
import type { PluginManifest } from '@core/shared/manifest';
import { defineResource, referenceTo, type ResourceRecord } from '@core/shared/resource/definition';
import {
  COMMENT_MAX_LENGTH,
  SEARCH_HITS_PER_RESOURCE,
  type RecordOverview,
  type ResourceCatalogue,
  type SearchAnswer,
  type TimelineEntry,
  type TimelinePage,
} from '@core/shared/resource/record-page';
import { bearer, buildServer, DB_TIMEOUT, freshDatabase, mintToken } from '../../../support/server/test-database';

/*
 * The server half of record pages: record overview, the timeline's pages and labels, comments, revert,
 * reference filters on any reference, the resource catalogue and record search (with its plans).
 */

const READ_VENDORS = 'SC';
const WRITE_VENDORS = 'SP';
const READ_DEALS = 'SQ';
const WRITE_DEALS = 'SO';

const vendors = defineResource({
  id: 'rp.vendors',
  service: 'shop',
  path: 'vendors',
  table: 'rp.vendors',
  titleKey: 'rp:vendors',
  recordKey: 'rp:vendor',
  access: { read: READ_VENDORS, write: WRITE_VENDORS },
  fields: [
    { kind: 'text', name: 'name', labelKey: 'rp:name', required: true, maxLength: 100 },
    { kind: 'text', name: 'code', labelKey: 'rp:code', maxLength: 40, searchable: true },
  ],
  labelField: 'name',
  softDelete: true,
});

// A hard-deleted target: its label in an old entry is null.
const trackers = defineResource({
  id: 'rp.trackers',
  service: 'shop',
  path: 'trackers',
  table: 'rp.trackers',
  titleKey: 'rp:trackers',
  recordKey: 'rp:tracker',
  access: { read: READ_DEALS, write: WRITE_DEALS },
  fields: [{ kind: 'text', name: 'slug', labelKey: 'rp:slug', required: true }],
  labelField: 'slug',
});

const deals = defineResource({
  id: 'rp.deals',
  service: 'shop',
  path: 'deals',
  table: 'rp.deals',
  titleKey: 'rp:deals',
  recordKey: 'rp:deal',
  access: { read: READ_DEALS, write: WRITE_DEALS },
  fields: [
    { kind: 'text', name: 'title', labelKey: 'rp:title', required: true },
    // No `filter`: a related section still filters by it.
    { kind: 'reference', name: 'vendor_id', labelKey: 'rp:vendor', target: referenceTo(vendors) },
    { kind: 'reference', name: 'tracker_id', labelKey: 'rp:tracker', target: referenceTo(trackers) },
    { kind: 'reference', name: 'partner_ids', labelKey: 'rp:partners', target: referenceTo(vendors), many: true },
    { kind: 'money', name: 'payout', labelKey: 'rp:payout', currencies: ['USD'] },
    { kind: 'secret', name: 'token', labelKey: 'rp:token' },
    { kind: 'text', name: 'stage', labelKey: 'rp:stage', readOnly: true },
  ],
  labelField: 'title',
  softDelete: true,
});

const ledger = defineResource({
  id: 'rp.ledger',
  service: 'shop',
  path: 'ledger',
  table: 'rp.ledger',
  titleKey: 'rp:ledger',
  recordKey: 'rp:entry',
  access: { read: READ_DEALS, write: WRITE_DEALS },
  fields: [{ kind: 'text', name: 'memo', labelKey: 'rp:memo' }],
  labelField: 'memo',
  readOnly: true,
});

const manifest: PluginManifest = {
  id: 'rp',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'rp:title',
  service: 'shop',
  dependencies: [],
  namespaces: ['rp'],
  pages: [],
};

// A rule: a payout above 1000 is refused, so a revert back to one is refused with the field's message.
const rpPlugin = defineServerPlugin({
  manifest,
  migrations: [],
  resources: [vendors, trackers, deals, ledger],
  resourceHooks: {
    [deals.id]: {
      async beforeWrite({ next, action }) {
        const payout = next.payout as { amount: string } | null | undefined;
        if (payout && Number(payout.amount) > 1000)
          throw validationError({ payout: ['The payout is above the limit.'] });
        return action === 'create' ? { stage: 'new' } : { stage: `after ${action}` };
      },
    },
  },
  register() {},
});

let db: Database;
let app: FastifyInstance;
beforeAll(async () => {
  db = await freshDatabase();
  app = await buildServer({ db, plugins: [rpPlugin] });
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await db.close();
});

const EVERY_CODE = [READ_VENDORS, WRITE_VENDORS, READ_DEALS, WRITE_DEALS, 'JU'];

function client(codes: readonly string[], language = 'en') {
  const headers = { ...bearer(mintToken(codes)), 'accept-language': language };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const options: InjectOptions = { method, url: url.startsWith('/api/') ? url : `/api/shop${url}`, headers };
    return app.inject(payload === undefined ? options : { ...options, payload: payload as object });
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
    raw: (url: string, body: string) =>
      app.inject({
        method: 'POST',
        url: `/api/shop${url}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      }),
  };
}

const admin = client(EVERY_CODE);

async function create(path: string, body: object): Promise<ResourceRecord> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ResourceRecord }>().data;
}

const history = async (path: string, query = ''): Promise<TimelinePage> => {
  const response = await admin.get(`${path}/timeline${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TimelinePage }>().data;
};

describe('the timeline', () => {
  it('names every referenced record, a hard-deleted one as null, many-references too', async () => {
    const acme = await create('/vendors', { name: 'Acme' });
    const globex = await create('/vendors', { name: 'Globex' });
    const old = await create('/trackers', { slug: 'old-tracker' });
    const fresh = await create('/trackers', { slug: 'new-tracker' });
    const deal = await create('/deals', {
      title: 'Labelled',
      vendor_id: acme.id,
      tracker_id: old.id,
      partner_ids: [globex.id],
    });
    await admin.patch(`/deals/${deal.id}`, { version: 1, tracker_id: fresh.id });
    // Trackers are deleted for good: the old one's label is gone.
    expect((await admin.delete(`/trackers/${old.id}`)).statusCode).toBe(200);
    const page = await history(`/deals/${deal.id}`);
    expect(page.entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(page.more).toBe(false);
    expect(page.labels).toEqual({
      vendor_id: { [acme.id]: 'Acme' },
      tracker_id: { [old.id]: null, [fresh.id]: 'new-tracker' },
      partner_ids: { [globex.id]: 'Globex' },
    });
  });

  it('pages newest first by `before`, and refuses a bad limit or an unknown parameter', async () => {
    const vendor = await create('/vendors', { name: 'Paged' });
    for (let version = 1; version <= 4; version += 1)
      await admin.patch(`/vendors/${vendor.id}`, { version, code: `C${version}` });
    const first = await history(`/vendors/${vendor.id}`, '?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.more).toBe(true);
    const second = await history(`/vendors/${vendor.id}`, `?limit=2&before=${first.entries[1]?.id}`);
    const third = await history(`/vendors/${vendor.id}`, `?limit=2&before=${second.entries[1]?.id}`);
    const ids = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(third.more).toBe(false);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=+2',
      '?limit=02',
      '?before=x',
      '?limit=2&limit=3',
      '?page=2',
    ]) {
      expect((await admin.get(`/vendors/${vendor.id}/timeline${query}`)).statusCode, query).toBe(422);
    }
    expect((await admin.get('/vendors/999999/timeline')).statusCode).toBe(404);
  });

  it('keeps GET history the one list, newest first, it has been since SDK 1.0 (outside plugins read it), comments among its entries', async () => {
    const vendor = await create('/vendors', { name: 'Listed' });
    await admin.patch(`/vendors/${vendor.id}`, { version: 1, code: 'L1' });
    expect((await admin.post(`/vendors/${vendor.id}/comments`, { text: 'Seen' })).statusCode).toBe(201);
    const answer = await admin.get(`/vendors/${vendor.id}/history`);
    expect(answer.statusCode).toBe(200);
    const entries = answer.json<{ data: { action: string; actor_name: string; detail?: { comment?: string } }[] }>()
      .data;
    expect(entries.map((entry) => entry.action)).toEqual(['comment', 'update', 'create']);
    expect(entries[0]?.detail?.comment).toBe('Seen');
    expect((await admin.get(`/vendors/${vendor.id}/history?limit=2`)).statusCode).toBe(422);
  });

  it('answers the overview: the record, who made and changed it, the first page', async () => {
    const vendor = await create('/vendors', { name: 'Overviewed' });
    const response = await admin.get(`/vendors/${vendor.id}/overview`);
    expect(response.statusCode).toBe(200);
    const overview = response.json<{ data: RecordOverview }>().data;
    expect(overview.record).toMatchObject({ id: vendor.id, name: 'Overviewed' });
    expect(overview.people).toEqual({ created_by: { id: 1, name: 'admin' }, updated_by: { id: 1, name: 'admin' } });
    expect(overview.timeline.entries.map((entry) => entry.action)).toEqual(['create']);
    await admin.delete(`/vendors/${vendor.id}`);
    expect((await admin.get(`/vendors/${vendor.id}/overview`)).statusCode).toBe(404);
    expect((await admin.get(`/vendors/${vendor.id}/overview?deleted=with`)).statusCode).toBe(200);
    expect((await admin.get('/vendors/999999/overview')).statusCode).toBe(404);
    expect((await admin.get(`/vendors/${vendor.id}/overview?deleted=all`)).statusCode).toBe(422);
    expect((await client([WRITE_VENDORS]).get(`/vendors/${vendor.id}/overview`)).statusCode).toBe(403);
  });
});

describe('comments', () => {
  it('lets a reader comment (read-only resources too), with the author, and keeps the record unchanged', async () => {
    const vendor = await create('/vendors', { name: 'Commented' });
    const reader = client([READ_VENDORS]);
    const response = await reader.post(`/vendors/${vendor.id}/comments`, { text: '  Called them today.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json<{ data: TimelineEntry }>().data;
    expect(entry).toMatchObject({
      action: 'comment',
      actor_id: 1,
      actor_name: 'admin',
      before: null,
      after: null,
      detail: { comment: 'Called them today.' },
    });
    const page = await history(`/vendors/${vendor.id}`);
    expect(page.entries[0]).toEqual(entry);
    expect((await admin.get(`/vendors/${vendor.id}`)).json<{ data: ResourceRecord }>().data.version).toBe(1);
    // Deleted records may still be commented on.
    await admin.delete(`/vendors/${vendor.id}`);
    expect((await reader.post(`/vendors/${vendor.id}/comments`, { text: 'Gone, but noted.' })).statusCode).toBe(201);
    const [row] = (
      await db.query<{ id: string }>(`INSERT INTO rp.ledger (memo) VALUES ('Entry') RETURNING id::text AS id`)
    ).rows;
    expect(
      (await client([READ_DEALS]).post(`/ledger/${row?.id}/comments`, { text: 'On a read-only resource.' })).statusCode,
    ).toBe(201);
  });

  it('refuses what is not a plain non-blank text of at most 2000 characters, in the caller’s language', async () => {
    const vendor = await create('/vendors', { name: 'Strict' });
    const url = `/vendors/${vendor.id}/comments`;
    const cases: [unknown, string, string][] = [
      [{ text: 5 }, 'text', 'This value has the wrong type.'],
      [{ text: ['a'] }, 'text', 'This value has the wrong type.'],
      [{ text: true }, 'text', 'This value has the wrong type.'],
      [{ text: '   ' }, 'text', 'This field is required.'],
      [{}, 'text', 'This field is required.'],
      [{ text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, 'text', `Enter at most ${COMMENT_MAX_LENGTH} characters.`],
      [{ text: 'ok', pinned: true }, 'pinned', 'This field is not known.'],
      [[{ text: 'ok' }], 'text', 'This value has the wrong type.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    expect((await admin.raw(url, '"just text"')).statusCode).toBe(422);
    const ru = await client(EVERY_CODE, 'ru').post(url, { text: 7 });
    expect(ru.json<{ errors: Record<string, string[]> }>().errors.text).toEqual(['Значение неверного типа.']);
    expect((await admin.post(url, { text: 'x'.repeat(COMMENT_MAX_LENGTH) })).statusCode).toBe(201);
    expect((await admin.post('/vendors/999999/comments', { text: 'Nobody' })).statusCode).toBe(404);
    expect((await admin.post('/vendors/01/comments', { text: 'Not canonical' })).statusCode).toBe(404);
    expect((await client([WRITE_VENDORS]).post(url, { text: 'No read code' })).statusCode).toBe(403);
  });

  it('works on users too: their history and comments, under JU', async () => {
    const response = await admin.post('/api/auth/users/1/comments', { text: 'Admin account reviewed.' });
    expect(response.statusCode, response.body).toBe(201);
    const page = (await admin.get('/api/auth/users/1/timeline?limit=5')).json<{ data: TimelinePage }>().data;
    expect(page.entries[0]).toMatchObject({ action: 'comment', detail: { comment: 'Admin account reviewed.' } });
    // Users are a resource of the core: the admin's creation names the roles it gave, by name.
    expect(page.entries.at(-1)).toMatchObject({ action: 'create', actor_id: null });
    expect(page.labels).toEqual({ role_ids: { '1': 'superadmin' } });
    expect((await admin.post('/api/auth/users/1/comments', { text: 3 })).statusCode).toBe(422);
    expect((await admin.post('/api/auth/users/999999/comments', { text: 'x' })).statusCode).toBe(404);
    expect((await admin.get('/api/auth/users/999999/timeline')).statusCode).toBe(404);
    expect((await admin.get('/api/auth/users/1/timeline?limit=x')).statusCode).toBe(422);
    expect((await client([READ_VENDORS]).get('/api/auth/users/1/timeline')).statusCode).toBe(403);
  });
});

describe('revert', () => {
  const revert = (deal: number, entry: number, body: unknown, codes = EVERY_CODE) =>
    client(codes).post(`/deals/${deal}/history/${entry}/revert`, body);

  it('sets the changed fields back as a new version, audited as a revert naming the entry; never secrets or read-only fields', async () => {
    const vendor = await create('/vendors', { name: 'Payer' });
    const deal = await create('/deals', {
      title: 'Payout',
      vendor_id: vendor.id,
      payout: { amount: '100.50', currency: 'USD' },
      token: 'secret-1',
    });
    await admin.patch(`/deals/${deal.id}`, {
      version: 1,
      payout: { amount: '200', currency: 'USD' },
      token: 'secret-2',
    });
    const change = (await history(`/deals/${deal.id}`)).entries[0];
    if (!change) throw new Error('no entry');
    const response = await revert(deal.id, change.id, { version: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<{ data: ResourceRecord }>().data;
    expect(record).toMatchObject({ version: 3, payout: { amount: '100.5', currency: 'USD' }, stage: 'after revert' });
    const { rows } = await db.query<{ token: string }>('SELECT token FROM rp.deals WHERE id = $1', [deal.id]);
    expect(rows[0]?.token).toBe('secret-2');
    const latest = (await history(`/deals/${deal.id}`)).entries[0];
    expect(latest).toMatchObject({
      action: 'revert',
      detail: { reverts: change.id },
      after: { payout: { amount: '100.5', currency: 'USD' } },
    });
    // Stale version: 409, nothing written.
    expect((await revert(deal.id, change.id, { version: 2 })).statusCode).toBe(409);
    expect((await history(`/deals/${deal.id}`)).entries).toHaveLength(3);
  });

  it('refuses with the rule’s message, a missing reference’s, and writes nothing', async () => {
    const vendor = await create('/vendors', { name: 'Doomed' });
    const deal = await create('/deals', {
      title: 'Rule',
      vendor_id: vendor.id,
      payout: { amount: '900', currency: 'USD' },
    });
    await db.query(`UPDATE rp.deals SET payout = 5000 WHERE id = $1`, [deal.id]);
    await admin
      .patch(`/deals/${deal.id}`, { version: 1, payout: { amount: '10', currency: 'USD' } })
      .then((r) => expect(r.statusCode, r.body).toBe(200));
    const [lowered] = (await history(`/deals/${deal.id}`)).entries;
    const refused = await revert(deal.id, lowered?.id ?? 0, { version: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.payout).toEqual([
      'The payout is above the limit.',
    ]);
    await admin.patch(`/deals/${deal.id}`, { version: 2, vendor_id: null });
    await db.query('DELETE FROM rp.vendors WHERE id = $1', [vendor.id]);
    const [unlinked] = (await history(`/deals/${deal.id}`)).entries;
    const missing = await revert(deal.id, unlinked?.id ?? 0, { version: 3 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.vendor_id).toEqual([
      'The chosen record does not exist.',
    ]);
    const page = await history(`/deals/${deal.id}`);
    expect(page.entries.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect((await admin.get(`/deals/${deal.id}`)).json<{ data: ResourceRecord }>().data.version).toBe(3);
  });

  it('answers 409 for entries that changed nothing revertible, 404 for another record’s, 422 for a bad body, 403 for readers', async () => {
    const deal = await create('/deals', { title: 'Lifecycle', token: 'secret-a' });
    const other = await create('/deals', { title: 'Other' });
    await admin.patch(`/deals/${deal.id}`, { version: 1, token: 'secret-b' });
    await admin.post(`/deals/${deal.id}/comments`, { text: 'A note' });
    const entries = (await history(`/deals/${deal.id}`)).entries;
    for (const entry of entries) {
      const response = await revert(deal.id, entry.id, { version: 2 });
      expect(response.statusCode, entry.action).toBe(409);
      expect(response.json<{ message: string }>().message).toBe('This entry changed no field that can be set back.');
    }
    const ru = await client(EVERY_CODE, 'ru').post(`/deals/${deal.id}/history/${entries[0]?.id}/revert`, {
      version: 2,
    });
    expect(ru.json<{ message: string }>().message).toBe('Эта запись не меняла полей, которые можно вернуть.');
    expect((await revert(other.id, entries[1]?.id ?? 0, { version: 1 })).statusCode).toBe(404);
    for (const body of [{}, { version: '2' }, { version: 2, extra: 1 }, { version: 0 }])
      expect((await revert(deal.id, entries[1]?.id ?? 0, body)).statusCode).toBe(422);
    expect((await revert(deal.id, entries[1]?.id ?? 0, { version: 2 }, [READ_DEALS])).statusCode).toBe(403);
    expect(app.hasRoute({ method: 'POST', url: '/api/shop/ledger/:id/history/:entryId/revert' })).toBe(false);
  });
});

describe('related records', () => {
  it('filters any reference by eq (many: contains the id), declared or not', async () => {
    const vendor = await create('/vendors', { name: 'Related' });
    const a = await create('/deals', { title: 'Rel A', vendor_id: vendor.id });
    const b = await create('/deals', { title: 'Rel B', partner_ids: [vendor.id] });
    await create('/deals', { title: 'Rel C' });
    const own = await admin.get(`/deals?filter[vendor_id][eq]=${vendor.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: { data: ResourceRecord[] } }>().data.data.map((row) => row.id)).toEqual([a.id]);
    const partners = await admin.get(`/deals?filter[partner_ids][eq]=${vendor.id}`);
    expect(partners.json<{ data: { data: ResourceRecord[] } }>().data.data.map((row) => row.id)).toEqual([b.id]);
    expect((await admin.get('/deals?filter[vendor_id][eq]=abc')).statusCode).toBe(422);
    expect((await admin.get('/deals?filter[vendor_id][gte]=1')).statusCode).toBe(422);
    const { rows } = await db.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'rp' AND tablename = 'deals'`,
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['deals__vendor_id__idx', 'deals__tracker_id__idx', 'deals__partner_ids__gin']),
    );
  });
});

describe('the catalogue and record search', () => {
  const search = async (q: string, codes: readonly string[] = EVERY_CODE): Promise<SearchAnswer> => {
    const response = await client(codes).get(`/api/auth/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SearchAnswer }>().data;
  };

  it('lists the definitions the caller may read, to signed-in callers only', async () => {
    const ids = (codes: string[]) =>
      client(codes)
        .get('/api/auth/resources')
        .then((r) => r.json<{ data: ResourceCatalogue }>().data.map((definition) => definition.id));
    expect(await ids([READ_VENDORS])).toEqual(['rp.vendors']);
    expect(await ids([READ_DEALS, WRITE_VENDORS])).toEqual(['rp.trackers', 'rp.deals', 'rp.ledger']);
    expect(await ids([])).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/auth/resources' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/search?q=ab' })).statusCode).toBe(401);
  });

  it('finds by label and searchable fields, at most 5 per resource, live records only, ranked', async () => {
    for (const name of ['Zorro', 'Zorro Extra', 'Big Zorro', 'Zorro Two', 'Zorro Three', 'Zorro Four', 'Zorro Five'])
      await create('/vendors', { name });
    const gone = await create('/vendors', { name: 'Zorro Gone' });
    await admin.delete(`/vendors/${gone.id}`);
    await create('/vendors', { name: 'Coded', code: 'ZORRO-CODE' });
    const answer = await search('zorro');
    const group = answer.groups.find((candidate) => candidate.resource === 'rp.vendors');
    expect(group?.hits).toHaveLength(SEARCH_HITS_PER_RESOURCE);
    expect(group?.hits[0]).toEqual({ id: expect.any(Number), label: 'Zorro' });
    expect(group?.hits.map((hit) => hit.label)).not.toContain('Zorro Gone');
    expect(answer.unreached).toEqual([]);
    const coded = (await search('ORRO-CO')).groups[0]?.hits;
    expect(coded).toEqual([
      { id: expect.any(Number), label: 'Coded', matched: { field: 'code', value: 'ZORRO-CODE' } },
    ]);
    // Two characters: a prefix of the label or a searchable field.
    expect((await search('zo')).groups[0]?.hits.map((hit) => hit.label)).toContain('Zorro');
    expect((await search('ig')).groups.find((candidate) => candidate.resource === 'rp.vendors')).toBeUndefined();
    // Wildcards are text.
    expect((await search('%%')).groups).toEqual([]);
  });

  it('never returns records of a resource the caller lacks the read code for', async () => {
    await create('/deals', { title: 'Secretive deal' });
    await create('/vendors', { name: 'Secretive vendor' });
    const dealsOnly = await search('secretive', [READ_DEALS, WRITE_VENDORS]);
    expect(dealsOnly.groups.map((group) => group.resource)).toEqual(['rp.deals']);
    const vendorsOnly = await search('secretive', [READ_VENDORS, WRITE_DEALS]);
    expect(vendorsOnly.groups.map((group) => group.resource)).toEqual(['rp.vendors']);
    expect((await search('secretive', [])).groups).toEqual([]);
  });

  it('refuses a query shorter than 2 or longer than 100 characters after trimming, or other parameters', async () => {
    for (const query of ['q=a', 'q=%20a%20', `q=${'a'.repeat(101)}`, '', 'q=ab&x=1', 'q=ab&q=cd']) {
      expect((await admin.get(`/api/auth/search?${query}`)).statusCode, query).toBe(422);
    }
    const ru = await client(EVERY_CODE, 'ru').get('/api/auth/search?q=a');
    expect(ru.json<{ errors: Record<string, string[]> }>().errors.q).toEqual(['Введите не меньше 2 символов.']);
  });

  it('stops starting statements once the budget is spent and names the resources left', async () => {
    let clock = 0;
    const answer = await searchRecords(db, [vendors, deals, trackers], 'zorro', {
      now: () => (clock += 200),
      budgetMs: 300,
    });
    expect(answer.unreached).toEqual(['rp.deals', 'rp.trackers']);
    expect(answer.groups.map((group) => group.resource)).toEqual(['rp.vendors']);
  });
});

describe('the search statement', () => {
  it('is served by an index on a few thousand rows, for 2 and for 3+ characters', async () => {
    await db.query(`INSERT INTO rp.vendors (name, code) SELECT md5(i::text), 'C' || i FROM generate_series(1, 4000) i`);
    await db.query('ANALYZE rp.vendors');
    const plans: string[] = [];
    for (const q of ['ab', 'abc1']) {
      const statement = searchStatement(vendors, q);
      if (!statement) throw new Error('vendors are searchable');
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push(`q=${q}\n${plan}`);
      expect(plan, plan).toMatch(/Index Scan|Bitmap Index Scan/);
      expect(plan, plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(q.length === 2 ? /vendors__name__prefix/ : /vendors__name__trgm/);
    }
    // The plans, for the closing note.
    console.info(plans.join('\n\n'));
  });
});
