import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { DB_TIMEOUT, freshDatabase, MIGRATION_SETS } from '../../support/server/test-database';

// One copy of the template for the file: every test migrates owners of its own and reads only
// their records, so the tests do not see one another.
let db: Database;

beforeAll(async () => {
  db = await freshDatabase();
}, DB_TIMEOUT);
afterAll(async () => {
  await db.close();
});

async function recorded(...owners: string[]): Promise<string[]> {
  const { rows } = await db.query<{ owner: string; name: string }>(
    'SELECT owner, name FROM erp_meta.migrations WHERE owner = ANY($1) ORDER BY owner, name',
    [owners],
  );
  return rows.map((row) => `${row.owner}/${row.name}`);
}

async function tablesIn(schema: string): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  return rows.map((row) => row.table_name);
}

// Every migration the core and admin sets declare, as `owner/name`, in the order `recorded` reads them.
const TEMPLATE_CORE_AND_ADMIN = MIGRATION_SETS.filter((set) => set.owner === 'core' || set.owner === 'admin')
  .flatMap((set) => set.migrations.map((migration) => `${set.owner}/${migration.name}`))
  .sort();

describe('migrate', () => {
  it('recorded the core and admin migrations of the template per owner', async () => {
    expect(await recorded('core', 'admin')).toEqual(TEMPLATE_CORE_AND_ADMIN);
    expect(TEMPLATE_CORE_AND_ADMIN.slice(0, 1)).toEqual(['admin/0001_articles']);
    expect(TEMPLATE_CORE_AND_ADMIN).toEqual(
      expect.arrayContaining(['core/0001_auth', 'core/0002_system_settings', 'core/0003_audit_log']),
    );
    expect(await tablesIn('core')).toEqual(expect.arrayContaining(['users', 'system_settings', 'audit_log']));
    expect(await tablesIn('admin')).toContain('articles');
  });

  it('applies nothing when run again', async () => {
    expect(await migrate(db, MIGRATION_SETS)).toEqual([]);
    expect(await recorded('core', 'admin')).toEqual(TEMPLATE_CORE_AND_ADMIN);
  });

  it("applies an owner's migrations in name order, in the schema named after the owner", async () => {
    const applied = await migrate(db, [
      {
        owner: 'probe-kit',
        migrations: [
          { name: '0010_seed', sql: `INSERT INTO items (a, b) VALUES (1, 'one');` },
          { name: '0002_add_b', sql: 'ALTER TABLE items ADD COLUMN b text;' },
          { name: '0001_items', sql: 'CREATE TABLE items (a integer PRIMARY KEY);' },
        ],
      },
    ]);
    expect(applied).toEqual(['probe-kit/0001_items', 'probe-kit/0002_add_b', 'probe-kit/0010_seed']);
    // The hyphen of the owner becomes an underscore in the schema; nothing lands in public.
    expect(await tablesIn('probe_kit')).toEqual(['items']);
    expect(await tablesIn('public')).toEqual([]);
    expect((await db.query('SELECT a, b FROM probe_kit.items')).rows).toEqual([{ a: 1, b: 'one' }]);
    // Recorded under the owner as given, not the schema.
    expect(await recorded('probe-kit')).toEqual([
      'probe-kit/0001_items',
      'probe-kit/0002_add_b',
      'probe-kit/0010_seed',
    ]);
    expect(await recorded('probe_kit')).toEqual([]);
  });

  it("leaves the connection's search_path as it was", async () => {
    const before = (await db.query<{ search_path: string }>('SHOW search_path')).rows[0]?.search_path;
    await migrate(db, [{ owner: 'path_probe', migrations: [{ name: '0001_t', sql: 'CREATE TABLE t (id integer);' }] }]);
    expect((await db.query<{ search_path: string }>('SHOW search_path')).rows[0]?.search_path).toBe(before);
  });

  it('applies only the migrations not yet recorded', async () => {
    const first = { name: '0001_t', sql: 'CREATE TABLE t (id integer);' };
    await migrate(db, [{ owner: 'pending_probe', migrations: [first] }]);
    const second = { name: '0002_u', sql: 'CREATE TABLE u (id integer);' };
    expect(await migrate(db, [{ owner: 'pending_probe', migrations: [first, second] }])).toEqual([
      'pending_probe/0002_u',
    ]);
    expect(await migrate(db, [{ owner: 'pending_probe', migrations: [first, second] }])).toEqual([]);
    expect(await tablesIn('pending_probe')).toEqual(['t', 'u']);
  });

  it('rolls a failing migration back completely, records nothing for it, and rejects', async () => {
    const good = { name: '0001_good', sql: 'CREATE TABLE good (id integer);' };
    const bad = {
      name: '0002_bad',
      sql: `CREATE TABLE partial (id integer);
            INSERT INTO good (id) VALUES (1);
            INSERT INTO no_such_table (id) VALUES (1);`,
    };
    const later = { name: '0003_later', sql: 'CREATE TABLE later (id integer);' };
    await expect(migrate(db, [{ owner: 'failing_probe', migrations: [good, bad, later] }])).rejects.toThrow(
      /no_such_table/,
    );

    // The migration before it stays applied; the failing one left no table, no row, no record; none after it ran.
    expect(await tablesIn('failing_probe')).toEqual(['good']);
    expect((await db.query('SELECT * FROM failing_probe.good')).rows).toEqual([]);
    expect(await recorded('failing_probe')).toEqual(['failing_probe/0001_good']);

    // Fixed, it applies on the next run, followed by the rest.
    const fixed = { name: '0002_bad', sql: 'CREATE TABLE partial (id integer);' };
    expect(await migrate(db, [{ owner: 'failing_probe', migrations: [good, fixed, later] }])).toEqual([
      'failing_probe/0002_bad',
      'failing_probe/0003_later',
    ]);
  });

  it('treats the same migration name of two owners as two migrations', async () => {
    const init = { name: '0001_init', sql: 'CREATE TABLE things (id integer);' };
    expect(
      await migrate(db, [
        { owner: 'alpha', migrations: [init] },
        { owner: 'beta', migrations: [init] },
      ]),
    ).toEqual(['alpha/0001_init', 'beta/0001_init']);
    expect(await tablesIn('alpha')).toEqual(['things']);
    expect(await tablesIn('beta')).toEqual(['things']);
    expect(await recorded('alpha')).toEqual(['alpha/0001_init']);
    expect(await recorded('beta')).toEqual(['beta/0001_init']);
  });

  it('refuses owners that cannot name a schema, before running any of their SQL', async () => {
    for (const owner of ['Probe', '1probe', 'pro be', 'probe;drop', 'probe"', '']) {
      await expect(
        migrate(db, [{ owner, migrations: [{ name: '0001_t', sql: 'CREATE TABLE public.leak (id integer);' }] }]),
        owner,
      ).rejects.toThrow('cannot name a database schema');
    }
    expect(await tablesIn('public')).toEqual([]);
    expect(await recorded('Probe', '1probe', 'pro be', 'probe;drop', 'probe"', '')).toEqual([]);
  });
});
