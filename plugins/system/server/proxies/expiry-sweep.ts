import type { FastifyInstance } from 'fastify';
import { changeRecordIn, type Actor, type Database } from '@core/sdk/server';
import { proxiesResource } from '../../shared/resources';

/*
 * A proxy whose end date has passed is expired. Checks set it too; this light sweep catches the
 * proxies nobody checks. Each one changes in a transaction of its own that locks it and looks again,
 * so several server copies sweeping at once change each proxy once (action `expire`, no author).
 */

/** How often each server copy sweeps. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60_000;

const SWEEPER: Actor = { id: null, language: 'en' };
const STILL_LIVE = `status IN ('active', 'failing') AND end_date < $1::date AND deleted_at IS NULL`;

/** Today's date in UTC, as proxies' end dates are compared. */
export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Marks expired the live proxies whose end date is before `today`; their ids. */
export async function expireEndedProxies(db: Database, today: string): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM ${proxiesResource.table} WHERE ${STILL_LIVE} ORDER BY id`, [today]);
  const expired: number[] = [];
  for (const { id } of rows) {
    const changed = await db.transaction(async (tx) => {
      const still = await tx.query(`SELECT 1 FROM ${proxiesResource.table} WHERE id = $2 AND ${STILL_LIVE} FOR UPDATE`, [today, id]);
      if (still.rows.length === 0) return false;
      await changeRecordIn(tx, proxiesResource, Number(id), { action: 'expire', values: { status: 'expired' } }, SWEEPER);
      return true;
    });
    if (changed) expired.push(Number(id));
  }
  return expired;
}

/** Sweeps every EXPIRY_SWEEP_INTERVAL_MS while the server runs; the timer never keeps the process alive. */
export function scheduleExpirySweep(app: FastifyInstance, db: Database): void {
  const sweep = async (): Promise<void> => {
    try {
      await expireEndedProxies(db, todayUtc(new Date()));
    } catch (error) {
      app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'system proxy expiry sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), EXPIRY_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
