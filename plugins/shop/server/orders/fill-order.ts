import { formatMessage, type FieldValue, type ResourceRecord } from '@core/sdk/shared';
import { ApiError, type Actor, type Queryable } from '@core/sdk/server';
import { ordersResource, setupTasksResource } from '../../shared/resources';
import { claimFreePositions, orderPositionIds, reservePositions } from '../stock/positions-handout';
import { reservedUntil, type HandoutPolicy } from '../stock/reservation';
import { refreshStockCounts } from '../stock/stock-counts';
import { NOT_ENOUGH_STOCK } from './order-messages';
import type { OrderEvent } from './order-events';

/*
 * Handing stock to an order: free positions of its product are claimed (skipping any another
 * transaction is claiming), reserved for the buyer, the stock counters refreshed, and the order
 * brought up to date through the engine. An order that gets all it asked for is completed, and
 * joins the setup queue when it needs setup.
 */

/** The 409 of a completion the free stock cannot cover; `available` is what could have been handed out. */
export class StockShortage extends ApiError {
  constructor(
    readonly available: number,
    readonly needed: number,
  ) {
    super(409, formatMessage(NOT_ENOUGH_STOCK, { available, needed }));
  }
}

/** All or nothing (an ordinary order), or whatever there is (a presale order, which waits for the rest). */
export type FillMode = 'whole' | 'what-there-is';

export interface Filled {
  /** The order as stored now. */
  readonly record: ResourceRecord;
  /** Set when the order became complete: what to announce after commit. */
  readonly completed: OrderEvent | null;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The order as its listeners hear of it. */
export function orderEvent(order: ResourceRecord, positionIds: readonly number[]): OrderEvent {
  return {
    orderId: order.id,
    teamId: Number(order.team),
    productId: Number(order.product),
    userId: Number(order.user),
    quantity: Number(order.quantity),
    positionIds,
    botId: idOf(order.bot),
    teamUser: typeof order.team_user === 'string' ? order.team_user : null,
  };
}

/**
 * Hands the order (locked by the caller, status new or in progress) what it still lacks. In
 * `whole` mode a shortfall throws StockShortage and nothing changes; otherwise the order takes
 * what there is and stays in progress. Null when nothing could be handed out and nothing changed.
 * `action` names the change in the order's history.
 */
export async function fillOrder(
  tx: Queryable,
  order: ResourceRecord,
  mode: FillMode,
  action: string,
  policy: HandoutPolicy,
  actor: Actor,
): Promise<Filled | null> {
  const productId = Number(order.product);
  const quantity = Number(order.quantity);
  const count = Number(order.count ?? 0);
  const needed = quantity - count;
  const claimed = await claimFreePositions(tx, productId, needed);
  if (claimed.length < needed && mode === 'whole') throw new StockShortage(claimed.length, needed);
  if (claimed.length === 0 && needed > 0 && mode === 'what-there-is' && order.status === 'in_progress') return null;
  await reservePositions(
    tx,
    policy.records,
    claimed,
    { orderId: order.id, ownerId: Number(order.user), until: reservedUntil(policy) },
    actor,
  );
  await refreshStockCounts(tx, [productId], policy);
  const full = count + claimed.length === quantity;
  const values: Record<string, FieldValue> = full
    ? { count: quantity, status: 'completed', completed_at: policy.now().toISOString() }
    : { count: count + claimed.length, status: 'in_progress' };
  const record = await policy.records.changeIn(tx, ordersResource, order.id, { action, values, version: null }, actor);
  if (!full) return { record, completed: null };
  if (record.setup === true) {
    await policy.records.createIn(
      tx,
      setupTasksResource,
      {
        title: typeof record.title === 'string' ? record.title : null,
        order: record.id,
        user: Number(record.user),
        state: 'queued',
      },
      actor,
    );
  }
  return { record, completed: orderEvent(record, await orderPositionIds(tx, order.id)) };
}
