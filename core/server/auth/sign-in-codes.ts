import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../database/database';
import type { MessengerSignIn, SignInCodeBinding } from './messenger-sign-in';

/** How long a code may wait for the bot and then for the login screen: enough to open the messenger and press Start. */
export const SIGN_IN_CODE_MINUTES = 5;
/**
 * How long an expired code's row is kept: the waiting screen can still be told "expired" rather
 * than "unknown" for a while, and the table stays small without a scheduler.
 */
export const EXPIRED_CODE_KEPT_MINUTES = 60;

// 24 random bytes as base64url: 32 characters, within Telegram's start parameter (up to 64 of A-Za-z0-9_-).
const CODE_BYTES = 24;
const CODE_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export interface IssuedSignInCode {
  readonly code: string;
  readonly expiresAt: Date;
}

/** What the waiting login screen learns about its code. */
export type SignInCodeRedemption =
  /** Bound to an account and now used: the caller signs this user in. */
  | { readonly status: 'bound'; readonly userId: number }
  | { readonly status: 'pending'; readonly expiresAt: Date }
  | { readonly status: 'no-account' | 'blocked' | 'expired' | 'used' | 'unknown' };

/** The kernel's store of sign-in codes; plugins see it only as `MessengerSignIn`. */
export interface SignInCodes extends MessengerSignIn {
  issue(): Promise<IssuedSignInCode>;
  /** Marks a bound code used and answers its user; each code is redeemed once, on any server copy. */
  redeem(code: string): Promise<SignInCodeRedemption>;
  /** The bot dialog's address from the one provider, or null while there is none (or no bot). */
  botLink(): Promise<string | null>;
}

interface CodeRow {
  expires_at: Date | string;
  bound_at: Date | string | null;
  refusal: 'no-account' | 'blocked' | null;
  used_at: Date | string | null;
}

function hashOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

async function findCode(db: Queryable, hash: string): Promise<CodeRow | null> {
  const { rows } = await db.query<CodeRow>(
    'SELECT expires_at, bound_at, refusal, used_at FROM core.sign_in_codes WHERE code_hash = $1',
    [hash],
  );
  return rows[0] ?? null;
}

function isExpired(row: CodeRow, now: Date): boolean {
  return new Date(row.expires_at).getTime() <= now.getTime();
}

interface Standing {
  /** The account the code will sign in, or null when the binding is refused. */
  readonly userId: string | null;
  readonly refusal: 'no-account' | 'blocked' | null;
}

/** Whom a messenger id signs in as: its live account, unless that account is blocked. */
async function standingOf(db: Queryable, messengerUserId: number): Promise<Standing> {
  const { rows } = await db.query<{ id: string; status: string }>(
    'SELECT id, status FROM core.users WHERE tg_user_id = $1 AND deleted_at IS NULL',
    [messengerUserId],
  );
  const account = rows[0];
  if (!account) return { userId: null, refusal: 'no-account' };
  return account.status === 'active' ? { userId: account.id, refusal: null } : { userId: null, refusal: 'blocked' };
}

/**
 * Sign-in codes kept in the database, so N stateless server copies share them. `now` is passed in
 * so expiry can be tested; every time comparison uses it rather than the database clock.
 */
export function signInCodes(db: Queryable, now: () => Date = () => new Date()): SignInCodes {
  let linkSource: (() => Promise<string | null>) | null = null;

  return {
    async issue() {
      const issuedAt = now();
      const code = randomBytes(CODE_BYTES).toString('base64url');
      const expiresAt = new Date(issuedAt.getTime() + SIGN_IN_CODE_MINUTES * 60_000);
      await db.query('DELETE FROM core.sign_in_codes WHERE expires_at < $1', [
        new Date(issuedAt.getTime() - EXPIRED_CODE_KEPT_MINUTES * 60_000).toISOString(),
      ]);
      await db.query('INSERT INTO core.sign_in_codes (code_hash, expires_at) VALUES ($1, $2)', [
        hashOf(code),
        expiresAt.toISOString(),
      ]);
      return { code, expiresAt };
    },

    async bindCode(code, messengerUserId): Promise<SignInCodeBinding> {
      if (!Number.isSafeInteger(messengerUserId) || messengerUserId < 1)
        throw new RangeError('A messenger user id is a positive safe integer.');
      // Text from a chat that is not a code's shape was never given out; no query needed.
      if (!CODE_SHAPE.test(code)) return 'unknown';
      const hash = hashOf(code);
      const at = now().toISOString();
      const { userId, refusal } = await standingOf(db, messengerUserId);
      // One conditional update, so two bindings racing on two server copies cannot both win.
      const { rows } = await db.query<{ code_hash: string }>(
        `UPDATE core.sign_in_codes SET bound_at = $2, messenger_user_id = $3, user_id = $4, refusal = $5
         WHERE code_hash = $1 AND bound_at IS NULL AND used_at IS NULL AND expires_at > $2 RETURNING code_hash`,
        [hash, at, messengerUserId, userId, refusal],
      );
      if (rows.length > 0) return refusal ?? 'bound';
      const row = await findCode(db, hash);
      if (!row) return 'unknown';
      if (row.bound_at !== null || row.used_at !== null) return 'used';
      return 'expired';
    },

    async redeem(code) {
      if (!CODE_SHAPE.test(code)) return { status: 'unknown' };
      const hash = hashOf(code);
      const at = now();
      const { rows } = await db.query<{ user_id: string }>(
        `UPDATE core.sign_in_codes SET used_at = $2
         WHERE code_hash = $1 AND bound_at IS NOT NULL AND refusal IS NULL AND used_at IS NULL AND expires_at > $2
         RETURNING user_id`,
        [hash, at.toISOString()],
      );
      if (rows[0]) return { status: 'bound', userId: Number(rows[0].user_id) };
      const row = await findCode(db, hash);
      if (!row) return { status: 'unknown' };
      if (row.used_at !== null) return { status: 'used' };
      if (row.refusal !== null) return { status: row.refusal };
      if (isExpired(row, at)) return { status: 'expired' };
      return { status: 'pending', expiresAt: new Date(row.expires_at) };
    },

    provideBotLink(source) {
      // Two bots both claiming the login screen would send users to whichever registered last.
      if (linkSource !== null)
        throw new Error('A sign-in bot link is already provided: only one messenger bot may sign users in.');
      linkSource = source;
    },

    async botLink() {
      return linkSource ? linkSource() : null;
    },
  };
}
