import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../database/database';

export const REFRESH_TOKEN_DAYS = 30;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a refresh token, starting a new family unless one is given. Returns the raw token. */
export async function issueRefreshToken(
  db: Pick<Database, 'query'>,
  userId: number,
  permissionsVersion: number,
  family: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO core.refresh_tokens (user_id, token_hash, family, permissions_version, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [userId, hashToken(token), family, permissionsVersion, REFRESH_TOKEN_DAYS],
  );
  return token;
}

export type Rotation =
  | { readonly kind: 'rotated'; readonly userId: number; readonly permissionsVersion: number; readonly token: string }
  | { readonly kind: 'invalid' };

interface TokenRow {
  id: string;
  user_id: string;
  family: string;
  permissions_version: number;
  expired: boolean;
  rotated_at: string | null;
  revoked_at: string | null;
}

/**
 * Exchanges a refresh token for a new one of the same family. Presenting a token that was
 * already rotated means it was copied: the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `SELECT id, user_id, family, permissions_version, expires_at <= now() AS expired, rotated_at, revoked_at
       FROM core.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row || row.revoked_at !== null || row.expired) return { kind: 'invalid' };
    if (row.rotated_at !== null) {
      await tx.query('UPDATE core.refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL', [row.family]);
      return { kind: 'invalid' };
    }
    const userId = Number(row.user_id);
    // A blocked or deleted user's tokens no longer refresh.
    const user = await tx.query<{ permissions_version: number }>(
      `SELECT permissions_version FROM core.users WHERE id = $1 AND deleted_at IS NULL AND status = 'active'`,
      [userId],
    );
    const version = user.rows[0]?.permissions_version;
    if (version === undefined) return { kind: 'invalid' };
    await tx.query('UPDATE core.refresh_tokens SET rotated_at = now() WHERE id = $1', [row.id]);
    const next = await issueRefreshToken(tx, userId, version, row.family);
    return { kind: 'rotated', userId, permissionsVersion: row.permissions_version, token: next };
  });
}

export async function revokeRefreshFamily(db: Pick<Database, 'query'>, token: string): Promise<void> {
  await db.query(
    `UPDATE core.refresh_tokens SET revoked_at = now()
     WHERE family = (SELECT family FROM core.refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
    [hashToken(token)],
  );
}

/** Ends every session of a user (blocked, deleted): none of their refresh tokens works again. */
export async function revokeUserRefreshTokens(db: Pick<Database, 'query'>, userId: number): Promise<void> {
  await db.query('UPDATE core.refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
