/**
 * The auth service's user administration on the wire (README "Auth service"): what `GET users`,
 * `GET users/{id}/info`, `GET roles` and `GET permissions` answer and what `POST users` and `PATCH
 * users/{id}` take. The server builds them (core/server/auth, timestamps as `Date` until they are
 * serialized); the browser reads them (timestamps as ISO strings).
 */

export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A row of `GET users` and of `GET roles/{id}/users`. `Instant`: `string` on the wire, `Date` on the server. */
export interface UserListItem<Instant = string> {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly status: UserStatus | (string & {});
  /** Role names. */
  readonly roles: readonly string[];
  readonly created_at: Instant;
  readonly deleted_at: Instant | null;
}

/** `GET users/{id}/info`, also what `POST users`, `PATCH users/{id}` and the lifecycle calls answer. */
export interface UserInfo<Instant = string> extends UserListItem<Instant> {
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

/** A row of `GET roles`. */
export interface RoleItem {
  readonly id: number;
  readonly name: string;
  /** Every holder, soft-deleted users included: they still hold it, and it cannot be deleted while they do. */
  readonly users_count: number;
  readonly permissions_count: number;
}

/** A row of `GET permissions`: a code of the catalogue. */
export interface PermissionItem {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly service: string;
}

/** The body of `POST users` and `PATCH users/{id}`: the user form's fields. */
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
