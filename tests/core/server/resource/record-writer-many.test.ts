import { describe, expect, it } from 'vitest';
import type { Queryable } from '@core/server/database/database';
import { STALE_VERSION_MESSAGE } from '@core/shared/resource/definition';
import { recordWriterLab, refusal, unique } from './support-record-writer';
import { categories, items, labClient, READ_ITEMS, WRITE_ITEMS } from './support-resource';

/*
 * The engine's set-based writes (`context.records.changeMany` / `removeMany`): every record gets
 * what a single write gives it (validation, version + 1, updated_by, hooks, its own audit entry),
 * all in one transaction, and a refusal of any record writes nothing.
 */

const lab = recordWriterLab('bulk');

interface Stored {
  readonly version: number;
  readonly updated_by: number | null;
  readonly status: string;
  readonly stage: string | null;
}

async function stored(ids: readonly number[]): Promise<Stored[]> {
  const { rows } = await lab.db.query<Stored>(
    `SELECT version, updated_by::int AS updated_by, status, stage FROM lab.items WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
  return rows;
}

async function auditCount(resource: string, ids: readonly number[], action: string): Promise<number> {
  const { rows } = await lab.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM core.audit_log WHERE resource = $1 AND record_id = ANY($2::bigint[]) AND action = $3',
    [resource, ids, action],
  );
  return rows[0]?.n ?? 0;
}

async function threeItems(): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < 3; index++)
    ids.push((await lab.records.create(items, { title: unique('Lamp') }, lab.actor)).id);
  return ids;
}

describe('changing many records', () => {
  it('bumps each version once, names the actor, runs the hooks and writes one audit entry per record', async () => {
    const ids = await threeItems();
    lab.log.after.length = 0;
    const changed = await lab.records.changeMany(
      items,
      { ids: [...ids, ids[0] ?? 0] },
      { action: 'update', values: { status: 'live' } },
      lab.actor,
    );
    expect(changed).toEqual(ids);
    expect(await stored(ids)).toEqual(
      ids.map(() => ({ version: 2, updated_by: lab.staffId, status: 'live', stage: 'edited' })),
    );
    expect(await auditCount(items.id, ids, 'update')).toBe(3);
    expect(lab.log.after).toEqual(ids.map((id) => ({ action: 'update', id })));
  });

  it('takes the same few statements for 3 records as for 30, hooks and references included', async () => {
    const statementsFor = async (count: number): Promise<number> => {
      const category = await lab.records.create(categories, { name: unique('Counted') }, lab.actor);
      const ids: number[] = [];
      for (let index = 0; index < count; index++)
        ids.push((await lab.records.create(items, { title: unique('Counted') }, lab.actor)).id);
      return lab.db.transaction(async (tx) => {
        let statements = 0;
        const counting: Queryable = {
          exec: (sql) => tx.exec(sql),
          query: (sql, params) => {
            statements++;
            return tx.query(sql, params);
          },
        };
        await lab.records.changeManyIn(
          counting,
          items,
          { ids },
          { action: 'update', values: { category_id: category.id } },
          lab.actor,
        );
        return statements;
      });
    };
    expect(await statementsFor(30)).toBe(await statementsFor(3));
  });

  it('selects by the list filter, checked as the list checks it', async () => {
    const ids = await threeItems();
    const title = unique('Unique lamp');
    await lab.records.change(items, ids[1] ?? 0, { action: 'update', values: { title } }, lab.actor);
    const changed = await lab.records.changeMany(
      items,
      { query: { 'filter[title][eq]': title } },
      { action: 'update', values: { status: 'retired' } },
      lab.actor,
    );
    expect(changed).toEqual([ids[1]]);
    const bad = await refusal(
      lab.records.changeMany(
        items,
        { query: { 'filter[nope][eq]': 'x' } },
        { action: 'update', values: {} },
        lab.actor,
      ),
    );
    expect(bad.status).toBe(422);
  });

  it('writes nothing when one record is refused: a stale version (409), a hook refusal, a missing reference (422)', async () => {
    const ids = await threeItems();
    const [first = 0, second = 0, third = 0] = ids;
    const versions = new Map([
      [first, 1],
      [second, 1],
      [third, 7],
    ]);
    const stale = await refusal(
      lab.records.changeMany(items, { ids }, { action: 'update', values: { status: 'live' }, versions }, lab.actor),
    );
    expect([stale.status, stale.message]).toEqual([409, STALE_VERSION_MESSAGE]);
    const missing = await refusal(
      lab.records.changeMany(items, { ids }, { action: 'update', values: { category_id: 999_999 } }, lab.actor),
    );
    expect([missing.status, Object.keys(missing.errors ?? {})]).toEqual([422, ['category_id']]);
    // A title the items' hook refuses, set behind the engine's back.
    await lab.db.query(`UPDATE lab.items SET title = 'Forbidden' WHERE id = $1`, [third]);
    await expect(
      lab.records.changeMany(items, { ids }, { action: 'update', values: { status: 'live' } }, lab.actor),
    ).rejects.toThrow('refused');
    // Created with the status's declared default, and left so.
    expect((await stored(ids)).map((row) => [row.version, row.status])).toEqual(ids.map(() => [1, 'draft']));
    expect(await auditCount(items.id, ids, 'update')).toBe(0);
  });

  it('answers 404 for a record whose version was given but is not there', async () => {
    const missing = await refusal(
      lab.records.changeMany(
        items,
        { ids: [999_998] },
        { action: 'update', values: {}, versions: new Map([[999_998, 1]]) },
        lab.actor,
      ),
    );
    expect(missing.status).toBe(404);
  });

  it('runs inside the caller transaction and rolls back with it', async () => {
    const ids = await threeItems();
    const failed = lab.db.transaction(async (tx) => {
      await lab.records.changeManyIn(tx, items, { ids }, { action: 'update', values: { status: 'live' } }, lab.actor);
      throw new Error('the route changed its mind');
    });
    await expect(failed).rejects.toThrow('the route changed its mind');
    expect((await stored(ids)).map((row) => row.status)).toEqual(['draft', 'draft', 'draft']);
  });

  it('changes a resource without hooks in one statement, validated the same way', async () => {
    const created = [];
    for (let index = 0; index < 3; index++)
      created.push(await lab.records.create(categories, { name: unique('Shelf') }, lab.actor));
    const ids = created.map((record) => record.id);
    expect(
      await lab.records.changeMany(categories, { ids }, { action: 'update', values: { rank: 5 } }, lab.actor),
    ).toEqual(ids);
    const { rows } = await lab.db.query<{ version: number; rank: number }>(
      'SELECT version, rank::int AS rank FROM lab.categories WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows).toEqual(ids.map(() => ({ version: 2, rank: 5 })));
    expect(await auditCount(categories.id, ids, 'update')).toBe(3);
  });
});

describe('creating and changing many records each with its own values', () => {
  it('creates each with its hooks and audit entry under the action named, and changes each by its own values', async () => {
    const titles = [unique('Imported'), unique('Imported')];
    const ids = await lab.db.transaction((tx) =>
      lab.records.createManyIn(
        tx,
        items,
        titles.map((title) => ({ title })),
        lab.actor,
        'import',
      ),
    );
    expect(ids).toHaveLength(2);
    expect(await auditCount(items.id, ids, 'import')).toBe(2);
    const [first = 0, second = 0] = ids;
    const changed = await lab.db.transaction((tx) =>
      lab.records.changeEachIn(
        tx,
        items,
        [
          { id: first, values: { status: 'live' }, version: 1 },
          { id: second, values: { status: 'retired' } },
        ],
        { action: 'import' },
        lab.actor,
      ),
    );
    expect(changed).toEqual(ids);
    expect((await stored(ids)).map((row) => [row.version, row.status, row.updated_by])).toEqual([
      [2, 'live', lab.staffId],
      [2, 'retired', lab.staffId],
    ]);
    const stale = await refusal(
      lab.db.transaction((tx) =>
        lab.records.changeEachIn(
          tx,
          items,
          [{ id: first, values: { status: 'draft' }, version: 1 }],
          { action: 'import' },
          lab.actor,
        ),
      ),
    );
    expect(stale.status).toBe(409);
  });
});

describe('deleting many records', () => {
  it('soft-deletes each with version + 1 and its own audit entry, and leaves the missing out', async () => {
    const ids = await threeItems();
    expect(await lab.records.removeMany(items, { ids: [...ids, 999_999] }, lab.actor)).toEqual(ids);
    const { rows } = await lab.db.query<{ version: number; deleted: boolean }>(
      'SELECT version, deleted_at IS NOT NULL AS deleted FROM lab.items WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows).toEqual(ids.map(() => ({ version: 2, deleted: true })));
    expect(await auditCount(items.id, ids, 'delete')).toBe(3);
  });

  it('is refused on the bulk route to a caller who may not write, as a single delete is', async () => {
    const ids = await threeItems();
    const reader = labClient(lab.app, [READ_ITEMS]);
    expect((await reader.post('/items/bulk-delete', { ids })).statusCode).toBe(403);
    expect((await reader.delete(`/items/${ids[0]}`)).statusCode).toBe(403);
    const writer = labClient(lab.app, [READ_ITEMS, WRITE_ITEMS]);
    const response = await writer.post('/items/bulk-delete', { ids });
    expect([response.statusCode, response.json()]).toEqual([200, { data: { deleted: 3 } }]);
  });
});
