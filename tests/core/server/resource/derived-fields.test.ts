import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@core/server/database/database';
import { ResourceDefinitionError, syncResourceTables, type ResourceHooks } from '@core/server/resource';
import { derivedProblems } from '@core/server/resource/derived';
import { mountResources } from '@core/server/resource/mount';
import { defineResource, referenceTo } from '@core/shared/resource/definition';
import { DB_TIMEOUT } from '../../../support/server/test-database';
import { categories, items, SAMPLE_RESOURCES } from './support-resource';
import { recordWriterLab, unique } from './support-record-writer';

/*
 * Derived fields through the engine: a tally per lab category counts the category's live items
 * and sums their prices, written by refreshDerivedIn and adjustDerivedIn without a version bump,
 * an author or a history entry, in id-ordered locks, answering the values before and after.
 */

const lab = recordWriterLab('derived');

const tallies = defineResource({
  id: 'lab.tallies',
  service: 'shop',
  path: 'tallies',
  table: 'lab.tallies',
  titleKey: 'lab:tallies',
  recordKey: 'lab:tally',
  access: { read: 'SC', write: 'SP' },
  fields: [
    { kind: 'text', name: 'name', labelKey: 'lab:name', required: true },
    { kind: 'reference', name: 'category_id', labelKey: 'lab:category', target: referenceTo(categories) },
    { kind: 'text', name: 'currency', labelKey: 'lab:currency' },
    { kind: 'number', name: 'total', labelKey: 'lab:total', integer: true, readOnly: true },
    { kind: 'money', name: 'worth', labelKey: 'lab:worth', readOnly: true },
  ],
  labelField: 'name',
});

const liveItems = (tally: string) => `lab.items i WHERE i.category_id = ${tally}.category_id AND i.deleted_at IS NULL`;

const tallyHooks: ResourceHooks = {
  derived: {
    total: (tally) => `(SELECT count(*) FROM ${liveItems(tally)})`,
    worth: {
      amount: (tally) => `(SELECT coalesce(sum(i.price), 0) FROM ${liveItems(tally)})`,
      currency: (tally) => `${tally}.currency`,
    },
  },
};

beforeAll(async () => {
  await syncResourceTables(lab.db, [...SAMPLE_RESOURCES, tallies]);
  // Mounted as a plugin's resources are: the hooks, with their derived fields, are the engine's from here on.
  mountResources(Fastify(), {
    db: lab.db,
    definitions: [tallies],
    hooks: { [tallies.id]: tallyHooks },
    mounted: [...SAMPLE_RESOURCES, tallies],
  });
}, DB_TIMEOUT);

async function newCategory(): Promise<number> {
  const { rows } = await lab.db.query<{ id: string }>(
    'INSERT INTO lab.categories (name) VALUES ($1) RETURNING id::text AS id',
    [unique('Derived shelf')],
  );
  return Number(rows[0]?.id);
}

async function newTally(category: number): Promise<number> {
  const record = await lab.records.createIn(
    lab.db,
    tallies,
    { name: unique('Tally'), category_id: category, currency: 'USD' },
    lab.actor,
  );
  return record.id;
}

async function addItem(category: number, price: string): Promise<void> {
  await lab.db.query(
    `INSERT INTO lab.items (title, category_id, price, price_currency) VALUES ($1, $2, $3::numeric, 'USD')`,
    [unique('Derived item'), category, price],
  );
}

interface Meta {
  readonly version: number;
  readonly updated_at: string;
  readonly updated_by: number | null;
  readonly audited: number;
}

async function metaOf(id: number): Promise<Meta> {
  const { rows } = await lab.db.query<Meta>(
    `SELECT t.version, t.updated_at::text AS updated_at, t.updated_by::int AS updated_by,
            (SELECT count(*)::int FROM core.audit_log a WHERE a.resource = $2 AND a.record_id = t.id) AS audited
       FROM lab.tallies t WHERE t.id = $1`,
    [id, tallies.id],
  );
  return rows[0] as Meta;
}

/** The transaction with every statement and its parameters kept. */
function recorded(tx: Queryable, sent: { sql: string; params: readonly unknown[] }[]): Queryable {
  return {
    exec: (sql) => tx.exec(sql),
    query: (sql, params) => {
      sent.push({ sql, params: params ?? [] });
      return tx.query(sql, params);
    },
  };
}

