import type { Queryable } from '../database/database';
import { revokeUserRefreshTokens } from './refresh-tokens';
import { assignments, SqlParams } from './users-common';

/** The users columns an administrator writes; the keys are column names. */
export interface UserColumns {
  readonly username?: string;
  /** Null: none (a user who signs in through the messenger bot). */
  readonly email?: string | null;
  readonly sub?: string | null;
  readonly tg_user_id?: number | null;
  readonly tg_login?: string | null;
  readonly manager_id?: number | null;
  readonly password_hash?: string;
}

export type NewUserColumns = UserColumns & Required<Pick<UserColumns, 'username' | 'email' | 'password_hash'>>;

// Column names come from this list only, never from a request, even though they are spliced into SQL.
const WRITABLE = ['username', 'email', 'sub', 'tg_user_id', 'tg_login', 'manager_id', 'password_hash'] as const;

function given(columns: UserColumns): (typeof WRITABLE)[number][] {
  return WRITABLE.filter((column) => columns[column] !== undefined);
}

export async function insertUser(db: Queryable, columns: NewUserColumns): Promise<number> {
  const names = given(columns);
  const params = new SqlParams();
  const values = names.map((name) => params.bind(columns[name]));
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO core.users (${names.join(', ')}) VALUES (${values.join(', ')}) RETURNING id`,
    params.values,
  );
  if (!rows[0]) throw new Error('insert returned no row');
  return Number(rows[0].id);
}

/** Writes the given columns; false when there is no such user. */
export async function updateUser(db: Queryable, id: number, columns: UserColumns): Promise<boolean> {
  const params = new SqlParams();
  const where = params.bind(id);
  const sets = assignments(WRITABLE, columns, params);
  const { affectedRows } = await db.query(
    `UPDATE core.users SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = ${where}`,
    params.values,
  );
  return affectedRows > 0;
}

export type LifecycleAction = 'delete' | 'restore' | 'block' | 'unblock';

const LIFECYCLE: Record<LifecycleAction, { readonly set: string; readonly endsSessions: boolean }> = {
  // Deleting again keeps the first deletion time.
  delete: { set: 'deleted_at = COALESCE(deleted_at, now())', endsSessions: true },
  restore: { set: 'deleted_at = NULL', endsSessions: false },
  block: { set: "status = 'blocked'", endsSessions: true },
  unblock: { set: "status = 'active'", endsSessions: false },
};

/**
 * Applies the action; false when there is no such user. Deleting or blocking revokes every
 * refresh token, and every server copy's revocation cache refuses the access tokens within seconds.
 */
export async function applyLifecycle(db: Queryable, id: number, action: LifecycleAction): Promise<boolean> {
  const { set, endsSessions } = LIFECYCLE[action];
  const { affectedRows } = await db.query(`UPDATE core.users SET ${set}, updated_at = now() WHERE id = $1`, [id]);
  if (affectedRows > 0 && endsSessions) await revokeUserRefreshTokens(db, id);
  return affectedRows > 0;
}
