import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../database/database';
import { kernelService } from '../database/plugin-handle';
import { notFound } from '../http/api-error';
import { callerId } from '../http/route-access';
import { SUPERADMIN_HOLDERS } from './roles-superadmin';
import { ROLES_RESOURCE } from '@core/shared/resource/core-resources';
import { createRecordIn } from '../resource/mutations';
import { ROLE_HOOKS } from './account-resources';
import { applyLifecycle as applyUserLifecycle, insertUser, SYSTEM } from './users-store';

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

/** Which users `list` answers: live ones by default, matching `search` in user name or e-mail, a page at a time. */
export interface UserListQuery {
  /** Text the user name or e-mail contains, any letter case. */
  readonly search?: string;
  /** Deleted users too; live ones only by default. */
  readonly includeDeleted?: boolean;
  /** At most this many, 100 by default (and at most 1000). */
  readonly limit?: number;
  readonly offset?: number;
}

/** A staff account to create (demo data, an importer): its roles by name and codes beyond them. */
export interface NewStaff {
  readonly username: string;
  readonly email: string | null;
  readonly passwordHash: string;
  readonly sub?: string | null;
  readonly tgLogin?: string | null;
  readonly tgUserId?: number | null;
  readonly managerId?: number | null;
  readonly roles: readonly string[];
  readonly extraCodes?: readonly string[];
  readonly blocked?: boolean;
  readonly deleted?: boolean;
}

export interface UsersService {
  /** The user, or null; deleted users are found unless `live`. */
  find(db: Queryable, id: number, lookup?: UserLookup): Promise<UserRef | null>;
  /** The user with this e-mail (any letter case), deleted ones included, or null. */
  findByEmail(db: Queryable, email: string): Promise<UserRef | null>;
  /**
   * The user whose profile carries this messenger account id (Telegram's numeric user id, the only
   * messenger a profile names), or null.
   * Only accounts that may act are found: a deleted or blocked user is null, as at bot sign-in.
   */
  findByMessengerId(db: Queryable, messenger: 'telegram', id: number): Promise<UserRef | null>;
  /** The reverse: the messenger account id on the user's profile, or null (none, or a deleted or blocked user). */
  messengerIdOf(db: Queryable, messenger: 'telegram', userId: number): Promise<number | null>;
  /** The user, or 404 "User not found.". */
  require(db: Queryable, id: number, lookup?: UserLookup): Promise<UserRef>;
  /** Whether a user that is not deleted exists. */
  isLive(db: Queryable, id: number): Promise<boolean>;
  /** Users ordered by user name, then id: live ones unless asked, narrowed by `search`, a page of them. */
  list(db: Queryable, query?: UserListQuery): Promise<UserRef[]>;
  /** User names by id, for labels and pickers; ids with no user are absent. */
  labels(db: Queryable, ids: readonly number[]): Promise<Map<number, string>>;
  /** The signed-in caller's user id (routes with a permission requirement only). */
  callerOf(request: FastifyRequest): number;
  /** The oldest superadmin not deleted, the author of records nobody typed in (demo data); null when there is none. */
  firstSuperadmin(db: Queryable): Promise<number | null>;
  /** The role of that name (created when missing), granted `codes` of the catalogue besides what it has; its id. */
  ensureRole(db: Queryable, name: string, codes: readonly string[]): Promise<number>;
  /** Creates a staff account with its roles (which must exist) and extra codes; blocked or deleted when asked. Its id. */
  createStaff(db: Queryable, staff: NewStaff): Promise<number>;
}

interface UserRow {
  readonly id: string | number;
  readonly username: string;
  readonly email: string | null;
}

const userRef = (row: UserRow): UserRef => ({ id: Number(row.id), username: row.username, email: row.email });

async function find(db: Queryable, id: number, lookup: UserLookup = {}): Promise<UserRef | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT id, username, email FROM core.users WHERE id = $1${lookup.live ? ' AND deleted_at IS NULL' : ''}${lookup.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  return row ? userRef(row) : null;
}

