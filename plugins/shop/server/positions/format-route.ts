import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { ApiError, ID_PARAMS, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import { PRODUCT_NOT_FOUND } from './messages';
import { productForPositions } from './product-stock';

/** A product's position format, as the load dialog shows it. */
export interface ProductFormat {
  readonly format: string;
}

/**
 * `GET positions/product-format/:id` (SQ): the format of the product's category, the load dialog's
 * hint. Categories are SC's to read; loading positions needs only SQ, so the format comes here.
 */
export function formatRoute(app: FastifyInstance, context: ServerPluginContext): void {
  app.get<{ Params: IdParams }>(
    '/positions/product-format/:id',
    { config: { access: { requires: 'SQ' } }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<ProductFormat>> => {
      const product = await productForPositions(context.db, request.params.id, false);
      if (!product) throw new ApiError(404, PRODUCT_NOT_FOUND);
      return { data: { format: product.format } };
    },
  );
}
