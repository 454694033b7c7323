import type { DataEnvelope } from '@core/sdk/shared';
import type { HttpClients } from '@core/sdk/web';
import type { OrderPosition } from '../../shared/orders';

/** What an order holds: its positions, with their data when the caller may see it (each reveal audited). */
export async function orderPositions(
  clients: Pick<HttpClients, 'get'>,
  orderId: number,
  signal?: AbortSignal,
): Promise<readonly OrderPosition[]> {
  const answer = await clients
    .get('shop')
    .get<DataEnvelope<OrderPosition[]>>(`orders/${orderId}/positions`, { silent: true, ...(signal ? { signal } : {}) });
  return answer.data;
}
