import { describe, expect, it } from 'vitest';
import { quoteIdentifier, SqlParams } from '@core/server/database/sql';
import { csvCell, csvLine, csvText } from '@core/server/resource/csv';
import { resourceProblems } from '@core/server/resource/definitions';
import { filterCondition, listConditions } from '@core/server/resource/filters';
import { indexName, plannedIndexes } from '@core/server/resource/indexes';
import { keysetCondition, keysetPhases, orderBy, sortKey } from '@core/server/resource/ordering';
import { defineResource, fieldNamed } from '@core/shared/resource/definition';
import type { FilterClause } from '@core/shared/resource/list-query';
import { categories, items } from './support-resource';

// Pure SQL assembly: no database here, only what text and which parameters come out.

const HOSTILE = [
  "'; drop table lab.items; --",
  '%_\\',
  'x" OR 1=1 --',
  '$$; SELECT pg_sleep(1); $$',
  "Robert'); DROP TABLE students;--",
];

function compile(clause: FilterClause): { sql: string; values: unknown[] } {
  const params = new SqlParams();
  const sql = filterCondition(items, clause, params, 'r');
  return { sql, values: params.values };
}

describe('filters as SQL', () => {
  it('keeps every filter value out of the SQL text, whatever it holds', () => {
    const textOps = ['eq', 'neq', 'contains', 'startsWith'] as const;
    for (const value of HOSTILE) {
      for (const op of textOps) {
        const { sql, values } = compile({ field: 'title', op, value });
        expect(sql, `${op} ${value}`).not.toContain(value);
        expect(sql).toMatch(/\$1::text/);
        expect(values).toHaveLength(1);
      }
      const anyOf = compile({ field: 'status', op: 'in', value: [value, 'draft'] });
      expect(anyOf.sql).toBe('r."status" = ANY($1::text[])');
      expect(anyOf.values).toEqual([[value, 'draft']]);
    }
  });

  it('writes each operator with a bound, cast parameter', () => {
    expect(compile({ field: 'title', op: 'eq', value: 'Hammer' })).toEqual({
      sql: 'lower(r."title") = lower($1::text)',
      values: ['Hammer'],
    });
    expect(compile({ field: 'title', op: 'neq', value: 'Hammer' }).sql).toBe(
      'lower(r."title") IS DISTINCT FROM lower($1::text)',
    );
    expect(compile({ field: 'quantity', op: 'gte', value: '5' })).toEqual({
      sql: 'r."quantity" >= $1::numeric',
      values: ['5'],
    });
    expect(compile({ field: 'price', op: 'lte', value: '12.5' }).sql).toBe('r."price" <= $1::numeric');
    expect(compile({ field: 'active', op: 'eq', value: 'false' })).toEqual({
      sql: 'r."active" = $1::boolean',
      values: [false],
    });
    expect(compile({ field: 'released', op: 'eq', value: '2026-01-02' }).sql).toBe('r."released" = $1::date');
    expect(compile({ field: 'checked_at', op: 'gte', value: '2026-01-02T10:00:00Z' }).sql).toBe(
      'r."checked_at" >= $1::timestamptz',
    );
    // A bare date closing a datetime range takes in that whole day.
    expect(compile({ field: 'checked_at', op: 'lte', value: '2026-01-02' }).sql).toBe('r."checked_at" < $1::date + 1');
    expect(compile({ field: 'category_id', op: 'in', value: ['1', '2'] })).toEqual({
      sql: 'r."category_id" = ANY($1::bigint[])',
      values: [['1', '2']],
    });
    expect(compile({ field: 'tag_ids', op: 'eq', value: '3' })).toEqual({
      sql: 'r."tag_ids" @> $1::bigint[]',
      values: [['3']],
    });
    expect(compile({ field: 'tag_ids', op: 'in', value: ['3', '4'] }).sql).toBe('r."tag_ids" && $1::bigint[]');
  });

  it('escapes LIKE wildcards so % and _ are data', () => {
    expect(compile({ field: 'title', op: 'contains', value: '50%_off\\' })).toEqual({
      sql: `r."title" ILIKE $1::text ESCAPE '\\'`,
      values: ['%50\\%\\_off\\\\%'],
    });
    expect(compile({ field: 'title', op: 'startsWith', value: 'a_' }).values).toEqual(['a\\_%']);
  });

  it('hides soft-deleted rows unless the scope says otherwise, and numbers parameters across clauses', () => {
    const params = new SqlParams();
    const filters: FilterClause[] = [
      { field: 'title', op: 'contains', value: 'a' },
      { field: 'quantity', op: 'gte', value: '1' },
    ];
    expect(listConditions(items, { filters, deleted: 'without' }, params, 'r')).toEqual([
      'r."deleted_at" IS NULL',
      `r."title" ILIKE $1::text ESCAPE '\\'`,
      'r."quantity" >= $2::numeric',
    ]);
    expect(listConditions(items, { filters: [], deleted: 'only' }, new SqlParams(), 'r')).toEqual([
      'r."deleted_at" IS NOT NULL',
    ]);
    expect(listConditions(items, { filters: [], deleted: 'with' }, new SqlParams(), 'r')).toEqual([]);
    expect(listConditions(categories, { filters: [], deleted: 'without' }, new SqlParams(), 'r')).toEqual([]);
  });
});

