import type { Queryable } from '../database/database';
import { distinctIds } from './users-common';

/** A many-to-many table that grants codes: its owner column, its member column and the members' table. */
export interface LinkTable {
  readonly table: string;
  readonly owner: string;
  readonly member: string;
  readonly members: string;
  /**
   * The members the screens offer, as a condition on the members' table: only those can be linked,
   * and links to the others are kept as they are (a code of a plugin that does not run).
   */
  readonly offered: string;
}

export const USER_ROLES: LinkTable = {
  table: 'core.user_roles',
  owner: 'user_id',
  member: 'role_id',
  members: 'core.roles',
  offered: 'true',
};
export const USER_PERMISSIONS: LinkTable = {
  table: 'core.user_permissions',
  owner: 'user_id',
  member: 'permission_id',
  members: 'core.permissions',
  offered: 'offered',
};
export const ROLE_PERMISSIONS: LinkTable = {
  table: 'core.role_permissions',
  owner: 'role_id',
  member: 'permission_id',
  members: 'core.permissions',
  offered: 'offered',
};

/** The ids among `ids` that name no member row offered. */
export async function unknownMembers(db: Queryable, link: LinkTable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT m AS id FROM unnest($1::bigint[]) AS m WHERE NOT EXISTS (SELECT 1 FROM ${link.members} WHERE id = m AND ${link.offered})`,
    [distinctIds(ids)],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Makes the owner's offered members exactly `ids`, touching only the difference so an unchanged set
 * reports no change (and bumps nobody's permissions version). Links to members not offered stay.
 */
export async function replaceLinks(
  db: Queryable,
  link: LinkTable,
  ownerId: number,
  ids: readonly number[],
): Promise<boolean> {
  const members = distinctIds(ids);
  const removed = await db.query(
    `DELETE FROM ${link.table} WHERE ${link.owner} = $1 AND NOT (${link.member} = ANY($2::bigint[]))
       AND ${link.member} IN (SELECT id FROM ${link.members} WHERE ${link.offered})`,
    [ownerId, members],
  );
  const added = await db.query(
    `INSERT INTO ${link.table} (${link.owner}, ${link.member}) SELECT $1, m FROM unnest($2::bigint[]) AS m ON CONFLICT DO NOTHING`,
    [ownerId, members],
  );
  return removed.affectedRows + added.affectedRows > 0;
}