// Plugins call it with their own handle or transaction: its statements run as the kernel's.
export const usersService: UsersService = kernelService({
  find,
  async findByEmail(db, email) {
    const { rows } = await db.query<UserRow>(
      'SELECT id, username, email FROM core.users WHERE lower(email) = lower($1) ORDER BY id LIMIT 1',
      [email],
    );
    const row = rows[0];
    return row ? userRef(row) : null;
  },
  async findByMessengerId(db, _messenger, id) {
    // The column is unique: one account at most.
    const { rows } = await db.query<UserRow>(
      `SELECT id, username, email FROM core.users WHERE tg_user_id = $1 AND deleted_at IS NULL AND status <> 'blocked'`,
      [id],
    );
    const row = rows[0];
    return row ? userRef(row) : null;
  },
  async messengerIdOf(db, _messenger, userId) {
    const { rows } = await db.query<{ tg_user_id: string | number | null }>(
      `SELECT tg_user_id FROM core.users WHERE id = $1 AND deleted_at IS NULL AND status <> 'blocked'`,
      [userId],
    );
    const id = rows[0]?.tg_user_id;
    return id === null || id === undefined ? null : Number(id);
  },
  async require(db, id, lookup) {
    const user = await find(db, id, lookup);
    if (!user) throw notFound('User');
    return user;
  },
  async isLive(db, id) {
    const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1 AND deleted_at IS NULL', [id]);
    return rows.length > 0;
  },
  async list(db, query = {}) {
    const search = query.search?.trim() ?? '';
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const { rows } = await db.query<UserRow>(
      `SELECT id, username, email FROM core.users
        WHERE ($1::boolean OR deleted_at IS NULL) AND ($2 = '' OR username ILIKE $3 OR email ILIKE $3)
        ORDER BY lower(username), id LIMIT $4 OFFSET $5`,
      [
        query.includeDeleted === true,
        search,
        pattern,
        Math.min(Math.max(query.limit ?? 100, 0), 1000),
        Math.max(query.offset ?? 0, 0),
      ],
    );
    return rows.map(userRef);
  },
  async labels(db, ids) {
    if (ids.length === 0) return new Map();
    const { rows } = await db.query<{ id: string | number; username: string }>(
      'SELECT id, username FROM core.users WHERE id = ANY($1::bigint[])',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [Number(row.id), row.username]));
  },
  callerOf: callerId,
  async firstSuperadmin(db) {
    const { rows } = await db.query<{ id: string | number }>(
      `SELECT min(h.user_id) AS id FROM (${SUPERADMIN_HOLDERS}) h JOIN core.users u ON u.id = h.user_id WHERE u.deleted_at IS NULL`,
    );
    const id = rows[0]?.id;
    return id === null || id === undefined ? null : Number(id);
  },
  async ensureRole(db, name, codes) {
    const { rows } = await db.query<{ id: string | number }>(
      'SELECT id FROM core.roles WHERE lower(name) = lower($1)',
      [name],
    );
    const id = rows[0]
      ? Number(rows[0].id)
      : (await createRecordIn(db, ROLES_RESOURCE, { name }, SYSTEM, ROLE_HOOKS)).id;
    await db.query(
      `INSERT INTO core.role_permissions (role_id, permission_id)
       SELECT $1, id FROM core.permissions WHERE name = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, codes],
    );
    return id;
  },
  async createStaff(db, staff) {
    const roles = await db.query<{ id: string | number }>(
      'SELECT id FROM core.roles WHERE lower(name) = ANY($1::text[])',
      [staff.roles.map((role) => role.toLowerCase())],
    );
    const id = await insertUser(
      db,
      {
        username: staff.username,
        email: staff.email,
        sub: staff.sub ?? null,
        tg_login: staff.tgLogin ?? null,
        tg_user_id: staff.tgUserId ?? null,
        manager_id: staff.managerId ?? null,
      },
      { passwordHash: staff.passwordHash, roles: roles.rows.map((row) => Number(row.id)) },
    );
    await db.query(
      `INSERT INTO core.user_permissions (user_id, permission_id) SELECT $1, id FROM core.permissions WHERE name = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, staff.extraCodes ?? []],
    );
    if (staff.blocked) await applyUserLifecycle(db, id, 'block');
    if (staff.deleted) await applyUserLifecycle(db, id, 'delete');
    return id;
  },
});
