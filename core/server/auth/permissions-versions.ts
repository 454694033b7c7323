import type { Queryable } from '../database/database';
import { SUPERADMIN_HOLDERS } from './roles-superadmin';

/*
 * A user's permissions version moves whenever their effective codes may have changed: every server
 * copy's revocation cache then refuses their older access tokens within seconds, the refresh that
 * follows answers `is_reload: true` and the browser reads the user again.
 */

const ROLE_HOLDERS = 'SELECT hr.user_id FROM core.user_roles hr WHERE hr.role_id = $1';

/** Everyone whose effective codes include permission $1: via a role, directly, or as superadmin. */
const PERMISSION_HOLDERS = `SELECT hr.user_id FROM core.user_roles hr JOIN core.role_permissions hp ON hp.role_id = hr.role_id
    WHERE hp.permission_id = $1
  UNION SELECT hu.user_id FROM core.user_permissions hu WHERE hu.permission_id = $1
  UNION ${SUPERADMIN_HOLDERS}`;

async function bump(db: Queryable, holders: string, params: readonly unknown[]): Promise<void> {
  await db.query(
    `UPDATE core.users SET permissions_version = permissions_version + 1 WHERE id IN (${holders})`,
    params,
  );
}

export const bumpUser = (db: Queryable, userId: number): Promise<void> => bump(db, 'SELECT $1::bigint', [userId]);
export const bumpRoleHolders = (db: Queryable, roleId: number): Promise<void> => bump(db, ROLE_HOLDERS, [roleId]);
export const bumpPermissionHolders = (db: Queryable, permissionId: number): Promise<void> =>
  bump(db, PERMISSION_HOLDERS, [permissionId]);
/** A new catalogue code reaches superadmins at once. */
export const bumpSuperadmins = (db: Queryable): Promise<void> => bump(db, SUPERADMIN_HOLDERS, []);
