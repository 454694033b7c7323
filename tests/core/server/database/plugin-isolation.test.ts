import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { PgliteDatabase } from '@core/server/database/pglite-database';
import { asKernel } from '@core/server/database/plugin-handle';
import { ensurePluginRole, pluginRoleName } from '@core/server/database/plugin-roles';
import { RefusedStatementError } from '@core/server/database/statement-guard';
import { defineServerPlugin } from '@core/server/plugin';
import { buildServer, DB_TIMEOUT, freshDatabase, mintToken, bearer } from '@core/sdk/testing';
import type { PluginManifest } from '@core/shared/manifest';

/*
 * A plugin's database handle sees its own schema only (issue 31 point 3), on PGlite and, under
 * scripts/with-postgres.mjs, on PostgreSQL: core's tables are refused, the role cannot be changed
 * back, and the role never outlives the plugin's transaction.
 */
const manifest: PluginManifest = {
  id: 'vault',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'vault:title',
  service: 'vault',
  dependencies: [],
  namespaces: ['vault'],
  pages: [],
};

let handle: Database;

const vault = defineServerPlugin({
  manifest,
  migrations: [{ name: '0001_notes', sql: 'CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)' }],
  register(app, context) {
    handle = context.db;
    const config = { access: { signedIn: true } } as const;
    app.post<{ Body: { sql: string } }>('/run', { config }, async (request) => {
      const { rows } = await context.db.query(request.body.sql);
      return { data: rows };
    });
  },
});

let db: Database;
let app: FastifyInstance;
const token = mintToken([]);

beforeAll(async () => {
  db = await freshDatabase([vault]);
  app = await buildServer({ db, plugins: [vault] });
}, DB_TIMEOUT);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

function run(sql: string) {
  return app.inject({ method: 'POST', url: '/api/vault/run', headers: bearer(token), payload: { sql } });
}

describe("a plugin's database handle", () => {
  it("reads and writes the plugin's own tables", async () => {
    expect((await run("INSERT INTO vault.notes (text) VALUES ('kept') RETURNING text")).json()).toEqual({ data: [{ text: 'kept' }] });
    expect((await run('SELECT text FROM vault.notes')).json()).toEqual({ data: [{ text: 'kept' }] });
  });

  it("is refused core's users", async () => {
    const response = await run('select email from core.users');
    expect(response.statusCode).toBe(500);
    await expect(handle.query('select email from core.users')).rejects.toThrow(/permission denied for schema core/);
    await expect(handle.transaction((tx) => tx.query('select email from core.users'))).rejects.toThrow(/permission denied/);
  });

  it('refuses statements that would give the role back', async () => {
    for (const sql of [
      'reset role; select email from core.users',
      'SET ROLE NONE',
      'set local role postgres',
      'RESET ALL',
      'SET SESSION AUTHORIZATION DEFAULT',
      "select set_config('role', 'none', true)",
      'select set_config($1, $2, true)',
      'COMMIT',
      'rollback',
      'begin; select 1',
      'DISCARD ALL',
    ]) {
      await expect(handle.query(sql), sql).rejects.toThrow(RefusedStatementError);
    }
    expect((await run('reset role; select email from core.users')).statusCode).toBe(500);
    // Words in data and other settings are not statements.
    await expect(handle.query("SELECT 'reset role' AS text, set_config('search_path', 'vault', true)")).resolves.toBeDefined();
  });

  it('leaves the kernel its rights after a plugin transaction, and kernel work inside one runs as the kernel', async () => {
    await expect(handle.query('select email from core.users')).rejects.toThrow();
    const after = await db.query<{ email: string }>('select email from core.users order by id limit 1');
    expect(after.rows).toHaveLength(1);
    const both = await handle.transaction(async (tx) => {
      const own = await tx.query<{ count: string }>('SELECT count(*) FROM vault.notes');
      const kernel = await asKernel(tx).query<{ email: string }>('select email from core.users order by id limit 1');
      const ownAgain = await tx.query<{ count: string }>('SELECT count(*) FROM vault.notes');
      return [own.rows.length, kernel.rows.length, ownAgain.rows.length];
    });
    expect(both).toEqual([1, 1, 1]);
    // Back to the plugin's role after the kernel's statement: core is refused again.
    await expect(
      handle.transaction(async (tx) => {
        await asKernel(tx).query('SELECT 1 FROM core.users LIMIT 1');
        return tx.query('select email from core.users');
      }),
    ).rejects.toThrow(/permission denied/);
    const roles = await db.query<{ role: string }>('SELECT current_user::text AS role');
    expect(roles.rows[0]?.role).not.toMatch(/_vault$/);
  });
});

describe('plugin roles', () => {
  it('are named <database>_<schema>, at most 63 characters, distinct for long names', () => {
    expect(pluginRoleName('erp', 'shop')).toBe('erp_shop');
    expect(pluginRoleName('ERP-Prod', 'shop')).toBe('erp_prod_shop');
    const long = pluginRoleName('a'.repeat(70), 'messenger');
    expect(long).toHaveLength(63);
    expect(long.endsWith('_messenger')).toBe(true);
    expect(pluginRoleName(`${'a'.repeat(69)}b`, 'messenger')).not.toBe(long);
  });

  it('need a server user that may create roles, and say so in one line', async () => {
    const bare = await PgliteDatabase.open(undefined);
    try {
      await bare.exec('CREATE ROLE erp_user NOLOGIN; CREATE SCHEMA erp_meta; SET ROLE erp_user');
      const refusal = await ensurePluginRole(bare, 'vault').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseOpenError);
      expect((refusal as Error).message).toBe(
        'the database user "erp_user" may not create roles, and each plugin\'s data is kept under a role of its own: grant it CREATEROLE (ALTER ROLE erp_user CREATEROLE)',
      );
    } finally {
      await bare.close();
    }
  }, DB_TIMEOUT);
});
