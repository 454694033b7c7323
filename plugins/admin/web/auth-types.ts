/**
 * Shapes of the auth service's user administration answers (README "Auth service",
 * core/server/auth). The server keeps them; the browser only reads them.
 */

export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A row of `GET users` and of `GET roles/{id}/users`. */
export interface UserListItem {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly status: UserStatus | (string & {});
  /** Role names. */
  readonly roles: readonly string[];
  readonly created_at: string;
  readonly deleted_at: string | null;
}

/** `GET users/{id}/info`, also what `POST users`, `PATCH users/{id}` and the lifecycle calls answer. */
export interface UserInfo extends UserListItem {
  readonly role_ids: readonly number[];
  /** Effective codes: the roles' and the user's own. */
  readonly permissions: readonly string[];
  readonly additional_permissions: readonly { readonly id: number; readonly name: string }[];
  readonly sub: string | null;
  readonly tg_user_id: number | null;
  readonly tg_login: string | null;
  readonly manager_id: number | null;
  readonly mattermost_username: string | null;
}

export interface RoleItem {
  readonly id: number;
  readonly name: string;
  readonly users_count: number;
  readonly permissions_count: number;
}

export interface PermissionItem {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly service: string;
}

/** The body of `POST users` and `PATCH users/{id}` (spec §3 user form). */
export interface UserPayload {
  readonly username?: string;
  readonly email?: string | null;
  readonly sub?: string | null;
  readonly roles?: readonly number[];
  readonly tg_user_id?: number | null;
  readonly tg_login?: string | null;
  readonly password?: string;
  readonly manager_id?: number | null;
}

/** The codes of the roles and permissions screen, and of giving a user additional permissions. */
export const ROLES_REQUIREMENT = { anyOf: ['JQ', 'JT'] } as const;
export const USERS_CODE = 'JU';
export const SERVERS_CODE = 'VR';
