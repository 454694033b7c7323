import type { Database } from './database';
import { pluginSchema } from './plugin-handle';
import { ensurePluginRole, PLUGIN_ROLES_TABLE } from './plugin-roles';

export interface Migration {
  /** `NNNN_name`, applied in name order. */
  readonly name: string;
  readonly sql: string;
}

export interface MigrationSet {
  /** The owner (a plugin id, or `core`); also the Postgres schema its tables live in. */
  readonly owner: string;
  readonly migrations: readonly Migration[];
}

/** The owner of the kernel's own migrations, whose schema no plugin role reaches. */
const KERNEL_OWNER = 'core';
const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;
// One lock for every migrating server copy (and the resource table sync), so two copies starting together never race.
export const MIGRATION_LOCK = 727_274_101;

/**
 * Applies each owner's pending migrations in its own schema, each in a transaction, and records
 * them per owner; ensures each plugin owner's role (plugin-roles.ts). Returns the names applied.
 */
export async function migrate(db: Database, sets: readonly MigrationSet[]): Promise<string[]> {
  await db.transaction(async (tx) => {
    // IF NOT EXISTS alone still races when two copies start at once; the lock serialises them.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS erp_meta`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS erp_meta.migrations (
         owner text NOT NULL,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (owner, name)
       )`,
    );
    await tx.query(PLUGIN_ROLES_TABLE);
  });
  const applied: string[] = [];
  for (const set of sets) {
    const schema = pluginSchema(set.owner);
    if (!SCHEMA_NAME.test(schema)) throw new Error(`"${set.owner}" cannot name a database schema`);
    const ordered = [...set.migrations].sort((a, b) => a.name.localeCompare(b.name));
    for (const migration of ordered) {
      const done = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const seen = await tx.query('SELECT 1 FROM erp_meta.migrations WHERE owner = $1 AND name = $2', [
          set.owner,
          migration.name,
        ]);
        if (seen.rows.length > 0) return false;
        await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await tx.query(`SET LOCAL search_path TO ${schema}, public`);
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO erp_meta.migrations (owner, name) VALUES ($1, $2)', [set.owner, migration.name]);
        return true;
      });
      if (done) applied.push(`${set.owner}/${migration.name}`);
    }
    // Migrations run as the kernel (a plugin's tables may point at core's); the plugin's handle then runs as its role.
    if (set.owner !== KERNEL_OWNER) await ensurePluginRole(db, schema);
  }
  return applied;
}
