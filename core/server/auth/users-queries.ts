import type { UserInfo as SharedUserInfo, UserListItem as SharedUserListItem } from '@core/shared/users';
import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import { EFFECTIVE_PERMISSIONS, ROLE_IDS, ROLE_NAMES } from './user-sql';

/** The wire types (core/shared/users.ts) as the queries build them, timestamps still `Date`s. */
export type UserListItem = SharedUserListItem<Date>;
export type UserInfo = SharedUserInfo<Date>;

// Drivers differ on bigint (PGlite: number, pg: string), so ids are read loosely and converted.
type DbId = string | number;

interface InfoRow extends Omit<UserInfo, 'id' | 'role_ids' | 'tg_user_id' | 'manager_id'> {
  readonly id: DbId;
  readonly role_ids: readonly DbId[];
  readonly tg_user_id: DbId | null;
  readonly manager_id: DbId | null;
}

const ADDITIONAL_PERMISSIONS = `COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name)
  FROM core.user_permissions up JOIN core.permissions p ON p.id = up.permission_id WHERE up.user_id = u.id AND p.offered), '[]'::json)`;

const LIST_COLUMNS = `u.id, u.username, u.email, u.status, ${ROLE_NAMES} AS roles, u.created_at, u.deleted_at`;

const INFO_COLUMNS = `${LIST_COLUMNS}, ${ROLE_IDS} AS role_ids, ${EFFECTIVE_PERMISSIONS} AS permissions,
  ${ADDITIONAL_PERMISSIONS} AS additional_permissions, u.sub, u.tg_user_id, u.tg_login, u.manager_id, u.mattermost_username`;

const nullableNumber = (value: DbId | null): number | null => (value === null ? null : Number(value));

function toInfo(row: InfoRow): UserInfo {
  return {
    ...row,
    id: Number(row.id),
    role_ids: row.role_ids.map(Number),
    tg_user_id: nullableNumber(row.tg_user_id),
    manager_id: nullableNumber(row.manager_id),
  };
}

/** Any user, soft-deleted ones included, so they can be shown and restored. */
export async function findUserInfo(db: Queryable, id: number): Promise<UserInfo | null> {
  const { rows } = await db.query<InfoRow>(`SELECT ${INFO_COLUMNS} FROM core.users u WHERE u.id = $1`, [id]);
  return rows[0] ? toInfo(rows[0]) : null;
}

export async function requireUserInfo(db: Queryable, id: number): Promise<UserInfo> {
  const info = await findUserInfo(db, id);
  if (!info) throw notFound('User');
  return info;
}

export async function userExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1', [id]);
  return rows.length > 0;
}
