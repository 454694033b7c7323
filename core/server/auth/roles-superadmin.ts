/** The role that holds every code in the catalogue. */
export const SUPERADMIN_ROLE = 'superadmin';

/**
 * The superadmin role is recognised by name, case-insensitively as role names are unique
 * (user-directory.ts reads it the same way). `alias` names a core.roles row.
 */
export function isSuperadminRole(alias: string): string {
  return `lower(${alias}.name) = '${SUPERADMIN_ROLE}'`;
}

/** Users holding the superadmin role, who hold every code in the catalogue. */
export const SUPERADMIN_HOLDERS = `SELECT sur.user_id FROM core.user_roles sur JOIN core.roles sr ON sr.id = sur.role_id
  WHERE ${isSuperadminRole('sr')}`;
