import { isoInstant, recordAudit, type Queryable } from '@core/sdk/server';
import { positionsResource } from '../../shared/resources';

/*
 * A position's life as orders see it: free → reserved for a buyer (with the order) → sold when its
 * reservation runs out (reservation-sweep.ts), or back to free when the order is cancelled.
 *
 * These state changes are set-based SQL rather than the engine's per-record change: the claim must
 * be one `FOR UPDATE SKIP LOCKED` over many rows, and the positions' own hooks govern staff edits,
 * not hand-outs. Each change still does what an engine write does: version + 1 (an open edit dialog
 * of the position answers 409), updated_at/by, and an audit row per position in the same transaction.
 */

/** The position's fields an order changes, as its history shows them. */
export interface Holding {
  readonly state: string;
  readonly order: number | null;
  readonly owner: number | null;
  readonly reserved_until: string | null;
}

const FREE: Holding = { state: 'free', order: null, owner: null, reserved_until: null };

/** A timestamptz column as the engine's records show instants (ISO 8601, UTC, microseconds). */

/** One audit row of a position's change of hands. */
export function auditHolding(
  tx: Queryable,
  id: number,
  action: string,
  actorId: number | null,
  before: Holding,
  after: Holding,
): Promise<void> {
  return recordAudit(tx, {
    resource: positionsResource.id,
    recordId: id,
    action,
    actorId,
    before: { ...before },
    after: { ...after },
  });
}

/** An id column read as text (bigint is read as text so both drivers agree), or null. */
export const idOrNull = (text: string | null): number | null => (text === null ? null : Number(text));

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
  readonly actorId: number | null;
}

/** Reserves claimed positions for the order's buyer until `until`. */
export async function reservePositions(tx: Queryable, ids: readonly number[], reservation: Reservation): Promise<void> {
  if (ids.length === 0) return;
  const { orderId, ownerId, actorId } = reservation;
  const until = reservation.until.toISOString();
  await tx.query(
    `UPDATE shop.positions SET state = 'reserved', owner = $2, "order" = $3, reserved_until = $4::timestamptz,
            version = version + 1, updated_at = now(), updated_by = $5
      WHERE id = ANY($1::bigint[])`,
    [ids, ownerId, orderId, until, actorId],
  );
  for (const id of ids)
    await auditHolding(tx, id, 'reserve', actorId, FREE, {
      state: 'reserved',
      order: orderId,
      owner: ownerId,
      reserved_until: until,
    });
}

/** Frees the order's positions that are still reserved; their ids. Sold and defective ones stay with the order. */
export async function releasePositions(tx: Queryable, orderId: number, actorId: number | null): Promise<number[]> {
  const { rows } = await tx.query<{ id: string; owner: string | null; reserved_until: string | null }>(
    `WITH held AS (
       SELECT id, owner, reserved_until FROM shop.positions
        WHERE "order" = $1 AND state = 'reserved' AND deleted_at IS NULL ORDER BY id FOR UPDATE
     )
     UPDATE shop.positions p SET state = 'free', owner = NULL, "order" = NULL, reserved_until = NULL,
            version = p.version + 1, updated_at = now(), updated_by = $2
       FROM held h WHERE p.id = h.id
     RETURNING p.id::text AS id, h.owner::text AS owner, ${isoInstant('h.reserved_until')} AS reserved_until`,
    [orderId, actorId],
  );
  const released = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
  for (const row of released) {
    await auditHolding(
      tx,
      Number(row.id),
      'release',
      actorId,
      { state: 'reserved', order: orderId, owner: idOrNull(row.owner), reserved_until: row.reserved_until },
      FREE,
    );
  }
  return released.map((row) => Number(row.id));
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
