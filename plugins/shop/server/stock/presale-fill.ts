import { findRecord, type Actor, type Queryable } from '@core/sdk/server';
import { ordersResource } from '../../shared/resources';
import { fillOrder } from '../orders/fill-order';
import type { OrderEvent } from '../orders/order-events';
import type { HandoutPolicy } from './reservation';

/*
 * Presale: an order marked presale that was taken on (in progress) without enough stock waits
 * with what it got. When stock of its product arrives it is served before anyone else can take
 * that stock, oldest order first, and completed once it has everything.
 */

/** The waiting presale orders of the product, oldest first; any another transaction holds right now (it is being completed or cancelled) is left to it. */
async function waitingPresaleOrders(tx: Queryable, productId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM shop.orders
      WHERE product = $1 AND presale AND status = 'in_progress' AND count < quantity AND deleted_at IS NULL
      ORDER BY created_at, id FOR UPDATE SKIP LOCKED`,
    [productId],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Fills the product's waiting presale orders from its free positions, oldest first, until the
 * stock runs out; completes each that becomes full. Returns the completed orders' events: the
 * caller announces them after its transaction commits (OrderEngine.announceCompleted).
 */
export async function fillPresaleOrders(
  tx: Queryable,
  productId: number,
  actor: Actor,
  policy: HandoutPolicy,
): Promise<OrderEvent[]> {
  const completed: OrderEvent[] = [];
  for (const id of await waitingPresaleOrders(tx, productId)) {
    const order = await findRecord(tx, ordersResource, id, { lock: true });
    if (!order) continue;
    const filled = await fillOrder(tx, order, 'what-there-is', 'fill', policy, actor);
    if (!filled) break;
    if (filled.completed) completed.push(filled.completed);
    if (filled.record.status !== 'completed') break;
  }
  return completed;
}
