import type { Queryable } from '../database/database';
import { sqlState, UNIQUE_VIOLATION, violatedConstraint } from '../database/sql';
import { validationError } from '../http/api-error';

/**
 * Values that must be unique, each with the query that finds a clash, the index that enforces it
 * (0001_auth.sql, named as the engine names a resource's in 0015) and the field the caller sees. Soft-deleted rows still hold their values:
 * the indexes cover them, and a restore must not collide.
 */
const UNIQUE = {
  username: {
    clash: 'SELECT 1 FROM core.users WHERE lower(username) = lower($1) AND id <> $2',
    index: 'users__username__live_key',
    field: 'username',
    message: 'The username has already been taken.',
  },
  email: {
    clash: 'SELECT 1 FROM core.users WHERE lower(email) = lower($1) AND id <> $2',
    index: 'users__email__live_key',
    field: 'email',
    message: 'The email has already been taken.',
  },
  tg_user_id: {
    clash: 'SELECT 1 FROM core.users WHERE tg_user_id = $1 AND id <> $2',
    index: 'users__tg_user_id__live_key',
    field: 'tg_user_id',
    message: 'The Telegram user id has already been taken.',
  },
  role_name: {
    clash: 'SELECT 1 FROM core.roles WHERE lower(name) = lower($1) AND id <> $2',
    index: 'roles__name__key',
    field: 'name',
    message: 'The name has already been taken.',
  },
  permission_name: {
    clash: 'SELECT 1 FROM core.permissions WHERE name = $1 AND id <> $2',
    index: 'permissions_name_key',
    field: 'name',
    message: 'The name has already been taken.',
  },
} as const;

export type UniqueValue = keyof typeof UNIQUE;

/** Null when `value` is free (or is already the row `exceptId`'s own); else the field error. */
export async function uniqueClash(
  db: Queryable,
  kind: UniqueValue,
  value: string | number,
  exceptId: number | null,
): Promise<{ field: string; message: string } | null> {
  const unique = UNIQUE[kind];
  // Ids start at 1, so 0 excepts nothing.
  const { rows } = await db.query(unique.clash, [value, exceptId ?? 0]);
  return rows.length > 0 ? { field: unique.field, message: unique.message } : null;
}

/** Throws the 422 for a clash; a no-op for a free value. */
export async function assertUnique(
  db: Queryable,
  kind: UniqueValue,
  value: string | number,
  exceptId: number | null,
): Promise<void> {
  const clash = await uniqueClash(db, kind, value, exceptId);
  if (clash) throw validationError({ [clash.field]: [clash.message] });
}

export { FOREIGN_KEY_VIOLATION, sqlState } from '../database/sql';

function violatedIndex(error: unknown): string | undefined {
  return sqlState(error) === UNIQUE_VIOLATION ? violatedConstraint(error) : undefined;
}

/**
 * A concurrent request can take a value between our check and our write; the index then refuses
 * it, and the caller gets the same 422 the check would have given instead of a 500.
 */
export function rethrowUniqueViolation(error: unknown): never {
  const index = violatedIndex(error);
  const unique = Object.values(UNIQUE).find((candidate) => candidate.index === index);
  if (unique) throw validationError({ [unique.field]: [unique.message] });
  throw error;
}
