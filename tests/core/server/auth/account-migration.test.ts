import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CORE_MIGRATIONS } from '@core/server/auth';
import type { Database } from '@core/server/database/database';
import { migrate } from '@core/server/database/migrator';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { PostgresDatabase } from '@core/server/database/postgres-database';
import { DB_TIMEOUT } from '../../../support/server/test-database';

/*
 * Migration 0014 on a database an older version left: a blocked user stays blocked (status now
 * follows blocked_at), role links fill role_ids, and blocking still moves access_changed_at, which
 * the revocation cache reads.
 */

const UPGRADE = '0014_account_resources';
let db: Database;
let drop: () => Promise<void> = async () => undefined;

/** Runs one statement on the PostgreSQL server of the postgres stage (CREATE/DROP DATABASE cannot run in a transaction). */
async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** An empty database: in memory, or on the postgres stage's server (TEST_DATABASE_URL), dropped after the file. */
async function emptyDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return PgliteDatabase.open(undefined);
  const name = `erp_upgrade_${randomBytes(4).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  drop = () => onServer(server, `DROP DATABASE ${name}`);
  return PostgresDatabase.open(url.toString());
}

beforeAll(async () => {
  db = await emptyDatabase();
  const before = CORE_MIGRATIONS.migrations.filter((migration) => migration.name < UPGRADE);
  await migrate(db, [{ owner: 'core', migrations: before }]);
  await db.exec(`
    INSERT INTO core.roles (id, name) VALUES (1, 'Buyers'), (2, 'Sellers');
    INSERT INTO core.users (id, username, email, password_hash, status, updated_at)
      VALUES (1, 'active-one', 'a@example.com', 'x', 'active', '2026-01-02T00:00:00Z'),
             (2, 'blocked-one', 'b@example.com', 'x', 'blocked', '2026-01-03T00:00:00Z');
    INSERT INTO core.user_roles (user_id, role_id) VALUES (2, 2), (2, 1);
  `);
  await migrate(db, [CORE_MIGRATIONS]);
}, DB_TIMEOUT);

afterAll(async () => {
  await db.close();
  await drop();
});

interface UserRow {
  readonly id: number;
  readonly status: string;
  readonly blocked: boolean;
  readonly role_ids: number[];
  readonly version: number;
}

async function usersNow(): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(
    `SELECT id::int AS id, status, blocked_at IS NOT NULL AS blocked, role_ids::int[] AS role_ids, version
       FROM core.users ORDER BY id`,
  );
  return rows;
}

it('keeps blocked users blocked and fills role_ids from the links, in id order', async () => {
  expect(await usersNow()).toEqual([
    { id: 1, status: 'active', blocked: false, role_ids: [], version: 1 },
    { id: 2, status: 'blocked', blocked: true, role_ids: [1, 2], version: 1 },
  ]);
  const { rows } = await db.query<{ blocked_at: string }>(
    `SELECT to_char(blocked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS blocked_at FROM core.users WHERE id = 2`,
  );
  expect(rows[0]?.blocked_at).toBe('2026-01-03');
});

it('derives the status from blocked_at, refuses a status written directly, and moves access_changed_at on a block', async () => {
  const changedAt = async (): Promise<string> => {
    const { rows } = await db.query<{ at: string }>(
      'SELECT access_changed_at::text AS at FROM core.users WHERE id = 1',
    );
    return rows[0]?.at ?? '';
  };
  const before = await changedAt();
  await db.query('UPDATE core.users SET blocked_at = now() WHERE id = 1');
  expect((await usersNow())[0]?.status).toBe('blocked');
  expect(await changedAt()).not.toBe(before);
  await expect(db.query(`UPDATE core.users SET status = 'active' WHERE id = 1`)).rejects.toThrow();
});

it('keeps role_ids in step with link changes by any writer, without a new version', async () => {
  await db.exec(`
    INSERT INTO core.user_roles (user_id, role_id) VALUES (1, 2);
    UPDATE core.user_roles SET role_id = 1 WHERE user_id = 1;
  `);
  await db.exec('DELETE FROM core.user_roles WHERE user_id = 2');
  const rows = await usersNow();
  expect(rows.map((row) => [row.id, row.role_ids, row.version])).toEqual([
    [1, [1], 1],
    [2, [], 1],
  ]);
});
