import type { Queryable } from '../database/database';
import { ApiError } from '../http/api-error';

export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_MAX_FAILURES = 10;
/** Sign-in codes one IP may ask for within the window: a person needs a few, a flood would only fill the table. */
export const SIGN_IN_CODES_PER_WINDOW = 20;

function keys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];
}

function tooManyAttempts(): ApiError {
  return new ApiError(429, `Too many sign-in attempts. Please try again in ${SIGN_IN_WINDOW_MINUTES} minutes.`);
}

// Old rows serve no one; trimming on each write keeps the table small without a scheduler.
async function trimOldAttempts(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM core.sign_in_failures WHERE failed_at < now() - make_interval(mins => $1)`, [
    SIGN_IN_WINDOW_MINUTES * 2,
  ]);
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
  if (Number(rows[0]?.failures ?? 0) >= SIGN_IN_MAX_FAILURES) throw tooManyAttempts();
}

export async function recordSignInFailure(db: Queryable, ip: string, email: string): Promise<void> {
  const [ipKey, emailKey] = keys(ip, email);
  await db.query(`INSERT INTO core.sign_in_failures (key) VALUES ($1), ($2)`, [ipKey, emailKey]);
  await trimOldAttempts(db);
}

/**
 * Counts a sign-in code asked for from `ip`, refusing once the IP has asked too often within the
 * window. Counted in the same table as failures (under its own key) so every server copy agrees;
 * a code request never counts against password sign-in.
 */
export async function takeSignInCodeAllowance(db: Queryable, ip: string): Promise<void> {
  const key = `code-ip:${ip}`;
  const { rows } = await db.query<{ asked: string }>(
    `SELECT count(*) AS asked FROM core.sign_in_failures WHERE key = $1 AND failed_at > now() - make_interval(mins => $2)`,
    [key, SIGN_IN_WINDOW_MINUTES],
  );
  if (Number(rows[0]?.asked ?? 0) >= SIGN_IN_CODES_PER_WINDOW) throw tooManyAttempts();
  await db.query(`INSERT INTO core.sign_in_failures (key) VALUES ($1)`, [key]);
  await trimOldAttempts(db);
}
