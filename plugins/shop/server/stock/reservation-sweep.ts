import { isoInstant, type JobKind, type Queryable, type ServerPluginContext } from '@core/sdk/server';
import { auditHolding, idOrNull } from './positions-handout';

/*
 * A reservation that has run out is a sale: the buyer had the positions long enough. The sweep
 * marks such positions sold. It is a job of the schedule `shop.reservation-sweep`, once a minute
 * across all server copies; its one guarded UPDATE (`state = 'reserved' AND reserved_until <= now`)
 * would still change each row once if two sweeps met. Selling never frees stock, so the stock
 * counters do not move.
 */

export const RESERVATION_SWEEP = 'shop.reservation-sweep';
/** How often the sweep runs, across all copies. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Marks sold the reserved positions whose reservation ended by `now` (only the order's, when given); their ids. */
export async function sellExpiredReservations(
  tx: Queryable,
  now: Date,
  orderId: number | null = null,
): Promise<number[]> {
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

/** Defines the sweep's job kind and its schedule; call it in `register`. */
export function defineReservationSweep(context: ServerPluginContext, now: () => Date): JobKind<null> {
  const kind = context.jobs.define<null, { sold: number }>({
    kind: RESERVATION_SWEEP,
    requires: 'SQ',
    label: { en: 'Ended reservations sold', ru: 'Продажа истёкших резервов' },
    // The next period sweeps again: a failed sweep need not be retried.
    maxAttempts: 1,
    timeoutMs: SWEEP_INTERVAL_MS,
    run: async () => ({ sold: (await context.db.transaction((tx) => sellExpiredReservations(tx, now()))).length }),
  });
  context.jobs.schedule({ id: RESERVATION_SWEEP, kind, every: SWEEP_INTERVAL_MS });
  return kind;
}
