import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterWriteContext, Queryable, WriteContext } from '@core/sdk/server';
import { DB_TIMEOUT, errorBody } from '@core/sdk/testing';
import { positionHooks } from '@plugins/shop/server/positions/position-rules';
import { positionsResource } from '@plugins/shop/shared/resources';
import { shopApp, type ShopTestApp } from '../shop-support';
import { bulk, counts, stockFixture, storedPositions } from './positions-support';

/** `POST positions/bulk`: every line checked, nothing written on a bad line unless skipping was chosen. */

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

const auditOf = async (resource: string, recordId: number) =>
  (
    await t.db.query<{ action: string; after: Record<string, unknown> | null }>(
      'SELECT action, after FROM core.audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id',
      [resource, recordId],
    )
  ).rows;

describe('access and input', () => {
  it('answers 403 without SQ', async () => {
    const { product } = await stockFixture(t);
    const answer = await bulk(t, { product, lines: 'a:b:c' }, ['SC', 'SP', 'SO']);
    expect(answer.statusCode).toBe(403);
    expect(await storedPositions(t, product)).toEqual([]);
  });

  it('refuses wrong JSON types and unknown fields with 422, never converting them', async () => {
    const { product } = await stockFixture(t);
    for (const body of [
      { product: String(product), lines: 'a:b:c' },
      { product, lines: ['a:b:c'] },
      { product, lines: 'a:b:c', skip_invalid: 'true' },
      { product, lines: 'a:b:c', skip_invalid: 1 },
      { product: 1.5, lines: 'a:b:c' },
      { product, lines: 'a:b:c', extra: true },
      { lines: 'a:b:c' },
    ]) {
      const answer = await bulk(t, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await storedPositions(t, product)).toEqual([]);
  });

  it('refuses a paste with no positions, an unknown product and an archived one', async () => {
    const { product } = await stockFixture(t);
    expect((await bulk(t, { product, lines: '\n  \n' })).json()).toMatchObject({
      errors: { lines: ['There are no positions to load: every line is empty.'] },
    });
    expect((await bulk(t, { product: 999_999, lines: 'a:b:c' })).json()).toMatchObject({
      errors: { product: ['There is no such product.'] },
    });
    expect((await t.patch(`products/${product}`, { status: 'archived' })).statusCode).toBe(200);
    const archived = await bulk(t, { product, lines: 'a:b:c' });
    expect(archived.statusCode).toBe(422);
    expect(archived.json()).toMatchObject({
      errors: { product: ['The product is archived: no positions can be added to it.'] },
    });
  });

  it('refuses more than 10,000 positions at once', async () => {
    const { product } = await stockFixture(t);
    const lines = Array.from({ length: 10_001 }, (_, index) => `u${index}:p:m`).join('\n');
    const answer = await bulk(t, { product, lines });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ errors: { lines: ['Load at most 10000 positions at a time.'] } });
  });
});

