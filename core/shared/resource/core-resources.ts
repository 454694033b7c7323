import { defineResource } from './definition';
import { fieldBuilders } from './field-builders';
import type { ReferenceTarget } from './field';
import { USERS_REFERENCE } from './core-references';
import { USER_STATUSES } from '../users';

/*
 * The core's own entities as engine resources: the auth service's staff accounts and roles. The
 * engine serves their reads (list export, one record, overview, history, timeline, comments) and
 * every write goes through its writer; the spec's calls (`POST users`, `PATCH users/{id}`,
 * `POST roles/add`, …) are the auth service's routes over that same writer, with the rules a field
 * definition cannot express (password hashing, role links, sessions ended on block) in its hooks.
 */

const user = fieldBuilders('core:accounts.users.fields');
const role = fieldBuilders('core:accounts.roles.fields');

/** Roles as a reference target: what a user's `role_ids` point at. */
export const ROLES_REFERENCE: ReferenceTarget = {
  service: 'auth',
  path: 'roles',
  table: 'core.roles',
  labelColumn: 'name',
};

export const ROLES_RESOURCE = defineResource({
  id: 'core.roles',
  service: 'auth',
  path: 'roles',
  table: 'core.roles',
  titleKey: 'core:accounts.roles.title',
  recordKey: 'core:accounts.roles.record',
  access: { read: { anyOf: ['JQ', 'JT'] }, write: { anyOf: ['JQ', 'JT'] } },
  fields: [role.text('name', { required: true, unique: true, minLength: 1, maxLength: 64 })],
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
});

export const USERS_RESOURCE = defineResource({
  id: 'core.users',
  service: 'auth',
  path: 'users',
  table: 'core.users',
  titleKey: 'core:accounts.users.title',
  recordKey: 'core:accounts.users.record',
  access: { read: 'JU', write: 'JU' },
  fields: [
    user.text('username', { required: true, unique: true, minLength: 2, maxLength: 64, searchable: true }),
    user.email('email', { unique: true, maxLength: 254, searchable: true }),
    user.enum('status', USER_STATUSES, {
      readOnly: true,
      tones: { active: 'success', blocked: 'warning' },
      valueLabelPrefix: 'core:accounts.users.statuses',
    }),
    // Kept by the database from the user's role links, so lists filter and export by role.
    user.reference('role_ids', ROLES_REFERENCE, { many: true, readOnly: true }),
    user.identifier('sub', { maxLength: 64, list: false }),
    user.integer('tg_user_id', { format: 'identifier', unique: true, list: false, filter: ['eq'] }),
    user.text('tg_login', { maxLength: 64, list: false }),
    user.reference('manager_id', USERS_REFERENCE, {
      list: false,
      related: { labelKey: 'core:accounts.users.subordinates' },
    }),
    // Set by the writer's hook from the password the caller sent; only whether it is set leaves the table.
    user.secret('password_hash', { readOnly: true, list: false }),
  ],
  labelField: 'username',
  softDelete: true,
  blockable: true,
  defaultSort: { field: 'created_at', direction: 'desc' },
});
