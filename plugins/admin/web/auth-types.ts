/** The auth service's wire types live in core (core/shared/users.ts), shared with the server that builds them. */
export type {
  PermissionItem,
  RoleItem,
  UserInfo,
  UserListItem,
  UserPayload,
} from '@core/sdk/shared';

/** The codes of the roles and permissions screen, and of giving a user additional permissions. */
export const ROLES_REQUIREMENT = { anyOf: ['JQ', 'JT'] } as const;
export const USERS_CODE = 'JU';
