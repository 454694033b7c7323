import { useMemo, useState } from 'react';
import type { ResourceRecord } from '@core/sdk/shared';
import { ResourcePage, type ResourceScreenOptions } from '@core/sdk/web';
import { ordersResource } from '../../shared/resources';
import { OrderPositionsDialog } from './OrderPositionsDialog';

/**
 * `/orders` (SO): the engine's list of orders with the life-cycle row actions the definition
 * declares (start, complete, cancel), and "Positions" for an order that holds any: a dialog with
 * what it holds, reserved for its buyer.
 */
export function OrdersPage() {
  const [showing, setShowing] = useState<ResourceRecord | null>(null);
  const options = useMemo<ResourceScreenOptions>(
    () => ({
      rowActions: [{ name: 'positions', labelKey: 'shop:orders.positions.action', when: (order) => Number(order.count) > 0, run: (order) => setShowing(order) }],
    }),
    [],
  );
  return (
    <>
      <ResourcePage definition={ordersResource} options={options} />
      {showing && <OrderPositionsDialog order={showing} onClose={() => setShowing(null)} />}
    </>
  );
}
