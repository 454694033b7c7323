import { isSuperadminRole } from './roles-superadmin';

// SQL fragments about one user, aliased `u` (core.users), shared by every query that reads users.

/** The names of user `u`'s roles. */
export const ROLE_NAMES = `COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM core.user_roles ur
  JOIN core.roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}')`;

/** The ids of user `u`'s roles. */
export const ROLE_IDS = `COALESCE((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM core.user_roles ur
  WHERE ur.user_id = u.id), '{}')`;

/**
 * User `u`'s effective codes: every code offered for a superadmin; otherwise their roles' codes and
 * their own, less those of plugins that do not run (the grants stay for when they run again).
 */
export const EFFECTIVE_PERMISSIONS = `COALESCE((SELECT array_agg(p.name ORDER BY p.name) FROM core.permissions p
  WHERE p.offered AND (EXISTS (SELECT 1 FROM core.user_roles ur JOIN core.roles r ON r.id = ur.role_id
                WHERE ur.user_id = u.id AND ${isSuperadminRole('r')})
     OR p.id IN (SELECT rp.permission_id FROM core.user_roles ur JOIN core.role_permissions rp ON rp.role_id = ur.role_id
                 WHERE ur.user_id = u.id)
     OR p.id IN (SELECT up.permission_id FROM core.user_permissions up WHERE up.user_id = u.id))), '{}')`;
