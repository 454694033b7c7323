import type { ServiceName } from '@core/shared/services';
import type { PermissionItem } from '@core/shared/users';
import type { Queryable } from '../database/database';
import { notFound } from '../http/api-error';
import { assignments, containsCondition, containsPattern, SqlParams, whereClause } from './users-common';

export type { PermissionItem };

export interface PermissionFilters {
  readonly service?: ServiceName;
  readonly q?: string;
}

/** The columns an administrator writes; `name` is the code access checks compare. */
export interface PermissionColumns {
  readonly name?: string;
  readonly description?: string | null;
  readonly service?: ServiceName;
}

const WRITABLE = ['name', 'description', 'service'] as const;

const COLUMNS = 'p.id, p.name, p.description, p.service';
const ORDER = 'ORDER BY p.service, p.name';

type PermissionRow = Omit<PermissionItem, 'id'> & { readonly id: string };

const toItem = (row: PermissionRow): PermissionItem => ({ ...row, id: Number(row.id) });

export async function listPermissions(db: Queryable, filters: PermissionFilters): Promise<PermissionItem[]> {
  const params = new SqlParams();
  // A code of a plugin that does not run is not offered (0011_permission_plugins.sql).
  const conditions: string[] = ['p.offered'];
  if (filters.service) conditions.push(`p.service = ${params.bind(filters.service)}`);
  if (filters.q)
    conditions.push(containsCondition(['p.name', 'p.description'], params.bind(containsPattern(filters.q))));
  const { rows } = await db.query<PermissionRow>(
    `SELECT ${COLUMNS} FROM core.permissions p ${whereClause(conditions)} ${ORDER}`,
    params.values,
  );
  return rows.map(toItem);
}

/** What the role grants by its own rows (a superadmin role holds every code regardless). */
export async function rolePermissions(db: Queryable, roleId: number): Promise<PermissionItem[]> {
  const { rows } = await db.query<PermissionRow>(
    `SELECT ${COLUMNS} FROM core.permissions p JOIN core.role_permissions rp ON rp.permission_id = p.id
     WHERE rp.role_id = $1 AND p.offered ${ORDER}`,
    [roleId],
  );
  return rows.map(toItem);
}

/** The permission, locked against concurrent change for the rest of the transaction; one not offered is not found. */
export async function lockPermission(db: Queryable, id: number): Promise<PermissionItem> {
  const { rows } = await db.query<PermissionRow>(
    `SELECT ${COLUMNS} FROM core.permissions p WHERE p.id = $1 AND p.offered FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw notFound('Permission');
  return toItem(rows[0]);
}

export async function insertPermission(db: Queryable, columns: Required<PermissionColumns>): Promise<PermissionItem> {
  const { rows } = await db.query<PermissionRow>(
    `INSERT INTO core.permissions AS p (name, description, service) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [columns.name, columns.description, columns.service],
  );
  if (!rows[0]) throw new Error('insert returned no row');
  return toItem(rows[0]);
}

export async function updatePermission(db: Queryable, id: number, columns: PermissionColumns): Promise<PermissionItem> {
  const params = new SqlParams();
  const where = params.bind(id);
  const sets = assignments(WRITABLE, columns, params);
  // Nothing to change still answers with the row, so the caller need not special-case it.
  const { rows } = await db.query<PermissionRow>(
    sets.length > 0
      ? `UPDATE core.permissions AS p SET ${sets.join(', ')} WHERE p.id = ${where} RETURNING ${COLUMNS}`
      : `SELECT ${COLUMNS} FROM core.permissions p WHERE p.id = ${where}`,
    params.values,
  );
  if (!rows[0]) throw notFound('Permission');
  return toItem(rows[0]);
}

export async function deletePermission(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM core.permissions WHERE id = $1', [id]);
}
