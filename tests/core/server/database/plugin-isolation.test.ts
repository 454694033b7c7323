import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { migrate } from '@core/server/database/migrator';
import { PostgresDatabase } from '@core/server/database/postgres-database';
import { asKernel, pluginDatabase } from '@core/server/database/plugin-handle';
import { ensurePluginRole, pluginRoleName } from '@core/server/database/plugin-roles';
import { RefusedStatementError } from '@core/server/database/statement-guard';
import { defineServerPlugin } from '@core/server/plugin';
import type { PluginManifest } from '@core/shared/manifest';
import { bearer, buildServer, DB_TIMEOUT, freshDatabase, mintToken } from '../../../support/server/test-database';

/*
 * A plugin's database handle sees its own schema only, so one plugin cannot read or spoil another's
 * data. On PGlite and, under scripts/with-postgres.mjs, on PostgreSQL: core's tables are refused,
 * the role cannot be changed back, and the role never outlives the plugin's transaction.
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

/** Set when the suite runs on PostgreSQL (scripts/with-postgres.mjs); PGlite otherwise. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

let handle: Database;

const vault = defineServerPlugin({
  manifest,
  migrations: [
    {
      name: '0001_notes',
      sql: 'CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL); CREATE TABLE keys (id serial PRIMARY KEY, key text)',
    },
  ],
  sharedViews: ['notes'],
  register(app, context) {
    handle = context.db;
    const config = { access: { signedIn: true } } as const;
    const body = { type: 'object', required: ['sql'], properties: { sql: { type: 'string' } } };
    app.post<{ Body: { sql: string } }>('/run', { config, schema: { body } }, async (request) => {
      const { rows } = await context.db.query(request.body.sql);
      return { data: rows };
    });
  },
});

// Depends on the vault, so it reads the notes the vault shares, and nothing else of the vault's.
const reader = defineServerPlugin({
  manifest: {
    ...manifest,
    id: 'reader',
    service: 'reader',
    titleKey: 'reader:title',
    namespaces: ['reader'],
    dependencies: ['vault'],
  },
  migrations: [],
  register() {},
});

let db: Database;
let app: FastifyInstance;
const token = mintToken([]);

beforeAll(async () => {
  // The run's shared template, with the test plugin's schema migrated on top: no template of its own to build.
  db = await freshDatabase();
  await migrate(db, [
    { owner: 'vault', migrations: vault.migrations },
    { owner: 'reader', migrations: reader.migrations },
  ]);
  app = await buildServer({ db, plugins: [vault, reader] });
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
    expect((await run("INSERT INTO vault.notes (text) VALUES ('kept') RETURNING text")).json()).toEqual({
      data: [{ text: 'kept' }],
    });
    expect((await run('SELECT text FROM vault.notes')).json()).toEqual({ data: [{ text: 'kept' }] });
  });

  it("is refused core's users", async () => {
    const response = await run('select email from core.users');
    expect(response.statusCode).toBe(500);
    await expect(handle.query('select email from core.users')).rejects.toThrow(/permission denied for schema core/);
    await expect(handle.transaction((tx) => tx.query('select email from core.users'))).rejects.toThrow(
      /permission denied/,
    );
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
    await expect(
      handle.query("SELECT 'reset role' AS text, set_config('search_path', 'vault', true)"),
    ).resolves.toBeDefined();
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

describe('shared views', () => {
  it('let a dependant read what its dependency shares, and nothing else of it', async () => {
    const readerDb = pluginDatabase(db, 'reader');
    await expect(readerDb.query('SELECT text FROM vault.notes')).resolves.toBeDefined();
    await expect(readerDb.query("INSERT INTO vault.notes (text) VALUES ('mine')")).rejects.toThrow(/permission denied/);
    await expect(readerDb.query('SELECT key FROM vault.keys')).rejects.toThrow(/permission denied/);
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

  // PGlite's one connection: a session role there is the whole database's until reset.
  it.skipIf(POSTGRES_URL)('need a server user that may create roles, and say so in one line (PGlite)', async () => {
    await db.exec('CREATE ROLE erp_user NOLOGIN; SET ROLE erp_user');
    try {
      const refusal = await ensurePluginRole(db, 'vault').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseOpenError);
      expect((refusal as Error).message).toBe(
        'the database user "erp_user" may not create roles, and each plugin\'s data is kept under a role of its own: grant it CREATEROLE (ALTER ROLE erp_user CREATEROLE)',
      );
    } finally {
      await db.exec('RESET ROLE');
    }
  });
});

/** Runs `sql` on the PostgreSQL server as the test run's (super)user. */
async function asServerAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.runIf(POSTGRES_URL)('on PostgreSQL, a server user that is no superuser', () => {
  const name = `erp_roles_${randomBytes(4).toString('hex')}`;
  const urlAs = (user: string): string => {
    const url = new URL(POSTGRES_URL ?? '');
    url.username = user;
    url.password = 'user-password-1';
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    await asServerAdmin(`CREATE ROLE ${name}_app LOGIN CREATEROLE PASSWORD 'user-password-1'`);
    await asServerAdmin(`CREATE ROLE ${name}_bare LOGIN PASSWORD 'user-password-1'`);
    await asServerAdmin(`CREATE DATABASE ${name} OWNER ${name}_app`);
  });
  afterAll(async () => {
    await asServerAdmin(`DROP DATABASE IF EXISTS ${name}`);
    await asServerAdmin(`DROP ROLE IF EXISTS ${name}_vault, ${name}_app, ${name}_bare`);
  });

  it('makes the plugin roles with CREATEROLE and confines the handle to its schema', async () => {
    const server = await PostgresDatabase.open(urlAs(`${name}_app`));
    try {
      await migrate(server, [{ owner: 'vault', migrations: vault.migrations }]);
      const vaultDb = pluginDatabase(server, 'vault');
      await vaultDb.query("INSERT INTO vault.notes (text) VALUES ('kept')");
      expect((await vaultDb.query('SELECT text FROM vault.notes')).rows).toEqual([{ text: 'kept' }]);
      await expect(vaultDb.query('SELECT owner FROM erp_meta.migrations')).rejects.toThrow(/permission denied/);
      expect((await server.query('SELECT count(*)::int AS count FROM erp_meta.migrations')).rows).toEqual([
        { count: 1 },
      ]);
    } finally {
      await server.close();
    }
  });

  it('stops start-up without CREATEROLE, saying so in one line', async () => {
    const server = await PostgresDatabase.open(urlAs(`${name}_bare`));
    try {
      await expect(ensurePluginRole(server, 'other')).rejects.toThrow(
        `the database user "${name}_bare" may not create roles, and each plugin's data is kept under a role of its own: grant it CREATEROLE (ALTER ROLE ${name}_bare CREATEROLE)`,
      );
    } finally {
      await server.close();
    }
  });
});
