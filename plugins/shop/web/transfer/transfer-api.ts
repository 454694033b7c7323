import type { DataEnvelope, ResourceDefinition } from '@core/sdk/shared';
import type { HttpClients } from '@core/sdk/web';
import { ordersResource } from '../../shared/resources';
import {
  TRANSFER_ORDERS_PATH,
  TRANSFER_PATH,
  TRANSFER_PREVIEW_PATH,
  type TransferPreview,
  type TransferPreviewBody,
  type TransferResult,
  type TransferTarget,
} from '../../shared/transfer';

/**
 * The orders a transfer picks from, as the engine's list pieces read them: the orders' fields
 * served by `GET transfer/orders` (completed orders of one buyer or team, SM) with no row actions.
 */
export const transferOrdersScreen: ResourceDefinition = {
  ...ordersResource,
  path: TRANSFER_ORDERS_PATH,
  rowActions: [],
};

/** Where the orders come from: a buyer or a team. */
export interface TransferSource {
  readonly kind: 'user' | 'team';
  readonly id: number;
}

/** The transfer calls, silent: the page says what happened in its own words. */
export class TransferApi {
  constructor(private readonly clients: Pick<HttpClients, 'get'>) {}

  async preview(orders: readonly number[], target: TransferTarget): Promise<TransferPreview> {
    const body: TransferPreviewBody = { orders, ...target };
    return (
      await this.clients.get('shop').post<DataEnvelope<TransferPreview>>(TRANSFER_PREVIEW_PATH, body, { silent: true })
    ).data;
  }

  /** Moves the preview's movable orders at the versions it showed. */
  async transfer(preview: TransferPreview, target: TransferTarget): Promise<TransferResult> {
    const movable = preview.rows.filter((row) => row.refusal === null && row.version !== null);
    const versions = Object.fromEntries(movable.map((row) => [String(row.order), row.version ?? 0]));
    const body = { orders: movable.map((row) => row.order), versions, ...target };
    return (await this.clients.get('shop').post<DataEnvelope<TransferResult>>(TRANSFER_PATH, body, { silent: true }))
      .data;
  }
}