describe('loading', () => {
  it('writes every good line as a free position, titled with the product, with one audit entry, and counts it', async () => {
    const fixture = await stockFixture(t);
    const lines =
      'alice:secret1:alice@example.com\r\n\r\n  bob:secret2:bob@example.com  \nexotic:pa:ss:with:colons@example.com\n';
    const answer = await bulk(t, { product: fixture.product, lines });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { created: 3, skipped: [] } });
    const stored = await storedPositions(t, fixture.product);
    // Trimmed; the last part (email) takes the rest of the line, colons included.
    expect(stored.map((position) => [position.data, position.state])).toEqual([
      ['alice:secret1:alice@example.com', 'free'],
      ['bob:secret2:bob@example.com', 'free'],
      ['exotic:pa:ss:with:colons@example.com', 'free'],
    ]);
    const listed = await t.shop(['SQ'], 'GET', `positions?filter[product][eq]=${fixture.product}`);
    const name = await productName(fixture.product);
    expect(
      listed
        .json<{ data: { data: { title: string; version: number }[] } }>()
        .data.data.map((record) => [record.title, record.version]),
    ).toEqual([
      [name, 1],
      [name, 1],
      [name, 1],
    ]);
    expect(await counts(t, fixture)).toEqual({ inStock: 3, category: 3 });
    const audit = await auditOf('shop.products', fixture.product);
    expect(audit.filter((entry) => entry.action === 'load-positions')).toEqual([
      {
        action: 'load-positions',
        after: { positions_loaded: 3, first_position: stored[0]?.id, last_position: stored[2]?.id },
      },
    ]);
  });

  it('refuses the whole paste when one line is bad, naming its line, and writes nothing', async () => {
    const fixture = await stockFixture(t);
    const lines = ['one:p1:one@example.com', '', 'two:p2', 'three:p3:three@example.com'].join('\n');
    const answer = await bulk(t, { product: fixture.product, lines });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual(
      errorBody('Lines that cannot be loaded: 1 of 3. Nothing was written.', {
        errors: [{ line: 3, message: 'Expected 3 parts separated by colons (login:password:email), found 2.' }],
      }),
    );
    expect(await storedPositions(t, fixture.product)).toEqual([]);
    expect(await counts(t, fixture)).toEqual({ inStock: 0, category: 0 });
  });

  it('says what is wrong in Russian for a Russian reader', async () => {
    const fixture = await stockFixture(t);
    const answer = await bulk(t, { product: fixture.product, lines: 'one::x' }, ['SQ'], { 'accept-language': 'ru' });
    expect(answer.json()).toEqual(
      errorBody('Строк, которые нельзя загрузить: 1 из 1. Ничего не записано.', {
        errors: [{ line: 1, message: 'Часть password пуста.' }],
      }),
    );
  });

  it('with skip_invalid writes the good lines and reports the skipped ones', async () => {
    const fixture = await stockFixture(t);
    const lines = ['one:p1:one@example.com', 'bad', 'two:p2:two@example.com', ' :p3:x'].join('\n');
    const answer = await bulk(t, { product: fixture.product, lines, skip_invalid: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: {
        created: 2,
        skipped: [
          { line: 2, message: 'Expected 3 parts separated by colons (login:password:email), found 1.' },
          { line: 4, message: 'The login part is empty.' },
        ],
      },
    });
    expect((await storedPositions(t, fixture.product)).map((position) => position.data)).toEqual([
      'one:p1:one@example.com',
      'two:p2:two@example.com',
    ]);
    expect(await counts(t, fixture)).toEqual({ inStock: 2, category: 2 });
  });

  it('treats a line repeated in the paste or already held by the product as an error', async () => {
    const fixture = await stockFixture(t);
    expect((await bulk(t, { product: fixture.product, lines: 'held:p:h@example.com' })).statusCode).toBe(200);
    const lines = ['new:p:n@example.com', 'held:p:h@example.com', 'new:p:n@example.com'].join('\n');
    const refused = await bulk(t, { product: fixture.product, lines });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: unknown }>().errors).toEqual([
      { line: 2, message: 'The product already has this position.' },
      { line: 3, message: 'The same position as line 1.' },
    ]);
    const skipped = await bulk(t, { product: fixture.product, lines, skip_invalid: true });
    expect(skipped.json<{ data: { created: number } }>().data.created).toBe(1);
    expect((await storedPositions(t, fixture.product)).map((position) => position.data)).toEqual([
      'held:p:h@example.com',
      'new:p:n@example.com',
    ]);
    // Another product may hold the same data.
    const other = await stockFixture(t);
    expect((await bulk(t, { product: other.product, lines: 'held:p:h@example.com' })).json()).toEqual({
      data: { created: 1, skipped: [] },
    });
  });

  it('takes a one-part format as the whole line', async () => {
    const fixture = await stockFixture(t, 'token');
    expect((await bulk(t, { product: fixture.product, lines: 'abc:def\nxyz' })).json()).toEqual({
      data: { created: 2, skipped: [] },
    });
  });

  it('loads 10,000 lines in one request', async () => {
    const fixture = await stockFixture(t);
    const lines = Array.from(
      { length: 10_000 },
      (_, index) => `user${index}:pass${index}:user${index}@example.com`,
    ).join('\n');
    const started = Date.now();
    const answer = await bulk(t, { product: fixture.product, lines });
    expect(answer.json()).toEqual({ data: { created: 10_000, skipped: [] } });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await counts(t, fixture)).toEqual({ inStock: 10_000, category: 10_000 });
  }, 30_000);
});

