import { describe, expect, it } from 'vitest';
import type { Queryable } from '@core/server/database/database';
import type { AfterWriteContext, ResourceHooks, WriteContext } from '@core/server/resource';
import { changeEachIn, changeManyIn, createManyIn } from '@core/server/resource/many';
import { createRecordIn } from '@core/server/resource/mutations';
import { items } from './support-resource';
import { recordWriterLab, refusal, unique } from './support-record-writer';

/*
 * The engine's set-based writes over large batches: no statement binds more parameters than
 * PostgreSQL takes, references are checked once per field for the whole batch, and hooks that take
 * a batch run once for it instead of once per record.
 */

const lab = recordWriterLab('batches');

async function newCategory(): Promise<number> {
  const { rows } = await lab.db.query<{ id: string }>(
    'INSERT INTO lab.categories (name) VALUES ($1) RETURNING id::text AS id',
    [unique('Shelf')],
  );
  return Number(rows[0]?.id);
}

async function auditCount(ids: readonly number[], action: string): Promise<number> {
  const { rows } = await lab.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM core.audit_log WHERE resource = $1 AND record_id = ANY($2::bigint[]) AND action = $3',
    [items.id, ids, action],
  );
  return rows[0]?.n ?? 0;
}

/** The transaction with every statement sent through it counted. */
function counted(tx: Queryable, sent: string[]): Queryable {
  return {
    exec: (sql) => tx.exec(sql),
    query: (sql, params) => {
      sent.push(sql);
      return tx.query(sql, params);
    },
  };
}

describe('a batch larger than one statement can bind', () => {
  it('creates, then changes, every record by its own values when they need more than 65,535 parameters', async () => {
    const category = await newCategory();
    // 14 parameters a record either way (the price is two columns, a change binds the id): 65,800.
    const count = 4_700;
    const sets = Array.from({ length: count }, (_, index) => ({
      title: unique('Bulk'),
      notes: `note ${index}`,
      contact: `c${index}@example.com`,
      site: 'https://example.com',
      quantity: index,
      price: { amount: '1.50', currency: 'USD' },
      weight: '2.000',
      discount: '5',
      active: index % 2 === 0,
      released: '2024-05-01',
      status: 'live',
      category_id: category,
      tag_ids: [category],
    }));
    const ids = await lab.db.transaction((tx) => createManyIn(tx, items, sets, lab.actor, 'import'));
    expect(ids).toHaveLength(count);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await auditCount(ids, 'import')).toBe(count);
    const changes = sets.map(({ title: _, ...values }, index) => ({
      id: ids[index] ?? 0,
      values: { ...values, quantity: index + 1, status: 'retired' },
    }));
    const changed = await lab.db.transaction((tx) => changeEachIn(tx, items, changes, { action: 'import' }, lab.actor));
    expect(changed).toEqual(ids);
    const { rows } = await lab.db.query<{ n: number; quantities: number }>(
      `SELECT count(*)::int AS n, sum(quantity)::int AS quantities FROM lab.items
        WHERE id = ANY($1::bigint[]) AND status = 'retired' AND version = 2`,
      [ids],
    );
    expect(rows[0]).toEqual({ n: count, quantities: (count * (count + 1)) / 2 });
  }, 60_000);
});

describe('references of a batch', () => {
  it('are checked by one query a field, whatever the number of records', async () => {
    const shelves = [await newCategory(), await newCategory(), await newCategory()];
    const sent: string[] = [];
    const sets = Array.from({ length: 300 }, (_, index) => ({
      title: unique('Referenced'),
      category_id: shelves[index % 3] ?? 0,
      tag_ids: [shelves[(index + 1) % 3] ?? 0],
    }));
    const ids = await lab.db.transaction((tx) => createManyIn(counted(tx, sent), items, sets, lab.actor, 'create', {}));
    expect(ids).toHaveLength(300);
    expect(sent.filter((sql) => sql.includes('FOR KEY SHARE'))).toHaveLength(2);
  });

  it('refuse the whole batch when one record names a record that is not there', async () => {
    const shelf = await newCategory();
    const title = unique('Orphan');
    const sets = [
      { title: unique('Fine'), category_id: shelf },
      { title, category_id: 999_999 },
    ];
    const error = await refusal(lab.db.transaction((tx) => createManyIn(tx, items, sets, lab.actor)));
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ category_id: [expect.any(String)] });
    const { rows } = await lab.db.query('SELECT id FROM lab.items WHERE title = $1', [title]);
    expect(rows).toEqual([]);
  });
});

describe('creates from values a plugin built', () => {
  it('store the declared defaults of the fields left out, one record or many', async () => {
    const [one, many] = [unique('One'), unique('Many')];
    await lab.db.transaction(async (tx) => {
      await createRecordIn(tx, items, { title: one }, lab.actor);
      await createManyIn(tx, items, [{ title: many }, { title: unique('Live'), status: 'live' }], lab.actor);
    });
    const { rows } = await lab.db.query<{ title: string; status: string; active: boolean }>(
      'SELECT title, status, active FROM lab.items WHERE title = ANY($1::text[]) ORDER BY title',
      [[many, one]],
    );
    expect(rows).toEqual([
      { title: many, status: 'draft', active: true },
      { title: one, status: 'draft', active: true },
    ]);
  });
});

describe('hooks that take a batch', () => {
  function batchHooks(seen: { before: WriteContext[][]; after: AfterWriteContext[][]; single: number }): ResourceHooks {
    return {
      async beforeWrite() {
        seen.single++;
        return undefined;
      },
      async afterWrite() {
        seen.single++;
      },
      async beforeWriteMany(contexts) {
        seen.before.push([...contexts]);
        return contexts.map((context) => ({ stage: `batch ${String(context.values.title ?? context.id)}` }));
      },
      async afterWriteMany(contexts) {
        seen.after.push([...contexts]);
      },
    };
  }

  it('run once for a created batch, in order, their computed values stored, instead of the per-record hooks', async () => {
    const seen = { before: [] as WriteContext[][], after: [] as AfterWriteContext[][], single: 0 };
    const titles = [unique('Batched'), unique('Batched'), unique('Batched')];
    const ids = await lab.db.transaction((tx) =>
      createManyIn(
        tx,
        items,
        titles.map((title) => ({ title })),
        lab.actor,
        'create',
        batchHooks(seen),
      ),
    );
    expect(seen.single).toBe(0);
    expect(seen.before.map((batch) => batch.map((context) => [context.action, context.values.title]))).toEqual([
      titles.map((title) => ['create', title]),
    ]);
    expect(seen.after.map((batch) => batch.map((context) => [context.id, context.after?.stage]))).toEqual([
      ids.map((id, index) => [id, `batch ${titles[index]}`]),
    ]);
  });

  it('make a change over many records take the hooks path, once for the batch', async () => {
    const ids = await lab.db.transaction((tx) =>
      createManyIn(tx, items, [{ title: unique('Changed') }, { title: unique('Changed') }], lab.actor, 'create', {}),
    );
    const after: number[][] = [];
    const hooks: ResourceHooks = {
      async afterWriteMany(contexts) {
        after.push(contexts.map((context) => context.id));
      },
    };
    const changed = await lab.db.transaction((tx) =>
      changeManyIn(tx, items, { ids }, { action: 'update', values: { quantity: 4 } }, lab.actor, hooks),
    );
    expect(changed).toEqual(ids);
    expect(after).toEqual([ids]);
    expect(await auditCount(ids, 'update')).toBe(2);
  });
});
