import type { ReferenceTarget } from './field';

/** Staff accounts of the core auth service, as a reference target for any plugin's fields. */
export const USERS_REFERENCE: ReferenceTarget = {
  service: 'auth',
  path: 'users',
  table: 'core.users',
  labelColumn: 'username',
  softDelete: true,
};
