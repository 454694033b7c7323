import type { ListPage } from '@core/shared/envelopes';
import {
  USER_SORTS,
  USER_STATUSES,
  type UserInfo as SharedUserInfo,
  type UserListItem as SharedUserListItem,
} from '@core/shared/users';
import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import { EFFECTIVE_PERMISSIONS, ROLE_IDS, ROLE_NAMES } from './user-sql';
import {
  containsCondition,
  containsPattern,
  listPage,
  MAX_SEARCH_LENGTH,
  PAGING_PROPERTIES,
  pageOffset,
  SqlParams,
  whereClause,
  type Paging,
} from './users-common';

export { USER_SORTS, USER_STATUSES };

export const DELETED_FILTERS = ['without', 'with', 'only'] as const;

export interface UserFilters {
  readonly q?: string;
  readonly status?: (typeof USER_STATUSES)[number];
  readonly role_id?: number;
  readonly deleted?: (typeof DELETED_FILTERS)[number];
  readonly sort?: (typeof USER_SORTS)[number];
}

/** Query properties of every users list (this one and a role's holders). */
export const USER_LIST_PROPERTIES = {
  ...PAGING_PROPERTIES,
  q: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
  status: { type: 'string', enum: USER_STATUSES },
  deleted: { type: 'string', enum: DELETED_FILTERS, default: 'without' },
  sort: { type: 'string', enum: USER_SORTS, default: 'created_at' },
} as const;

/** What a users list's query string holds once the schema applied its defaults. */
export type UserListQuery = Paging & Omit<UserFilters, 'role_id'>;

/** The wire types (core/shared/users.ts) as the queries build them, timestamps still `Date`s. */
export type UserListItem = SharedUserListItem<Date>;
export type UserInfo = SharedUserInfo<Date>;

// Drivers differ on bigint (PGlite: number, pg: string), so ids are read loosely and converted.
type DbId = string | number;

interface ListRow extends Omit<UserListItem, 'id'> {
  readonly id: DbId;
}

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

const ORDER_BY: Record<(typeof USER_SORTS)[number], string> = {
  created_at: 'u.created_at DESC, u.id DESC',
  username: 'lower(u.username), u.id',
};

const DELETED_CONDITION: Record<(typeof DELETED_FILTERS)[number], string | null> = {
  without: 'u.deleted_at IS NULL',
  with: null,
  only: 'u.deleted_at IS NOT NULL',
};

function filterConditions(filters: UserFilters, params: SqlParams): string[] {
  const conditions: string[] = [];
  const deleted = DELETED_CONDITION[filters.deleted ?? 'without'];
  if (deleted) conditions.push(deleted);
  if (filters.q) conditions.push(containsCondition(['u.username', 'u.email'], params.bind(containsPattern(filters.q))));
  if (filters.status) conditions.push(`u.status = ${params.bind(filters.status)}`);
  if (filters.role_id !== undefined) {
    conditions.push(
      `EXISTS (SELECT 1 FROM core.user_roles fr WHERE fr.user_id = u.id AND fr.role_id = ${params.bind(filters.role_id)})`,
    );
  }
  return conditions;
}

const toListItem = (row: ListRow): UserListItem => ({ ...row, id: Number(row.id) });

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

export async function listUsers(db: Queryable, filters: UserFilters, paging: Paging): Promise<ListPage<UserListItem>> {
  const params = new SqlParams();
  const where = whereClause(filterConditions(filters, params));
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM core.users u ${where}`,
    params.values,
  );
  const total = count.rows[0]?.total ?? 0;
  const limit = params.bind(paging.per_page);
  const offset = params.bind(pageOffset(paging));
  const { rows } = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM core.users u ${where} ORDER BY ${ORDER_BY[filters.sort ?? 'created_at']} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  );
  return listPage(rows.map(toListItem), total, paging);
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
