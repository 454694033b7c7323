import type { FastifyInstance } from 'fastify';
import { isoInstant, type Database, type Queryable } from '@core/sdk/server';
import { auditHolding, idOrNull } from './positions-handout';

/*
 * A reservation that has run out is a sale: the buyer had the positions long enough. The sweep
 * marks such positions sold. It is one guarded UPDATE (`state = 'reserved' AND reserved_until <= now`),
 * so any number of server copies may run it at once: each row changes once, in whichever copy
 * gets it first. Selling never frees stock, so the stock counters do not move.
 */

/** How often each server copy sweeps. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Marks sold the reserved positions whose reservation ended by `now` (only the order's, when given); their ids. */
export async function sellExpiredReservations(tx: Queryable, now: Date, orderId: number | null = null): Promise<number[]> {
  const { rows } = await tx.query<{ id: string; order: string | null; owner: string | null; reserved_until: string }>(
    `UPDATE shop.positions SET state = 'sold', version = version + 1, updated_at = now()
      WHERE state = 'reserved' AND reserved_until <= $1::timestamptz AND deleted_at IS NULL
        AND ($2::bigint IS NULL OR "order" = $2::bigint)
      RETURNING id::text AS id, "order"::text AS "order", owner::text AS owner, ${isoInstant('reserved_until')} AS reserved_until`,
    [now.toISOString(), orderId],
  );
  for (const row of rows) {
    const held = { order: idOrNull(row.order), owner: idOrNull(row.owner), reserved_until: row.reserved_until };
    await auditHolding(tx, Number(row.id), 'sell', null, { state: 'reserved', ...held }, { state: 'sold', ...held });
  }
  return rows.map((row) => Number(row.id));
}

/** Sweeps every SWEEP_INTERVAL_MS while the server runs; the timer never keeps the process alive and stops with the server. */
export function scheduleReservationSweep(app: FastifyInstance, db: Database, now: () => Date): void {
  const sweep = async (): Promise<void> => {
    try {
      await db.transaction((tx) => sellExpiredReservations(tx, now()));
    } catch (error) {
      app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'shop reservation sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
