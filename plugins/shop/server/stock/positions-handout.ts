import type { Actor, Queryable, RecordWriter } from '@core/sdk/server';
import { positionsResource } from '../../shared/resources';

/*
 * A position's life as orders see it: free → reserved for a buyer (with the order) → sold when its
 * reservation runs out (reservation-sweep.ts), or back to free when the order is cancelled.
 *
 * Each change of hands is one set-based write of the engine over the positions concerned
 * (`changeManyIn`): version + 1 (an open edit dialog of the position answers 409), updated_at/by
 * and an audit entry per position under the action's name, in the order's transaction. The
 * positions' own hooks govern staff edits and leave these actions alone.
 */

/** A position handed back to stock holds nothing. */
const FREE = { state: 'free', owner: null, order: null, reserved_until: null } as const;

/**
 * Up to `limit` free positions of the product, oldest first, locked until the transaction ends.
 * Rows another transaction is claiming right now are skipped, so concurrent claims never wait for
 * each other and never get the same position.
 */
export async function claimFreePositions(tx: Queryable, productId: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.positions
      WHERE product = $1 AND state = 'free' AND deleted_at IS NULL
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [productId, limit],
  );
  return rows.map((row) => Number(row.id));
}

export interface Reservation {
  readonly orderId: number;
  readonly ownerId: number;
  readonly until: Date;
}

/** Reserves claimed positions for the order's buyer until `until`. */
export async function reservePositions(
  tx: Queryable,
  records: RecordWriter,
  ids: readonly number[],
  reservation: Reservation,
  actor: Actor,
): Promise<void> {
  if (ids.length === 0) return;
  const values = {
    state: 'reserved',
    owner: reservation.ownerId,
    order: reservation.orderId,
    reserved_until: reservation.until.toISOString(),
  };
  await records.changeManyIn(tx, positionsResource, { ids }, { action: 'reserve', values }, actor);
}

/** Frees the order's positions that are still reserved; their ids. Sold and defective ones stay with the order. */
export async function releasePositions(
  tx: Queryable,
  records: RecordWriter,
  orderId: number,
  actor: Actor,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.positions
      WHERE "order" = $1 AND state = 'reserved' AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [orderId],
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return records.changeManyIn(tx, positionsResource, { ids }, { action: 'release', values: FREE }, actor);
}

/**
 * Whether any of the order's positions is sold for good (a sold position cannot be taken back):
 * sold, or reserved with its reservation over by `now` (sold, though the sweep may not have run yet).
 */
export async function holdsSoldPositions(tx: Queryable, orderId: number, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ sold: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM shop.positions
                     WHERE "order" = $1 AND deleted_at IS NULL
                       AND (state = 'sold' OR (state = 'reserved' AND reserved_until <= $2::timestamptz))) AS sold`,
    [orderId, now.toISOString()],
  );
  return rows[0]?.sold === true;
}

/** Every position the order holds (reserved, sold or found defective), in id order. */
export async function orderPositionIds(tx: Queryable, orderId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.positions WHERE "order" = $1 AND deleted_at IS NULL ORDER BY id`,
    [orderId],
  );
  return rows.map((row) => Number(row.id));
}
