import type { Actor, Database, JobKind, RecordWriter, ServerPluginContext } from '@core/sdk/server';
import { proxiesResource } from '../../shared/resources';

/*
 * A proxy whose end date has passed is expired. Checks set it too; this light sweep catches the
 * proxies nobody checks. It is a job of the schedule `system.proxy-expiry`, at the start of every
 * hour across all server copies. Each proxy changes in a transaction of its own that locks it and
 * looks again, so a check expiring it at the same moment changes it once (action `expire`, no author).
 */

export const PROXY_EXPIRY_SWEEP = 'system.proxy-expiry';
/** Every hour, on the hour (UTC). */
export const EXPIRY_SWEEP_CRON = '0 * * * *';

const SWEEPER: Actor = { id: null, language: 'en' };
const STILL_LIVE = `status IN ('active', 'failing') AND end_date < $1::date AND deleted_at IS NULL`;

/** Today's date in UTC, as proxies' end dates are compared. */
export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Marks expired the live proxies whose end date is before `today`; their ids. */
export async function expireEndedProxies(db: Database, records: RecordWriter, today: string): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${proxiesResource.table} WHERE ${STILL_LIVE} ORDER BY id`,
    [today],
  );
  const expired: number[] = [];
  for (const { id } of rows) {
    const changed = await db.transaction(async (tx) => {
      const still = await tx.query(
        `SELECT 1 FROM ${proxiesResource.table} WHERE id = $2 AND ${STILL_LIVE} FOR UPDATE`,
        [today, id],
      );
      if (still.rows.length === 0) return false;
      await records.changeIn(
        tx,
        proxiesResource,
        Number(id),
        { action: 'expire', values: { status: 'expired' } },
        SWEEPER,
      );
      return true;
    });
    if (changed) expired.push(Number(id));
  }
  return expired;
}

/** Defines the sweep's job kind and its hourly schedule; call it in `register`. */
export function defineExpirySweep(context: ServerPluginContext): JobKind<null> {
  const kind = context.jobs.define<null, { expired: number }>({
    kind: PROXY_EXPIRY_SWEEP,
    requires: 'YP',
    label: { en: 'Ended proxies expired', ru: 'Истечение срока прокси' },
    // The next hour sweeps again: a failed sweep need not be retried.
    maxAttempts: 1,
    run: async () => ({
      expired: (await expireEndedProxies(context.db, context.records, todayUtc(new Date()))).length,
    }),
  });
  context.jobs.schedule({ id: PROXY_EXPIRY_SWEEP, kind, cron: EXPIRY_SWEEP_CRON });
  return kind;
}
