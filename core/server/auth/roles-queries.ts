import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import type { RoleItem } from '@core/shared/users';

export type { RoleItem };

const COLUMNS = `r.id, r.name,
  (SELECT count(*) FROM core.user_roles ur WHERE ur.role_id = r.id)::int AS users_count,
  (SELECT count(*) FROM core.role_permissions rp JOIN core.permissions p ON p.id = rp.permission_id
    WHERE rp.role_id = r.id AND p.offered)::int AS permissions_count`;

type RoleRow = Omit<RoleItem, 'id'> & { readonly id: string };

const toItem = (row: RoleRow): RoleItem => ({
  id: Number(row.id),
  name: row.name,
  users_count: row.users_count,
  permissions_count: row.permissions_count,
});

export async function listRoles(db: Queryable): Promise<RoleItem[]> {
  const { rows } = await db.query<RoleRow>(`SELECT ${COLUMNS} FROM core.roles r ORDER BY lower(r.name), r.id`);
  return rows.map(toItem);
}

export async function requireRole(db: Queryable, id: number): Promise<RoleItem> {
  const { rows } = await db.query<RoleRow>(`SELECT ${COLUMNS} FROM core.roles r WHERE r.id = $1`, [id]);
  if (!rows[0]) throw notFound('Role');
  return toItem(rows[0]);
}

/**
 * The role, locked for the rest of the transaction: assigning it to a user takes a key-share
 * lock on this row, so no holder can appear while it is renamed or deleted.
 */
export async function lockRole(db: Queryable, id: number): Promise<RoleItem> {
  const { rows } = await db.query<RoleRow>(`SELECT ${COLUMNS} FROM core.roles r WHERE r.id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw notFound('Role');
  return toItem(rows[0]);
}
