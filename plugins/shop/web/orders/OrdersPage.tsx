import type { ResourceRecord } from '@core/sdk/shared';
import { ResourcePage, type ResourceScreenOptions, type RowActionContext } from '@core/sdk/web';
import { ordersResource } from '../../shared/resources';
import { OrderPositionsDialog } from './OrderPositionsDialog';

/**
 * Complete asks first ('Are you sure?' naming the order), then shows what the order reserved and
 * until when; a refusal (not enough stock) is the server's message, reported by the engine.
 */
async function completeOrder(order: ResourceRecord, context: RowActionContext): Promise<void> {
  if (!(await context.confirm('shop:actions.completeConfirm'))) return;
  const completed = await context.api.rowAction(order.id, 'complete');
  context.feedback.succeeded('done');
  await context.reload();
  // The answer is the order as completed; the labels it may lack are those the list showed.
  const shown = isOrder(completed) ? { ...order, ...completed } : order;
  context.showDialog((close) => <OrderPositionsDialog order={shown} completed onClose={close} />);
}

function isOrder(value: unknown): value is ResourceRecord {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'number';
}

/**
 * The orders' screen options, on the list and the order's record page alike: the life-cycle row
 * actions the definition declares (start, complete, cancel), complete run in code to show what it
 * reserved, and "Positions" for an order that holds any: a dialog with what it holds.
 */
export const ORDER_SCREEN_OPTIONS: ResourceScreenOptions = {
  rowActions: [
    {
      name: 'positions',
      labelKey: 'shop:orders.positions.action',
      when: (order) => Number(order.count) > 0,
      run: (order, context) => context.showDialog((close) => <OrderPositionsDialog order={order} onClose={close} />),
    },
  ],
  rowActionRunners: { complete: completeOrder },
};

/** `/orders` (SO): the engine's list of orders with the options above. */
export function OrdersPage() {
  return <ResourcePage definition={ordersResource} options={ORDER_SCREEN_OPTIONS} />;
}
