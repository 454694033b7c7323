import type { Actor, JobKind, Queryable, RecordWriter, ServerPluginContext } from '@core/sdk/server';
import { positionsResource } from '../../shared/resources';

/*
 * A reservation that has run out is a sale: the buyer had the positions long enough. The sweep
 * marks such positions sold. It is a job of the schedule `shop.reservation-sweep`, once a minute
 * across all server copies; it locks the positions it sells (`state = 'reserved' AND reserved_until
 * <= now`), so two sweeps that met would still change each position once, through the engine. Selling never frees stock, so the stock
 * counters do not move.
 */

export const RESERVATION_SWEEP = 'shop.reservation-sweep';
/** How often the sweep runs, across all copies. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Whom the sweep's changes are by in the positions' history: nobody, the shop itself. */
const SWEEP_ACTOR: Actor = { id: null, language: 'en' };

/** Marks sold the reserved positions whose reservation ended by `now` (only the order's, when given); their ids. */
export async function sellExpiredReservations(
  tx: Queryable,
  records: RecordWriter,
  now: Date,
  orderId: number | null = null,
): Promise<number[]> {
  // Locked before they change: a sweep that met another waits, then finds them sold and leaves them.
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.positions
      WHERE state = 'reserved' AND reserved_until <= $1::timestamptz AND deleted_at IS NULL
        AND ($2::bigint IS NULL OR "order" = $2::bigint)
      ORDER BY id FOR UPDATE`,
    [now.toISOString(), orderId],
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return records.changeManyIn(
    tx,
    positionsResource,
    { ids },
    { action: 'sell', values: { state: 'sold' } },
    SWEEP_ACTOR,
  );
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
    run: async () => ({
      sold: (await context.db.transaction((tx) => sellExpiredReservations(tx, context.records, now()))).length,
    }),
  });
  context.jobs.schedule({ id: RESERVATION_SWEEP, kind, every: SWEEP_INTERVAL_MS });
  return kind;
}
