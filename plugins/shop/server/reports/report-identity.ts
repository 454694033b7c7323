import { conflict, type Queryable, type ResourceHooks } from '@core/sdk/server';
import { formatMessage } from '@core/sdk/shared';
import { reportsResource } from '../../shared/resources';

/*
 * An asset's report is one row per ads account and report day. Every write that could make a
 * second one (the engine's create, edit and restore, and the loads) takes the lock of that pair,
 * then looks for a live row holding it, so two writers of one pair queue instead of both creating.
 */

export const REPORT_TAKEN = 'The ads account {account} already has a report for {day:date}.';

/** Waits for, then holds until the transaction ends, the lock of one ads account's day. */
export async function lockReportIdentity(tx: Queryable, adsAccountId: string, day: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${reportsResource.id}:${adsAccountId}:${day}`]);
}

/** The live row of that ads account's day, other than `except`, or null. */
export async function reportHolding(
  tx: Queryable,
  adsAccountId: string,
  day: string,
  except: number | null = null,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM ${reportsResource.table}
      WHERE ads_account_id = $1 AND report_date = $2::date AND deleted_at IS NULL AND ($3::bigint IS NULL OR id <> $3::bigint)
      ORDER BY id LIMIT 1`,
    [adsAccountId, day, except],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** `shop.reports` hooks: a write that would hold a pair another live row holds is a 409. */
export const reportHooks: ResourceHooks = {
  async beforeWrite({ tx, action, id, next }) {
    if (action === 'delete') return;
    const account = next.ads_account_id;
    const day = next.report_date;
    if (typeof account !== 'string' || typeof day !== 'string') return;
    await lockReportIdentity(tx, account, day);
    if ((await reportHolding(tx, account, day, id)) !== null)
      throw conflict(formatMessage(REPORT_TAKEN, { account, day }));
  },
};
