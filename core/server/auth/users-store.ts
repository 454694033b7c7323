import { USERS_RESOURCE } from '@core/shared/resource/core-resources';
import type { FieldValue } from '@core/shared/resource/field';
import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import { changeRecordIn, createRecordIn, LIFECYCLE, SOFT_DELETE, type Actor, type Change } from '../resource/mutations';
import { userHooks, type UserWrite } from './account-resources';

/*
 * Every write of a staff account goes through the engine's writer (version, audit row, who changed
 * it) with the users' hooks (account-resources.ts): the password hashed, the role links kept, the
 * sessions ended on block and delete.
 */

/** The users fields an administrator writes; the keys are field names of USERS_RESOURCE. */
export interface UserColumns {
  readonly username?: string;
  /** Null: none (a user who signs in through the messenger bot). */
  readonly email?: string | null;
  readonly sub?: string | null;
  readonly tg_user_id?: number | null;
  readonly tg_login?: string | null;
  readonly manager_id?: number | null;
}

export type NewUserColumns = UserColumns & Required<Pick<UserColumns, 'username' | 'email'>>;

/** The system's own writes (first start, demo data, sign-in): no actor. */
export const SYSTEM: Actor = { id: null, language: 'en' };

function fieldValues(columns: UserColumns): Record<string, FieldValue> {
  return Object.fromEntries(
    Object.entries(columns).filter((entry): entry is [string, FieldValue] => entry[1] !== undefined),
  );
}

/** Creates the user inside `tx`; its id. */
export async function insertUser(
  tx: Queryable,
  columns: NewUserColumns,
  write: UserWrite,
  actor: Actor = SYSTEM,
): Promise<number> {
  const record = await createRecordIn(tx, USERS_RESOURCE, fieldValues(columns), actor, userHooks(write));
  return record.id;
}

interface Standing {
  readonly deleted: boolean;
  readonly blocked: boolean;
}

/** The user's row locked for the rest of the transaction, and whether they are deleted or blocked; null when none. */
async function lockStanding(tx: Queryable, id: number): Promise<Standing | null> {
  const { rows } = await tx.query<Standing>(
    'SELECT deleted_at IS NOT NULL AS deleted, blocked_at IS NOT NULL AS blocked FROM core.users WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Changes the user inside `tx`, a deleted one too (an administrator may correct them before a
 * restore): 404 when there is none, 409 when `version` is given and stale.
 */
export async function updateUser(
  tx: Queryable,
  id: number,
  columns: UserColumns,
  write: UserWrite,
  actor: Actor,
  version: number | null = null,
): Promise<void> {
  const standing = await lockStanding(tx, id);
  if (!standing) throw notFound('User');
  const change: Change = { action: 'update', values: fieldValues(columns), version, onDeleted: standing.deleted };
  await changeRecordIn(tx, USERS_RESOURCE, id, change, actor, userHooks(write));
}

export type LifecycleAction = 'delete' | 'restore' | 'block' | 'unblock';

/**
 * The change that brings the user to the action's state, or null when they are there already:
 * deleting again keeps the first deletion time, and blocking or unblocking a deleted user works
 * on them as they are.
 */
function lifecycleChange(action: LifecycleAction, standing: Standing): Change | null {
  switch (action) {
    case 'delete':
      return standing.deleted ? null : SOFT_DELETE;
    case 'restore':
      return standing.deleted ? LIFECYCLE.restore : null;
    case 'block':
      return standing.blocked ? null : { ...LIFECYCLE.block, onDeleted: standing.deleted };
    case 'unblock':
      return standing.blocked ? { ...LIFECYCLE.unblock, onDeleted: standing.deleted } : null;
  }
}

/**
 * Applies the action inside `tx`; false when there is no such user. Deleting or blocking revokes
 * every refresh token (the users' hooks), and every server copy's revocation cache refuses the
 * access tokens within seconds.
 */
export async function applyLifecycle(
  tx: Queryable,
  id: number,
  action: LifecycleAction,
  actor: Actor = SYSTEM,
): Promise<boolean> {
  const standing = await lockStanding(tx, id);
  if (!standing) return false;
  const change = lifecycleChange(action, standing);
  if (change) await changeRecordIn(tx, USERS_RESOURCE, id, change, actor, userHooks());
  return true;
}
