import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, emptyDatabase, type UpgradeTestDatabase } from '@core/sdk/testing';
import tracker from '@plugins/tracker/server';

/*
 * The tracker's migration 0004: an offer's group, typed as text before, becomes the finance vertical
 * of that name (case and outer spaces aside); text that names none is kept in group_legacy, and blank
 * text is no group. (On a new database, before the offers' table exists, it does nothing.)
 */

let db: UpgradeTestDatabase;
beforeAll(async () => {
  db = await emptyDatabase();
}, DB_TIMEOUT);
afterAll(() => db.close());

it('maps each group to the vertical of that name and keeps the text that names none', async () => {
  await db.migrate(tracker, { before: '0004' });
  await db.exec(`
    CREATE SCHEMA finance;
    CREATE TABLE finance.verticals (id bigint PRIMARY KEY, name text, deleted_at timestamptz);
    INSERT INTO finance.verticals VALUES (1, 'Nutra', NULL), (2, 'Gambling', NULL), (3, 'Sweeps', now());
    CREATE TABLE tracker.offers (id bigint PRIMARY KEY, "group" text);
    CREATE INDEX offers__group__idx ON tracker.offers ("group");
    INSERT INTO tracker.offers VALUES (1, ' nutra '), (2, 'GAMBLING'), (3, 'Crypto'), (4, 'Sweeps'), (5, '  '), (6, NULL);
  `);
  await db.migrate(tracker);
  const { rows } = await db.query<{ group: string | null; group_legacy: string | null }>(
    'SELECT "group"::text AS "group", group_legacy FROM tracker.offers ORDER BY id',
  );
  expect(rows).toEqual([
    { group: '1', group_legacy: null },
    { group: '2', group_legacy: null },
    { group: null, group_legacy: 'Crypto' },
    // A deleted vertical is not one to pick.
    { group: null, group_legacy: 'Sweeps' },
    { group: null, group_legacy: null },
    { group: null, group_legacy: null },
  ]);
  // The text column's index went with its name, for the schema sync to make both columns' again.
  expect(
    (
      await db.query(
        `SELECT indexname FROM pg_indexes WHERE schemaname = 'tracker' AND tablename = 'offers' AND indexname LIKE 'offers__group%'`,
      )
    ).rows,
  ).toEqual([]);
});
