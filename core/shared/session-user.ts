import type { PermissionCode } from './permissions';

/**
 * The signed-in user as the auth service returns it and the browser stores it: id,
 * username, email or null, status, roles, permissions.
 */
export interface SessionUser {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly status: string;
  readonly roles: readonly string[];
  readonly permissions: readonly PermissionCode[];
}