describe('order and keyset', () => {
  it('orders by the sort and then the id, text case-insensitively', () => {
    expect(orderBy(sortKey(items, { field: 'title', direction: 'asc' }, 'r'), 'r')).toBe(
      'ORDER BY lower(r."title") ASC, r."id" ASC',
    );
    expect(orderBy(sortKey(items, { field: 'created_at', direction: 'desc' }, 'r'), 'r')).toBe(
      'ORDER BY r."created_at" DESC, r."id" DESC',
    );
  });

  it('continues after a position with one bound row comparison, nulls as a phase of their own', () => {
    const key = sortKey(items, { field: 'quantity', direction: 'asc' }, 'r');
    expect(keysetPhases(key)).toEqual(['values', 'nulls']);
    const params = new SqlParams();
    expect(keysetCondition(key, 'r', 'values', { key: "1'; --", id: '7' }, params)).toBe(
      'r."quantity" IS NOT NULL AND (r."quantity", r."id") > ($1::numeric, $2::bigint)',
    );
    expect(params.values).toEqual(["1'; --", '7']);
    expect(keysetCondition(key, 'r', 'values', null, new SqlParams())).toBe('r."quantity" IS NOT NULL');
    const descending = sortKey(items, { field: 'quantity', direction: 'desc' }, 'r');
    expect(keysetPhases(descending)).toEqual(['nulls', 'values']);
    expect(keysetCondition(descending, 'r', 'nulls', { key: null, id: '7' }, new SqlParams())).toBe(
      'r."quantity" IS NULL AND r."id" < $1::bigint',
    );
  });
});

describe('CSV', () => {
  it('quotes as RFC 4180 says and defuses formulas in typed text', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvText(formula)).toBe(`'${formula}`);
    expect(csvText('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    // Numbers the server formatted are not formulas: a negative amount stays a number.
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});

describe('definitions and indexes', () => {
  it('reports resources that clash with each other or with their own columns', () => {
    const clash = defineResource({
      ...categories,
      id: 'lab.clash',
      path: 'clash',
      fields: [
        { kind: 'money', name: 'price', labelKey: 'x' },
        { kind: 'text', name: 'price_currency', labelKey: 'x' },
      ],
      labelField: 'price_currency',
      defaultSort: { field: 'id', direction: 'asc' },
    });
    const problems = resourceProblems([categories, items, { ...categories, id: 'lab.again', path: 'again' }, clash]);
    expect(problems).toEqual([
      'lab.again: table "lab.categories" is already used by lab.categories',
      'lab.clash: table "lab.categories" is already used by lab.categories',
      'lab.clash: column "price_currency" is claimed by two fields',
    ]);
    expect(resourceProblems([categories, items])).toEqual([]);
  });

  it('names indexes within PostgreSQL limits, distinctly', () => {
    const long = defineResource({ ...categories, table: `lab.${'t'.repeat(60)}` });
    const a = indexName(long, `a${'x'.repeat(40)}`, '__idx');
    const b = indexName(long, `b${'x'.repeat(40)}`, '__idx');
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
    expect(a.endsWith('__idx')).toBe(true);
  });

  it('plans a trigram index for text searches when pg_trgm is there, and unique indexes for live rows', () => {
    const sql = plannedIndexes(items, 'public').map((plan) => plan.sql);
    expect(sql).toContain(
      'CREATE INDEX IF NOT EXISTS "items__title__trgm" ON "lab"."items" USING gin ("title" "public".gin_trgm_ops) WITH (fastupdate = off)',
    );
    // The label is searched by Ctrl+K: two characters by prefix, on lower(title) with pattern ops.
    expect(sql).toContain(
      'CREATE INDEX IF NOT EXISTS "items__title__prefix" ON "lab"."items" USING btree (lower("title") text_pattern_ops)',
    );
    // Every reference is indexed, filtered or not (related sections).
    expect(sql).toContain(
      'CREATE INDEX IF NOT EXISTS "items__parent_id__idx" ON "lab"."items" USING btree ("parent_id", id)',
    );
    expect(sql.filter((statement) => statement.includes('"items__title__trgm"'))).toHaveLength(1);
    expect(sql).toContain(
      'CREATE UNIQUE INDEX IF NOT EXISTS "items__title__live_key" ON "lab"."items" (lower("title")) WHERE deleted_at IS NULL',
    );
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS "items__tag_ids__gin" ON "lab"."items" USING gin ("tag_ids")');
    expect(plannedIndexes(items, null).map((plan) => plan.sql)).toContain(
      'CREATE INDEX IF NOT EXISTS "items__title__idx" ON "lab"."items" USING btree (lower("title"), id)',
    );
    expect(fieldNamed(items, 'notes')?.filter).toEqual(['contains']);
    // Without pg_trgm a contains-only text field still gets a btree on lower(column).
    expect(plannedIndexes(items, null).map((plan) => plan.sql)).toContain(
      'CREATE INDEX IF NOT EXISTS "items__notes__idx" ON "lab"."items" USING btree (lower("notes"))',
    );
  });

  it('refuses an identifier that is not plain lower snake case', () => {
    expect(() => quoteIdentifier('a"b')).toThrow();
    expect(() => quoteIdentifier('Name')).toThrow();
    expect(quoteIdentifier('name_1')).toBe('"name_1"');
  });
});
