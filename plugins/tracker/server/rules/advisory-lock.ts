import type { Queryable } from '@core/sdk/server';

/**
 * Waits for, then holds until the transaction ends, the lock named `key`. Writers that must see
 * each other's committed rows (two approvals of one day, two defaults of one campaign) take the
 * same key, so they queue even when the rows they check do not exist yet.
 */
export async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}
