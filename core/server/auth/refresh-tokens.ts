import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../database/database';

export const REFRESH_TOKEN_DAYS = 30;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a refresh token (a random one unless given), starting a new family unless one is given. Returns the raw token. */
export async function issueRefreshToken(
  db: Pick<Database, 'query'>,
  userId: number,
  permissionsVersion: number,
  family: string = randomUUID(),
  token: string = randomBytes(32).toString('base64url'),
): Promise<string> {
  await db.query(
    `INSERT INTO core.refresh_tokens (user_id, token_hash, family, permissions_version, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [userId, hashToken(token), family, permissionsVersion, REFRESH_TOKEN_DAYS],
  );
  return token;
}

/**
 * The token that replaces `token` at rotation. Derived rather than random so that every server
 * copy can hand the same successor out again during the grace period while only hashes are stored;
 * without the server's secret it cannot be computed from the parent.
 */
function successorOf(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-token-successor:${token}`).digest('base64url');
}

export interface RotationPolicy {
  /** The server's signing secret; keys the successor derivation. */
  readonly secret: string;
  /** How long a rotated token is still answered with its successor rather than taken for theft. */
  readonly graceSeconds: number;
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
  rotated: boolean;
  in_grace: boolean;
  revoked: boolean;
}

/**
 * Exchanges a refresh token for the next one of its family. A repeat within the grace period
 * (another tab, a retried request) gets the same successor; a repeat after it means the token was
 * copied, and the whole family is revoked. The row lock makes concurrent repeats wait for the first.
 */
export async function rotateRefreshToken(db: Database, token: string, policy: RotationPolicy): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `SELECT id, user_id, family, permissions_version, expires_at <= now() AS expired, rotated_at IS NOT NULL AS rotated,
              COALESCE(rotated_at > now() - make_interval(secs => $2), false) AS in_grace, revoked_at IS NOT NULL AS revoked
       FROM core.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(token), policy.graceSeconds],
    );
    const row = rows[0];
    if (!row || row.revoked || row.expired) return { kind: 'invalid' };
    if (row.rotated && !row.in_grace) {
      await tx.query('UPDATE core.refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL', [
        row.family,
      ]);
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
    const successor = successorOf(token, policy.secret);
    if (!row.rotated) {
      await tx.query('UPDATE core.refresh_tokens SET rotated_at = now() WHERE id = $1', [row.id]);
      await issueRefreshToken(tx, userId, version, row.family, successor);
    }
    return { kind: 'rotated', userId, permissionsVersion: row.permissions_version, token: successor };
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
  await db.query('UPDATE core.refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);
}
