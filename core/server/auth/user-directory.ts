import type { SessionUser } from '@core/shared/session-user';
import type { Queryable } from '../database/database';
import { EFFECTIVE_PERMISSIONS, ROLE_NAMES } from './user-sql';

export type { SessionUser };

export interface UserAccount {
  readonly user: SessionUser;
  readonly permissionsVersion: number;
  readonly passwordHash: string;
}

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

const ACCOUNT_SQL = `
  SELECT u.id, u.username, u.email, u.status, u.password_hash, u.permissions_version,
    ${ROLE_NAMES} AS roles, ${EFFECTIVE_PERMISSIONS} AS permissions
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
