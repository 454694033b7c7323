import type { Actor, Queryable } from '@core/sdk/server';
import type { OrderEvent } from '../orders/order-events';
import { fillPresaleOrders } from './presale-fill';
import type { HandoutPolicy } from './reservation';
import { refreshStockCounts } from './stock-counts';

/**
 * What every writer that adds free positions (bulk load, a position freed by hand) calls, in the
 * same transaction, right after: waiting presale orders of those products are served first, then
 * the stock counters are refreshed. Returns the orders that became complete, to announce after
 * commit. Through the order engine: `orders.stockArrivedIn(tx, productIds, actor)` then
 * `orders.announceCompleted(events)`, or `orders.stockArrived(db, productIds, actor)` in a transaction of its own.
 */
export async function stockArrived(
  tx: Queryable,
  productIds: readonly number[],
  actor: Actor,
  policy: HandoutPolicy,
): Promise<OrderEvent[]> {
  const products = [...new Set(productIds)].sort((a, b) => a - b);
  const completed: OrderEvent[] = [];
  for (const productId of products) completed.push(...(await fillPresaleOrders(tx, productId, actor, policy)));
  await refreshStockCounts(tx, products, policy);
  return completed;
}
