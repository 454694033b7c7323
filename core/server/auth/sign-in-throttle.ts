import type { Queryable } from '../database/database';
import { ApiError } from '../http/api-error';

export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_MAX_FAILURES = 10;

function keys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];
}

/**
 * Refuses a sign-in once the IP or the e-mail has failed too often within the window. Kept in the
 * database so every server copy behind a load balancer counts the same failures.
 */
export async function assertSignInAllowed(db: Queryable, ip: string, email: string): Promise<void> {
  const { rows } = await db.query<{ failures: string }>(
    `SELECT count(*) AS failures FROM core.sign_in_failures
     WHERE key = ANY($1) AND failed_at > now() - make_interval(mins => $2)
     GROUP BY key ORDER BY failures DESC LIMIT 1`,
    [keys(ip, email), SIGN_IN_WINDOW_MINUTES],
  );
  if (Number(rows[0]?.failures ?? 0) >= SIGN_IN_MAX_FAILURES) {
    throw new ApiError(429, `Too many sign-in attempts. Please try again in ${SIGN_IN_WINDOW_MINUTES} minutes.`);
  }
}

export async function recordSignInFailure(db: Queryable, ip: string, email: string): Promise<void> {
  const [ipKey, emailKey] = keys(ip, email);
  await db.query(`INSERT INTO core.sign_in_failures (key) VALUES ($1), ($2)`, [ipKey, emailKey]);
  // Old rows serve no one; trimming here keeps the table small without a scheduler.
  await db.query(`DELETE FROM core.sign_in_failures WHERE failed_at < now() - make_interval(mins => $1)`, [
    SIGN_IN_WINDOW_MINUTES * 2,
  ]);
}
