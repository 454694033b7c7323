import type { FastifyRequest } from 'fastify';
import type { Queryable } from '@core/server/database/database';
import { ApiError, notFound, validationError, type FieldErrors } from '@core/server/http/api-error';
import type { RouteAccess } from '@core/server/http/route-access';
import type { Language } from '@core/shared/runtime-config';
import { preferredLanguage } from '@core/shared/resource/messages';
import { ARTICLE_CODE } from '../shared/article';
import { SERVERS_CODE } from '../shared/keitaro';
import { USERS_CODE } from '../shared/services';
import { SYSTEM_SETTINGS_CODE } from '../shared/system-settings';

/** The admin codes of spec §6, as route access. */
export const ACCESS = {
  articles: { requires: ARTICLE_CODE },
  settings: { requires: SYSTEM_SETTINGS_CODE },
  users: { requires: USERS_CODE },
  servers: { requires: SERVERS_CODE },
} as const satisfies Record<string, RouteAccess>;

export { ID_PARAMS, idParams, ROW_ID, type IdParams } from '@core/server/http/ids';

export const conflict = (message: string): ApiError => new ApiError(409, message);

/** The language the caller reads (`Accept-Language`), for field messages. */
export function languageOf(request: FastifyRequest): Language {
  return preferredLanguage(request.headers['accept-language']);
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** A PostgreSQL unique violation (two requests racing past a check). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export interface UserRef {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
}

/** A live (not deleted) user, or 404: nothing new is given to a deleted user. */
export async function requireLiveUser(db: Queryable, id: number): Promise<UserRef> {
  return requireUser(db, id, true);
}

/**
 * A user, deleted or not, or 404: a soft-deleted user's accounts stay (a restore brings them
 * back), so they can still be read and removed.
 */
export async function requireUser(db: Queryable, id: number, live = false): Promise<UserRef> {
  const { rows } = await db.query<{ username: string; email: string | null }>(
    `SELECT username, email FROM core.users WHERE id = $1${live ? ' AND deleted_at IS NULL' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound('User');
  return { id, username: row.username, email: row.email };
}

/** The caller's id when their row exists, for `created_by` columns; null otherwise. */
export async function existingUserId(db: Queryable, id: number): Promise<number | null> {
  const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1', [id]);
  return rows.length > 0 ? id : null;
}

export async function liveUserExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows.length > 0;
}

/** ISO text for a timestamp whichever driver read it (PGlite and node-postgres give Dates). */
export function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
