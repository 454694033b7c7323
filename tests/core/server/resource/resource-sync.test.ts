import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { ResourceDefinitionError, syncResourceTables } from '@core/server/resource';
import { defineResource, type ResourceDefinition } from '@core/shared/resource/definition';
import { DB_TIMEOUT, freshDatabase } from '../../../support/server/test-database';
import { categories, items, SAMPLE_RESOURCES } from './support-resource';

// Tables made from definitions, without a server: one database copy for the file.
let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
  await syncResourceTables(db, SAMPLE_RESOURCES);
}, DB_TIMEOUT);
afterAll(async () => {
  await db.close();
});

async function columns(table: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.type]));
}

async function indexes(table: string): Promise<Record<string, string>> {
  const [schema, name] = table.split('.');
  const { rows } = await db.query<{ name: string; definition: string }>(
    'SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
    [schema, name],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

describe('syncResourceTables', () => {
  it('creates each table with the meta columns and one column per field (two for money)', async () => {
    expect(await columns('lab.items')).toEqual({
      id: 'bigint',
      version: 'integer',
      created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone',
      created_by: 'bigint',
      updated_by: 'bigint',
      deleted_at: 'timestamp with time zone',
      blocked_at: 'timestamp with time zone',
      title: 'text',
      notes: 'text',
      contact: 'text',
      site: 'text',
      quantity: 'numeric',
      price: 'numeric',
      price_currency: 'text',
      weight: 'numeric',
      discount: 'numeric',
      active: 'boolean',
      released: 'date',
      checked_at: 'timestamp with time zone',
      status: 'text',
      category_id: 'bigint',
      tag_ids: 'bigint[]',
      parent_id: 'bigint',
      attributes: 'jsonb',
      api_key: 'text',
      stage: 'text',
    });
    const plain = await columns('lab.categories');
    expect(Object.keys(plain)).not.toContain('deleted_at');
    expect(Object.keys(plain)).not.toContain('blocked_at');
  });

  it('indexes filterable and sortable columns, text searches by trigram, unique fields (live rows only when soft-deleting)', async () => {
    const found = await indexes('lab.items');
    expect(found.items__title__trgm).toMatch(/USING gin \(title (public\.)?gin_trgm_ops\)/);
    expect(found.items__title__idx).toMatch(/USING btree \(lower\(title\), id\)/);
    expect(found.items__title__live_key).toMatch(
      /CREATE UNIQUE INDEX .* \(lower\(title\)\) WHERE \(deleted_at IS NULL\)/,
    );
    expect(found.items__tag_ids__gin).toMatch(/USING gin \(tag_ids\)/);
    expect(found.items__price__idx).toMatch(/USING btree \(price, id\)/);
    expect(found.items__created_at__idx).toBeDefined();
    expect(found.items__site__idx).toBeUndefined();
    expect((await indexes('lab.categories')).categories__name__key).toMatch(
      /CREATE UNIQUE INDEX .* \(lower\(name\)\)$/,
    );
    const { rows } = await db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
  });

  it('serves a contains filter from the trigram index', async () => {
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM lab.items r WHERE r."title" ILIKE $1::text ESCAPE '\\'`,
        ['%ham%'],
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('items__title__trgm');
    });
  });

  it('is idempotent, and adds the column of a new field to a table that has rows', async () => {
    await db.query(`INSERT INTO lab.categories (name) VALUES ('Existing')`);
    await syncResourceTables(db, SAMPLE_RESOURCES);
    const grown = defineResource({
      ...categories,
      fields: [...categories.fields, { kind: 'money', name: 'budget', labelKey: 'x', filter: ['gte'] }],
    });
    await syncResourceTables(db, [grown, items]);
    expect(await columns('lab.categories')).toMatchObject({ budget: 'numeric', budget_currency: 'text' });
    expect((await indexes('lab.categories')).categories__budget__idx).toBeDefined();
    const { rows } = await db.query<{ name: string; version: number }>('SELECT name, version FROM lab.categories');
    expect(rows).toEqual([{ name: 'Existing', version: 1 }]);
  });

  it('drops the unique index of a field that is no longer unique, and makes it again when it is', async () => {
    const relaxed: ResourceDefinition = {
      ...categories,
      fields: categories.fields.map((field) => (field.name === 'name' ? { ...field, unique: false } : field)),
    };
    await syncResourceTables(db, [relaxed, items]);
    expect((await indexes('lab.categories')).categories__name__key).toBeUndefined();
    await syncResourceTables(db, SAMPLE_RESOURCES);
    expect((await indexes('lab.categories')).categories__name__key).toBeDefined();
  });

  it('refuses a column whose kind changed, asking for a migration, and changes nothing', async () => {
    const changed: ResourceDefinition = {
      ...categories,
      fields: [
        ...categories.fields.map((field) =>
          field.name === 'rank' ? { kind: 'text' as const, name: 'rank', labelKey: 'x' } : field,
        ),
        { kind: 'text', name: 'later', labelKey: 'x' },
      ],
    };
    const sync = syncResourceTables(db, [changed, items]);
    await expect(sync).rejects.toBeInstanceOf(ResourceDefinitionError);
    await expect(sync).rejects.toThrow(
      'lab.categories: column "rank" is numeric but the definition needs text; write a migration that converts it',
    );
    expect(Object.keys(await columns('lab.categories'))).not.toContain('later');
  });

  it('refuses a reference to a table or label column that does not exist', async () => {
    const dangling = defineResource({
      ...categories,
      id: 'lab.dangling',
      table: 'lab.dangling',
      path: 'dangling',
      fields: [
        ...categories.fields,
        {
          kind: 'reference',
          name: 'ghost_id',
          labelKey: 'x',
          target: { service: 'shop', path: 'ghosts', table: 'lab.ghosts', labelColumn: 'name' },
        },
        {
          kind: 'reference',
          name: 'item_id',
          labelKey: 'x',
          target: { service: 'shop', path: 'items', table: 'lab.items', labelColumn: 'nickname' },
        },
        {
          kind: 'reference',
          name: 'titled_id',
          labelKey: 'x',
          target: {
            service: 'shop',
            path: 'items',
            table: 'lab.items',
            labelColumn: 'title',
            translatedLabelColumns: { ru: 'title_ru' },
          },
        },
      ],
    });
    const sync = syncResourceTables(db, [...SAMPLE_RESOURCES, dangling]);
    await expect(sync).rejects.toThrow('lab.dangling: field "ghost_id" points at lab.ghosts, which does not exist');
    await expect(sync).rejects.toThrow('lab.dangling: field "item_id" shows lab.items.nickname, which does not exist');
    await expect(sync).rejects.toThrow(
      'lab.dangling: field "titled_id" shows lab.items.title_ru, which does not exist',
    );
    expect((await db.query(`SELECT to_regclass('lab.dangling') AS found`)).rows).toEqual([{ found: null }]);
  });

  it('refuses definitions with problems before touching the database', async () => {
    const twice = defineResource({ ...categories, id: 'lab.twice' });
    await expect(syncResourceTables(db, [categories, twice])).rejects.toThrow(
      'lab.twice: table "lab.categories" is already used by lab.categories',
    );
  });
});
