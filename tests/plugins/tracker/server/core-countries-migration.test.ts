import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, emptyDatabase, type UpgradeTestDatabase } from '@core/sdk/testing';
import tracker from '@plugins/tracker/server';

/*
 * The tracker's migration 0003: offers stored against the tracker's own countries move onto the
 * kernel's, by alpha-2 code, in their order, and the copy goes. (On a new database, before the
 * offers' table exists, every test's template database runs it.)
 */

const GERMANY = 276;
const AUSTRIA = 40;
let db: UpgradeTestDatabase;
beforeAll(async () => {
  db = await emptyDatabase();
}, DB_TIMEOUT);
afterAll(() => db.close());

it('maps every offer’s countries onto core countries by code, keeps a value that names none, and drops the copy', async () => {
  await db.migrate(tracker, { before: '0003' });
  // A copy whose ids drifted from the ISO numeric codes: the code decides where a value lands.
  await db.exec(`
    UPDATE tracker.countries SET id = 9276 WHERE code = 'DE';
    CREATE TABLE tracker.offers (id bigint PRIMARY KEY, countries bigint[]);
    INSERT INTO tracker.offers VALUES (1, '{9276,40}'), (2, '{40,9276}'), (3, '{}'), (4, NULL), (5, '{777}');
  `);
  await db.migrate(tracker);
  const { rows } = await db.query<{ id: string; countries: number[] | null }>(
    'SELECT id, countries FROM tracker.offers ORDER BY id',
  );
  expect(rows.map((row) => row.countries?.map(Number) ?? null)).toEqual([
    [GERMANY, AUSTRIA],
    [AUSTRIA, GERMANY],
    [],
    null,
    [777],
  ]);
  expect((await db.query(`SELECT to_regclass('tracker.countries') AS gone`)).rows).toEqual([{ gone: null }]);
});
