import { randomBytes } from 'node:crypto';
import type { PluginManifest } from '@core/shared/manifest';
import type { PermissionCatalogue } from '@core/shared/permission-catalogue';
import type { Database } from '../database/database';
import { MIGRATION_LOCK } from '../database/migrator';
import { hashPassword } from './passwords';
import { bumpPermissionHolders } from './permissions-versions';
import { ROLES_RESOURCE } from '@core/shared/resource/core-resources';
import { createRecordIn } from '../resource/mutations';
import { ROLE_HOOKS } from './account-resources';
import { isSuperadminRole, SUPERADMIN_ROLE } from './roles-superadmin';
import { insertUser, SYSTEM } from './users-store';

export interface AdminSeed {
  readonly email: string | undefined;
  readonly password: string | undefined;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Adds the catalogue's codes that are missing (the superadmin holds every code there); never changes
 * what admins edited. Each code remembers the plugin that declares it, and a code of a plugin that no
 * longer runs is offered nowhere, while the roles and users granted it keep the grant for the day the
 * plugin runs again. Whoever held a code that came or went must read their codes again. `known` are
 * the plugins the host could run besides: a code seeded before codes remembered their plugin is
 * claimed for its plugin, so one disabled since then is known as disabled. The stored description is
 * the English one: screens show the declared text in the reader's language while it is unedited.
 */
export async function seedPermissionCatalogue(
  db: Database,
  catalogue: PermissionCatalogue,
  known: readonly PluginManifest[] = [],
): Promise<void> {
  for (const entry of catalogue.entries) {
    await db.query(
      `INSERT INTO core.permissions (name, description, service, plugin) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET plugin = EXCLUDED.plugin WHERE core.permissions.plugin IS DISTINCT FROM EXCLUDED.plugin`,
      [entry.code, entry.description.en, entry.service, entry.plugin],
    );
  }
  const claims = known.flatMap((manifest) =>
    (manifest.permissions ?? []).map((permission) => [permission.code, manifest.id] as const),
  );
  await db.query(
    `UPDATE core.permissions p SET plugin = k.plugin FROM unnest($1::text[], $2::text[]) AS k(code, plugin)
     WHERE p.name = k.code AND p.plugin IS NULL`,
    [claims.map(([code]) => code), claims.map(([, plugin]) => plugin)],
  );
  const { rows } = await db.query<{ id: string }>(
    `UPDATE core.permissions SET offered = NOT offered
     WHERE offered <> (plugin IS NULL OR plugin = ANY($1::text[])) RETURNING id`,
    [catalogue.plugins],
  );
  for (const row of rows) await bumpPermissionHolders(db, Number(row.id));
}

/**
 * On the first start (no users at all) creates the superadmin. Returns the generated password
 * when none was configured, so the caller can print it once; null otherwise.
 */
export async function seedSuperadmin(
  db: Database,
  seed: AdminSeed,
): Promise<{ email: string; password: string } | null> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM core.users');
  if (Number(rows[0]?.count ?? 0) > 0) return null;
  const email = seed.email ?? DEFAULT_ADMIN_EMAIL;
  const password = seed.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Copies starting together on one database each saw no users: the first to take the lock creates the superadmin.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const again = await tx.query<{ count: string }>('SELECT count(*) AS count FROM core.users');
    if (Number(again.rows[0]?.count ?? 0) > 0) return false;
    // Through the writer like every other account, with no actor: its history starts with its creation.
    const role = await tx.query<{ id: string }>(`SELECT r.id FROM core.roles r WHERE ${isSuperadminRole('r')}`);
    const roleId = role.rows[0]
      ? Number(role.rows[0].id)
      : (await createRecordIn(tx, ROLES_RESOURCE, { name: SUPERADMIN_ROLE }, SYSTEM, ROLE_HOOKS)).id;
    await insertUser(tx, { username: 'admin', email }, { passwordHash: hash, roles: [roleId] });
    return true;
  });
  return created && !seed.password ? { email, password } : null;
}
