import type { ResourceDefinition } from '@core/shared/resource/definition';
import { ROLES_RESOURCE, USERS_RESOURCE } from '@core/shared/resource/core-resources';
import type { FieldValue } from '@core/shared/resource/field';
import { asKernel } from '../database/plugin-handle';
import { conflict, validationError } from '../http/api-error';
import type { AfterWriteContext, ResourceHooks, WriteContext } from '../resource/hooks';
import { hashPassword } from './passwords';
import { replaceLinks, USER_ROLES } from './permissions-links';
import { bumpRoleHolders, bumpUser } from './permissions-versions';
import { revokeUserRefreshTokens } from './refresh-tokens';
import { SUPERADMIN_ROLE } from './roles-superadmin';
import { distinctIds } from './users-common';

/*
 * The rules of staff accounts and roles that a field definition cannot express, as the engine's
 * hooks: every write to core.users and core.roles runs them, whether it came through the spec's
 * calls (`POST users`, `PUT roles/{id}/update`, …), the engine's own routes (`DELETE users/:id`,
 * bulk delete, revert, `PATCH roles/:id`) or the core's other writers, so no path skips one.
 */

/** The core's resources, mounted under the auth service and listed in the resource catalogue. */
export const ACCOUNT_RESOURCES: readonly ResourceDefinition[] = [USERS_RESOURCE, ROLES_RESOURCE];

export const SELF_DELETE = 'You cannot delete yourself.';
export const SELF_BLOCK = 'You cannot block yourself.';
/** A user needs a way to sign in: an e-mail (with the password) or a Telegram id (the messenger bot). */
export const EMAIL_OR_TELEGRAM_REQUIRED = 'The email field is required when the user has no Telegram user id.';
export const OWN_MANAGER = 'A user cannot be their own manager.';
export const ROLE_HELD = 'This role is assigned to users and cannot be deleted.';
export const SUPERADMIN_RENAMED = 'The superadmin role cannot be renamed.';
export const SUPERADMIN_DELETED = 'The superadmin role cannot be deleted.';

/** What one write of a user carries besides its fields: the password (or its hash) and the roles. */
export interface UserWrite {
  /** Hashed inside the write, once every rule has passed. */
  readonly password?: string;
  /** Already hashed (demo data shares one hash among many users). */
  readonly passwordHash?: string;
  /** The user's roles from now on; undefined keeps them. */
  readonly roles?: readonly number[];
}

// An administrator must not lock themself out.
const NOT_ON_SELF: Partial<Record<WriteContext['action'], string>> = { delete: SELF_DELETE, block: SELF_BLOCK };

const blank = (value: unknown): boolean => value === null || value === undefined || value === '';

/** The rules about the user as the write leaves them, for writes that bring field values (an edit, a revert). */
function refuseUser(context: WriteContext): void {
  const own = NOT_ON_SELF[context.action];
  if (own !== undefined && context.id !== null && context.id === context.actorId) throw validationError({ id: [own] });
  if (Object.keys(context.values).length === 0) return;
  const { next } = context;
  if (blank(next.email) && blank(next.tg_user_id)) throw validationError({ email: [EMAIL_OR_TELEGRAM_REQUIRED] });
  if (context.id !== null && next.manager_id === context.id) throw validationError({ manager_id: [OWN_MANAGER] });
}

/** The users' hooks for one write; with no `write`, those every write of a user runs (the engine's routes). */
export function userHooks(write: UserWrite = {}): ResourceHooks {
  return {
    async beforeWrite(context) {
      refuseUser(context);
      const computed: Record<string, FieldValue> = {};
      const hash =
        write.passwordHash ?? (write.password === undefined ? undefined : await hashPassword(write.password));
      if (hash !== undefined) computed.password_hash = hash;
      // The links are written after the row; the row's copy of them is written with it, so its audit entry shows them.
      if (write.roles !== undefined) computed.role_ids = distinctIds(write.roles).sort((a, b) => a - b);
      return computed;
    },
    async afterWrite(context: AfterWriteContext) {
      const tx = asKernel(context.tx);
      // Every server copy's revocation cache refuses the access tokens within seconds (the access trigger).
      if (context.action === 'delete' || context.action === 'block') await revokeUserRefreshTokens(tx, context.id);
      if (write.roles === undefined) return;
      const changed = await replaceLinks(tx, USER_ROLES, context.id, write.roles);
      if (changed && context.action !== 'create') await bumpUser(tx, context.id);
    },
  };
}

const isSuperadmin = (name: unknown): boolean => typeof name === 'string' && name.toLowerCase() === SUPERADMIN_ROLE;

/** Access to everything hangs on the superadmin role's name (user-directory.ts); a held role stays. */
export const ROLE_HOOKS: ResourceHooks = {
  async beforeWrite({ tx, action, id, before, next }) {
    if (id === null || before === null) return;
    if (action === 'delete') {
      if (isSuperadmin(before.name)) throw validationError({ id: [SUPERADMIN_DELETED] });
      const { rows } = await asKernel(tx).query('SELECT 1 FROM core.user_roles WHERE role_id = $1 LIMIT 1', [id]);
      if (rows.length > 0) throw conflict(ROLE_HELD);
      return;
    }
    if (isSuperadmin(before.name) && next.name !== before.name) throw validationError({ name: [SUPERADMIN_RENAMED] });
  },
  async afterWrite({ tx, id, before, after }) {
    // Holders' sessions show role names; the next refresh tells them to read the new one.
    if (before !== null && after !== null && before.name !== after.name) await bumpRoleHolders(asKernel(tx), id);
  },
};

/** The hooks the engine's routes of the core's resources run, by resource id. */
export const ACCOUNT_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  [USERS_RESOURCE.id]: userHooks(),
  [ROLES_RESOURCE.id]: ROLE_HOOKS,
};
