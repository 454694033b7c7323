import { createHash } from 'node:crypto';
import type { Database, Queryable } from './database';
import { DatabaseOpenError } from './database-open-error';
import { pluginSchema } from './plugin-handle';
import { quoteIdentifier } from './sql';

/*
 * Each plugin's role in this database: it has every right on the plugin's schema (its tables,
 * sequences, and those made later) and on nothing else, so a plugin's handle (plugin-handle.ts)
 * sees its own data only. PostgreSQL roles belong to the whole server, not to a database, so a
 * role is named `<database>_<schema>`; the name is recorded in erp_meta.plugin_roles when the
 * role is made, so a database copied from a template (the tests') keeps using the template's
 * roles, whose grants the copy holds. Ensured at every start, after the plugin's migrations.
 */

// Serialises role making across server copies starting together (a role belongs to the whole server).
const ROLE_LOCK = 727_274_102;
const MAX_IDENTIFIER = 63;

/** `<database>_<schema>` as a plain identifier of at most 63 characters. */
export function pluginRoleName(database: string, schema: string): string {
  const prefix = database
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/^(?=[^a-z_])/, '_');
  const name = `${prefix}_${schema}`;
  if (name.length <= MAX_IDENTIFIER) return name;
  // A long database name keeps its start and a hash of the whole, so two long names stay apart.
  const hash = createHash('sha256').update(database).digest('hex').slice(0, 8);
  return `${prefix.slice(0, MAX_IDENTIFIER - schema.length - hash.length - 2)}_${hash}_${schema}`;
}

export const PLUGIN_ROLES_TABLE = `CREATE TABLE IF NOT EXISTS erp_meta.plugin_roles (
  schema text PRIMARY KEY,
  role text NOT NULL UNIQUE
)`;

interface Privileges {
  readonly user: string;
  readonly may: boolean;
}

async function recordedRole(tx: Queryable, schema: string): Promise<string> {
  const recorded = await tx.query<{ role: string }>('SELECT role FROM erp_meta.plugin_roles WHERE schema = $1', [
    schema,
  ]);
  const role = recorded.rows[0]?.role;
  if (role !== undefined) return role;
  const { rows } = await tx.query<{ database: string }>('SELECT current_database() AS database');
  const name = pluginRoleName(rows[0]?.database ?? '', schema);
  await tx.query('INSERT INTO erp_meta.plugin_roles (schema, role) VALUES ($1, $2)', [schema, name]);
  return name;
}

/**
 * Makes the role of the plugin owning `schema` if it is missing, and grants it the schema. Safe to
 * run at every start: every statement is idempotent. The server's user needs CREATEROLE (or to be
 * a superuser, as PGlite's is); without it this stops start-up with one line saying so.
 */
export async function ensurePluginRole(db: Database, schema: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLE_LOCK]);
    const { rows } = await tx.query<Privileges>(
      'SELECT current_user AS user, rolsuper OR rolcreaterole AS may FROM pg_roles WHERE rolname = current_user',
    );
    const privileges = rows[0];
    if (!privileges?.may) {
      const user = privileges?.user ?? 'the server';
      throw new DatabaseOpenError(
        `the database user "${user}" may not create roles, and each plugin's data is kept under a role of its own: grant it CREATEROLE (ALTER ROLE ${user} CREATEROLE)`,
      );
    }
    const name = await recordedRole(tx, schema);
    const role = quoteIdentifier(name);
    const exists = await tx.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
    if (exists.rows.length === 0) await tx.query(`CREATE ROLE ${role} NOLOGIN`);
    // Membership lets the server's user SET ROLE to it; a CREATEROLE user is not a member by making it.
    const member = await tx.query<{ member: boolean }>(`SELECT pg_has_role(current_user, $1, 'MEMBER') AS member`, [
      name,
    ]);
    if (member.rows[0]?.member !== true) await tx.query(`GRANT ${role} TO CURRENT_USER`);
    const owned = quoteIdentifier(schema);
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS ${owned};
      GRANT USAGE, CREATE ON SCHEMA ${owned} TO ${role};
      GRANT ALL ON ALL TABLES IN SCHEMA ${owned} TO ${role};
      GRANT ALL ON ALL SEQUENCES IN SCHEMA ${owned} TO ${role};
      ALTER DEFAULT PRIVILEGES IN SCHEMA ${owned} GRANT ALL ON TABLES TO ${role};
      ALTER DEFAULT PRIVILEGES IN SCHEMA ${owned} GRANT ALL ON SEQUENCES TO ${role};
    `);
  });
}

/** What the host knows of a plugin for sharing: its id, those it depends on, and what it shares with its dependants. */
export interface SharingPlugin {
  readonly manifest: {
    readonly id: string;
    readonly dependencies: readonly string[];
    readonly optionalDependencies?: readonly string[];
  };
  /** Views (or tables) of the plugin's schema its dependants may read: SELECT only. */
  readonly sharedViews?: readonly string[];
}

/**
 * Grants each plugin's roles SELECT on the shared views of the plugins it depends on (required or
 * optional), and nothing else of theirs. Idempotent; costs nothing while no plugin shares a view.
 */
export async function grantSharedViews(db: Database, plugins: readonly SharingPlugin[]): Promise<void> {
  const grants = plugins.flatMap((owner) =>
    (owner.sharedViews ?? []).length === 0
      ? []
      : plugins
          .filter(({ manifest }) =>
            [...manifest.dependencies, ...(manifest.optionalDependencies ?? [])].includes(owner.manifest.id),
          )
          .map((reader) => ({
            owner: pluginSchema(owner.manifest.id),
            reader: pluginSchema(reader.manifest.id),
            views: owner.sharedViews ?? [],
          })),
  );
  if (grants.length === 0) return;
  await db.transaction(async (tx) => {
    // Two copies granting on one view at once fail with "tuple concurrently updated": one at a time.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLE_LOCK]);
    const { rows } = await tx.query<{ schema: string; role: string }>(
      'SELECT schema, role FROM erp_meta.plugin_roles WHERE schema = ANY($1)',
      [grants.map((grant) => grant.reader)],
    );
    const roles = new Map(rows.map((row) => [row.schema, row.role]));
    const statements = grants.flatMap(({ owner, reader, views }) => {
      const role = roles.get(reader);
      if (role === undefined) return [];
      const grantee = quoteIdentifier(role);
      return [
        `GRANT USAGE ON SCHEMA ${quoteIdentifier(owner)} TO ${grantee}`,
        ...views.map((view) => `GRANT SELECT ON ${quoteIdentifier(owner)}.${quoteIdentifier(view)} TO ${grantee}`),
      ];
    });
    if (statements.length > 0) await tx.exec(statements.join(';\n'));
  });
}
