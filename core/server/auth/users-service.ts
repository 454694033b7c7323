import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import { callerId } from '../http/route-access';
import { SUPERADMIN_HOLDERS } from './roles-superadmin';

/*
 * What a plugin may know about staff accounts, so no plugin reads core.users itself. Every
 * function takes the Queryable to run on: a plugin passes its transaction to see (and lock) a
 * user in the same snapshot as its own write.
 */

/** A staff account as other areas refer to it. */
export interface UserRef {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
}

export interface UserLookup {
  /** Soft-deleted users are not found: nothing new is given to a deleted user. */
  readonly live?: boolean;
  /** Locks the user's row until the transaction ends (serialises writes about one user). */
  readonly lock?: boolean;
}

export interface UsersService {
  /** The user, or null; deleted users are found unless `live`. */
  find(db: Queryable, id: number, lookup?: UserLookup): Promise<UserRef | null>;
  /** The user, or 404 "User not found.". */
  require(db: Queryable, id: number, lookup?: UserLookup): Promise<UserRef>;
  /** Whether a user that is not deleted exists. */
  isLive(db: Queryable, id: number): Promise<boolean>;
  /** User names by id, for labels and pickers; ids with no user are absent. */
  labels(db: Queryable, ids: readonly number[]): Promise<Map<number, string>>;
  /** The signed-in caller's user id (routes with a permission requirement only). */
  callerOf(request: FastifyRequest): number;
  /** The oldest superadmin, the author of records nobody typed in (demo data); null when there is none. */
  firstSuperadmin(db: Queryable): Promise<number | null>;
}

interface UserRow {
  readonly id: string | number;
  readonly username: string;
  readonly email: string | null;
}

async function find(db: Queryable, id: number, lookup: UserLookup = {}): Promise<UserRef | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT id, username, email FROM core.users WHERE id = $1${lookup.live ? ' AND deleted_at IS NULL' : ''}${lookup.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), username: row.username, email: row.email } : null;
}

export const usersService: UsersService = {
  find,
  async require(db, id, lookup) {
    const user = await find(db, id, lookup);
    if (!user) throw notFound('User');
    return user;
  },
  async isLive(db, id) {
    const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1 AND deleted_at IS NULL', [id]);
    return rows.length > 0;
  },
  async labels(db, ids) {
    if (ids.length === 0) return new Map();
    const { rows } = await db.query<{ id: string | number; username: string }>('SELECT id, username FROM core.users WHERE id = ANY($1::bigint[])', [[...new Set(ids)]]);
    return new Map(rows.map((row) => [Number(row.id), row.username]));
  },
  callerOf: callerId,
  async firstSuperadmin(db) {
    const { rows } = await db.query<{ id: string | number }>(`SELECT min(user_id) AS id FROM (${SUPERADMIN_HOLDERS}) holders`);
    const id = rows[0]?.id;
    return id === null || id === undefined ? null : Number(id);
  },
};
