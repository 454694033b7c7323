import { randomBytes } from 'node:crypto';
import type { Database } from '../database/database';

/**
 * The access-token signing key: ERP_JWT_SECRET when set; otherwise generated on first start and
 * kept in the database, so every server copy sharing that database signs and verifies alike.
 */
export async function resolveSigningSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO core.settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM core.settings WHERE key = 'jwt_secret'`);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('the signing secret could not be stored');
  return secret;
}
