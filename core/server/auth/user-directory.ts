import type { SessionUser } from '@core/shared/session-user';
import type { Queryable } from '../database/database';

export type { SessionUser };

export interface UserAccount {
  readonly user: SessionUser;
  readonly permissionsVersion: number;
  readonly passwordHash: string;
}

export const SUPERADMIN_ROLE = 'superadmin';

interface AccountRow {
  id: string;
  username: string;
  email: string | null;
  status: string;
  password_hash: string;
  permissions_version: number;
  roles: string[];
  permissions: string[];
}

// The superadmin role holds every code in the catalogue; others hold their roles' and their own.
const ACCOUNT_SQL = `
  SELECT u.id, u.username, u.email, u.status, u.password_hash, u.permissions_version,
    COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM core.user_roles ur JOIN core.roles r ON r.id = ur.role_id
              WHERE ur.user_id = u.id), '{}') AS roles,
    COALESCE((SELECT array_agg(DISTINCT p.name ORDER BY p.name) FROM core.permissions p
              WHERE EXISTS (SELECT 1 FROM core.user_roles ur JOIN core.roles r ON r.id = ur.role_id
                            WHERE ur.user_id = u.id AND lower(r.name) = '${SUPERADMIN_ROLE}')
                 OR p.id IN (SELECT rp.permission_id FROM core.user_roles ur JOIN core.role_permissions rp ON rp.role_id = ur.role_id
                             WHERE ur.user_id = u.id)
                 OR p.id IN (SELECT up.permission_id FROM core.user_permissions up WHERE up.user_id = u.id)), '{}') AS permissions
  FROM core.users u`;

function toAccount(row: AccountRow): UserAccount {
  return {
    user: {
      id: Number(row.id),
      username: row.username,
      email: row.email,
      status: row.status,
      roles: row.roles,
      permissions: row.permissions,
    },
    permissionsVersion: row.permissions_version,
    passwordHash: row.password_hash,
  };
}

/** An account that may sign in: not deleted. Blocked accounts are returned so callers can say why. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<UserAccount | null> {
  const { rows } = await db.query<AccountRow>(
    `${ACCOUNT_SQL} WHERE lower(u.email) = lower($1) AND u.deleted_at IS NULL`,
    [email],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccountById(db: Queryable, id: number): Promise<UserAccount | null> {
  const { rows } = await db.query<AccountRow>(`${ACCOUNT_SQL} WHERE u.id = $1 AND u.deleted_at IS NULL`, [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}
