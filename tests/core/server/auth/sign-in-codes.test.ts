import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_CODE_KEPT_MINUTES, SIGN_IN_CODE_MINUTES, signInCodes } from '@core/server/auth/sign-in-codes';
import type { Database } from '@core/server/database/database';
import { addUser, DB_TIMEOUT, freshDatabase } from '../../../support/server/test-database';

const TG_ACTIVE = 510_000_001;
const TG_BLOCKED = 510_000_002;
const TG_DELETED = 510_000_003;
const TG_NOBODY = 510_000_004;
const MINUTE = 60_000;

/** A clock the test moves by hand. */
function manualClock(start = new Date('2026-03-01T10:00:00Z')): { now: () => Date; advance: (ms: number) => void } {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

async function linkedUser(db: Database, username: string, tgId: number): Promise<number> {
  const id = await addUser(db, { username, email: `${username}@example.com`, password: 'Some-Password-123' });
  await db.query('UPDATE core.users SET tg_user_id = $2 WHERE id = $1', [id, tgId]);
  return id;
}

describe('sign-in codes', () => {
  let db: Database;
  let activeId: number;

  beforeAll(async () => {
    db = await freshDatabase();
    activeId = await linkedUser(db, 'cora', TG_ACTIVE);
    const blockedId = await linkedUser(db, 'blake', TG_BLOCKED);
    await db.query('UPDATE core.users SET blocked_at = now() WHERE id = $1', [blockedId]);
    const deletedId = await linkedUser(db, 'dana', TG_DELETED);
    await db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [deletedId]);
  }, DB_TIMEOUT);
  afterAll(async () => {
    await db.close();
  });

  it('gives out a 32-character base64url code that lapses after the set minutes', async () => {
    const clock = manualClock();
    const { code, expiresAt } = await signInCodes(db, clock.now).issue();
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(expiresAt.getTime() - clock.now().getTime()).toBe(SIGN_IN_CODE_MINUTES * MINUTE);
  });

  it('keeps only the SHA-256 of a code, never the code', async () => {
    const { code } = await signInCodes(db).issue();
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM core.sign_in_codes');
    expect(rows.some((row) => row.code_hash === createHash('sha256').update(code).digest('hex'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers pending until the bot binds the code, then the user once', async () => {
    const codes = signInCodes(db);
    const { code, expiresAt } = await codes.issue();
    expect(await codes.redeem(code)).toEqual({ status: 'pending', expiresAt });
    expect(await codes.bindCode(code, TG_ACTIVE)).toBe('bound');
    expect(await codes.redeem(code)).toEqual({ status: 'bound', userId: activeId });
    expect(await codes.redeem(code)).toEqual({ status: 'used' });
  });

  it('binds a code once: a second Start, by anyone, is told it is used', async () => {
    const codes = signInCodes(db);
    const { code } = await codes.issue();
    expect(await codes.bindCode(code, TG_ACTIVE)).toBe('bound');
    expect(await codes.bindCode(code, TG_ACTIVE)).toBe('used');
    expect(await codes.bindCode(code, TG_BLOCKED)).toBe('used');
    expect(await codes.redeem(code)).toEqual({ status: 'bound', userId: activeId });
  });

  it('lets exactly one of two racing bindings win', async () => {
    const codes = signInCodes(db);
    const { code } = await codes.issue();
    const outcomes = await Promise.all([codes.bindCode(code, TG_ACTIVE), codes.bindCode(code, TG_ACTIVE)]);
    expect(outcomes.sort()).toEqual(['bound', 'used']);
  });

  it('shares codes between server copies over one database', async () => {
    const { code } = await signInCodes(db).issue();
    expect(await signInCodes(db).bindCode(code, TG_ACTIVE)).toBe('bound');
    expect(await signInCodes(db).redeem(code)).toEqual({ status: 'bound', userId: activeId });
  });

  it('refuses to bind or redeem a code past its expiry', async () => {
    const clock = manualClock();
    const codes = signInCodes(db, clock.now);
    const unbound = await codes.issue();
    const bound = await codes.issue();
    expect(await codes.bindCode(bound.code, TG_ACTIVE)).toBe('bound');
    clock.advance(SIGN_IN_CODE_MINUTES * MINUTE);
    expect(await codes.bindCode(unbound.code, TG_ACTIVE)).toBe('expired');
    expect(await codes.redeem(unbound.code)).toEqual({ status: 'expired' });
    expect(await codes.redeem(bound.code)).toEqual({ status: 'expired' });
  });

  it.each([
    ['no live account has the messenger id', TG_NOBODY, 'no-account'],
    ['the account is deleted', TG_DELETED, 'no-account'],
    ['the account is blocked', TG_BLOCKED, 'blocked'],
  ] as const)('records a refusal when %s, for the waiting screen to say', async (_what, tgId, refusal) => {
    const codes = signInCodes(db);
    const { code } = await codes.issue();
    expect(await codes.bindCode(code, tgId)).toBe(refusal);
    expect(await codes.redeem(code)).toEqual({ status: refusal });
    expect(await codes.bindCode(code, TG_ACTIVE)).toBe('used');
  });

  it('answers unknown for a code it never gave out, whatever its shape', async () => {
    const codes = signInCodes(db);
    for (const code of ['A'.repeat(32), 'short', '', 'x'.repeat(65), 'spaces are not a code 0123456789']) {
      expect(await codes.bindCode(code, TG_ACTIVE)).toBe('unknown');
      expect(await codes.redeem(code)).toEqual({ status: 'unknown' });
    }
  });

  it('refuses a messenger id that is not a positive safe integer', async () => {
    const { code } = await signInCodes(db).issue();
    await expect(signInCodes(db).bindCode(code, 1.5)).rejects.toThrow(RangeError);
    await expect(signInCodes(db).bindCode(code, 0)).rejects.toThrow(RangeError);
  });

  it('drops rows long expired when it gives out a code', async () => {
    const clock = manualClock(new Date('2026-04-01T10:00:00Z'));
    const codes = signInCodes(db, clock.now);
    const old = await codes.issue();
    clock.advance((SIGN_IN_CODE_MINUTES + EXPIRED_CODE_KEPT_MINUTES + 1) * MINUTE);
    await codes.issue();
    expect(await codes.redeem(old.code)).toEqual({ status: 'unknown' });
  });

  it('takes one bot link provider and answers its link', async () => {
    const codes = signInCodes(db);
    expect(await codes.botLink()).toBeNull();
    codes.provideBotLink(async () => 'https://t.me/erp_sign_in_bot');
    expect(await codes.botLink()).toBe('https://t.me/erp_sign_in_bot');
    expect(() => codes.provideBotLink(async () => 'https://t.me/another_bot')).toThrow(/only one messenger bot/);
  });
});