describe('each loaded position is a record of its own', () => {
  const historyOf = async (id: number) =>
    (await t.shop(['SQ'], 'GET', `positions/${id}/history`)).json<{
      data: { action: string; after: Record<string, unknown> | null }[];
    }>().data;
  const positionAudits = async () =>
    Number(
      (
        await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM core.audit_log WHERE resource = $1`, [
          positionsResource.id,
        ])
      ).rows[0]?.n,
    );

  it('with its create entry in its history, version 1 and the loader as its author', async () => {
    const fixture = await stockFixture(t);
    const loader = 7;
    const lines = 'first:p1:f@example.com\nsecond:p2:s@example.com';
    const answer = await t.shop(['SQ'], 'POST', 'positions/bulk', { product: fixture.product, lines }, loader);
    expect(answer.json()).toEqual({ data: { created: 2, skipped: [] } });
    const stored = await storedPositions(t, fixture.product);
    expect(stored).toHaveLength(2);
    for (const position of stored) {
      const history = await historyOf(position.id);
      expect(history.map((entry) => entry.action)).toEqual(['create']);
      // The data is a secret: the history shows it masked, never as loaded.
      expect(history[0]?.after).toMatchObject({ state: 'free', product: fixture.product });
      expect(JSON.stringify(history)).not.toContain('p1');
    }
    const { rows } = await t.db.query<{ version: number; created_by: number; updated_by: number }>(
      'SELECT version, created_by::int AS created_by, updated_by::int AS updated_by FROM shop.positions WHERE product = $1',
      [fixture.product],
    );
    expect(rows).toEqual([
      { version: 1, created_by: loader, updated_by: loader },
      { version: 1, created_by: loader, updated_by: loader },
    ]);
  });

  it('while a refused load writes no position and no entry, and skip_invalid audits only the lines it wrote', async () => {
    const fixture = await stockFixture(t);
    const lines = ['good:p:g@example.com', 'bad', 'fine:p:f@example.com'].join('\n');
    const before = await positionAudits();
    expect((await bulk(t, { product: fixture.product, lines })).statusCode).toBe(422);
    expect(await positionAudits()).toBe(before);
    expect(await storedPositions(t, fixture.product)).toEqual([]);
    const skipped = await bulk(t, { product: fixture.product, lines, skip_invalid: true });
    expect(skipped.json()).toEqual({
      data: {
        created: 2,
        skipped: [{ line: 2, message: 'Expected 3 parts separated by colons (login:password:email), found 1.' }],
      },
    });
    expect(await positionAudits()).toBe(before + 2);
    for (const position of await storedPositions(t, fixture.product))
      expect((await historyOf(position.id)).map((entry) => entry.action)).toEqual(['create']);
  });
});

describe('the position rules over a batch', () => {
  const calls: { arrived: number[][]; refreshed: number[][] } = { arrived: [], refreshed: [] };
  const hooks = positionHooks({
    async stockArrived(_tx, productIds) {
      calls.arrived.push([...productIds]);
    },
    async refreshStockCounts(_tx, productIds) {
      calls.refreshed.push([...productIds]);
    },
  });
  const creating = (tx: Queryable, product: number, data: string): WriteContext => ({
    tx,
    definition: positionsResource,
    action: 'create',
    id: null,
    before: null,
    values: { product, data, state: 'free' },
    next: { product, data, state: 'free' },
    actorId: 1,
  });
  const beforeBatch = async (contexts: readonly WriteContext[]) => (await hooks.beforeWriteMany?.(contexts)) ?? [];

  it('titles every new position once the product is read, and refuses data repeated within the batch', async () => {
    const fixture = await stockFixture(t);
    const name = await productName(fixture.product);
    const computed = await t.db.transaction((tx) =>
      beforeBatch([creating(tx, fixture.product, ' a:b:c '), creating(tx, fixture.product, 'd:e:f')]),
    );
    expect(computed).toEqual([
      { title: name, data: 'a:b:c' },
      { title: name, data: 'd:e:f' },
    ]);
    const repeated = await t.db
      .transaction((tx) =>
        beforeBatch([creating(tx, fixture.product, 'a:b:c'), creating(tx, fixture.product, 'a:b:c ')]),
      )
      .catch((error: unknown) => error);
    expect(repeated).toMatchObject({
      status: 422,
      errors: { data: ['The product already has a position with this data.'] },
    });
  });

  it('tells the stock engine of a batch once, not once a position', async () => {
    calls.arrived.length = 0;
    const created = (id: number, product: number): AfterWriteContext => ({
      tx: t.db,
      definition: positionsResource,
      action: 'create',
      id,
      before: null,
      after: { product, state: 'free' },
      actorId: 1,
    });
    await hooks.afterWriteMany?.([created(1, 5), created(2, 5), created(3, 6)]);
    expect(calls.arrived).toEqual([[5, 6]]);
    expect(calls.refreshed).toEqual([]);
  });
});

async function productName(id: number): Promise<string> {
  return (await t.db.query<{ name: string }>('SELECT name FROM shop.products WHERE id = $1', [id])).rows[0]?.name ?? '';
}

describe('concurrent loads', () => {
  it('of the same lines into one product write them once: the other load finds them held', async () => {
    const fixture = await stockFixture(t);
    const lines = Array.from({ length: 50 }, (_, index) => `race${index}:p:r@example.com`).join('\n');
    const answers = await Promise.all([
      bulk(t, { product: fixture.product, lines }),
      bulk(t, { product: fixture.product, lines }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)?.json<{ errors: { message: string }[] }>();
    expect(refused?.errors).toHaveLength(50);
    expect(new Set(refused?.errors.map((error) => error.message))).toEqual(
      new Set(['The product already has this position.']),
    );
    expect(await storedPositions(t, fixture.product)).toHaveLength(50);
    expect(await counts(t, fixture)).toEqual({ inStock: 50, category: 50 });
  });
});