describe('derived fields', { timeout: DB_TIMEOUT }, () => {
  it('recomputes without a version bump, an author or a history entry, and answers before and after', async () => {
    const category = await newCategory();
    const id = await newTally(category);
    await addItem(category, '2.50');
    await addItem(category, '4');
    const was = await metaOf(id);
    const answer = await lab.db.transaction((tx) => lab.records.refreshDerivedIn(tx, tallies, [id]));
    expect(answer).toEqual([
      {
        id,
        before: { total: null, worth: null },
        after: { total: 2, worth: { amount: '6.50', currency: 'USD' } },
      },
    ]);
    expect(await metaOf(id)).toEqual(was);
    // An edit made on the version seen before the recount is not refused.
    const edited = await lab.records.changeIn(
      lab.db,
      tallies,
      id,
      { action: 'update', values: { name: unique('Renamed') }, version: was.version },
      lab.actor,
    );
    expect(edited.version).toBe(was.version + 1);
    expect(edited.total).toBe(2);
  });

  it('recomputes only the fields named', async () => {
    const category = await newCategory();
    const id = await newTally(category);
    await addItem(category, '1');
    const answer = await lab.db.transaction((tx) => lab.records.refreshDerivedIn(tx, tallies, [id], ['total']));
    expect(answer).toEqual([{ id, before: { total: null }, after: { total: 1 } }]);
    const stored = await lab.db.query<{ worth: string | null }>(
      'SELECT worth::text AS worth FROM lab.tallies WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]?.worth).toBeNull();
  });

  it('adjusts by deltas, summed per record, with no trailing zeros, under the same rules', async () => {
    const first = await newTally(await newCategory());
    const second = await newTally(await newCategory());
    await lab.db.transaction((tx) => lab.records.refreshDerivedIn(tx, tallies, [first, second]));
    const was = await metaOf(first);
    const answer = await lab.db.transaction((tx) =>
      lab.records.adjustDerivedIn(tx, tallies, [
        { id: second, field: 'worth', by: '1.10' },
        { id: first, field: 'worth', by: '2.50' },
        { id: first, field: 'worth', by: '-0.25' },
        { id: first, field: 'total', by: 3 },
      ]),
    );
    expect(answer).toEqual([
      {
        id: first,
        before: { total: 0, worth: { amount: '0', currency: 'USD' } },
        after: { total: 3, worth: { amount: '2.25', currency: 'USD' } },
      },
      {
        id: second,
        before: { total: 0, worth: { amount: '0', currency: 'USD' } },
        after: { total: 0, worth: { amount: '1.1', currency: 'USD' } },
      },
    ]);
    expect(await metaOf(first)).toEqual(was);
  });

  it('locks the rows in id order before it writes them, whatever order the ids come in', async () => {
    const category = await newCategory();
    const ids = [await newTally(category), await newTally(category), await newTally(category)];
    const sent: { sql: string; params: readonly unknown[] }[] = [];
    await lab.db.transaction((tx) =>
      lab.records.refreshDerivedIn(recorded(tx, sent), tallies, [ids[2], ids[0], ids[1], ids[2]] as number[]),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]?.sql).toMatch(/ORDER BY r\.id FOR UPDATE/);
    expect(sent[0]?.params).toEqual([ids]);
    expect(sent[1]?.sql).toMatch(/^UPDATE/);
  });

  it('refuses a field that is not declared derived, and adjusting by what is not a decimal', async () => {
    const id = await newTally(await newCategory());
    await expect(lab.db.transaction((tx) => lab.records.refreshDerivedIn(tx, tallies, [id], ['name']))).rejects.toThrow(
      /"name" is not one of its derived fields/,
    );
    await expect(
      lab.db.transaction((tx) => lab.records.adjustDerivedIn(tx, tallies, [{ id, field: 'total', by: '1; DROP' }])),
    ).rejects.toThrow(/not a decimal/);
  });

  it('stops start-up for a derived field that is not a read-only field, or not in the form its kind takes', () => {
    expect(
      derivedProblems(tallies, {
        name: () => `'x'`,
        missing: () => '1',
        total: { amount: () => '1', currency: () => `'USD'` },
        worth: () => '1',
      }),
    ).toEqual([
      'lab.tallies: derived field "name" is not read-only (a derived value is nobody\'s edit)',
      'lab.tallies: derived field "missing" is not one of its fields',
      'lab.tallies: derived field "total" is not money: it takes one expression',
      'lab.tallies: derived money field "worth" needs its amount and its currency',
    ]);
    expect(derivedProblems(tallies, tallyHooks.derived ?? {})).toEqual([]);
    expect(() =>
      mountResources(Fastify(), {
        db: lab.db,
        definitions: [items],
        hooks: { [items.id]: { derived: { title: (item) => `${item}.title` } } },
        mounted: SAMPLE_RESOURCES,
      }),
    ).toThrow(ResourceDefinitionError);
  });
});
