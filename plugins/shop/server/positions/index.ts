import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { categoriesResource, positionsResource, productsResource } from '../../shared/resources';
import { categoryCountDerived, productStockHooks } from '../stock/stock-counts';
import { bulkLoadRoute } from './bulk-load';
import { categoryHooks } from './category-format-rule';
import { formatRoute } from './format-route';
import { positionHooks } from './position-rules';
import type { PositionStock } from './position-stock';
import { revealRoute } from './reveal-route';

/*
 * The positions part: the stock's units loaded in bulk, their data revealed only to those who may
 * see it, and the rules of manual edits (positions and their categories' format) as engine hooks.
 */

export { POSITIONS_MESSAGES_RU } from './messages';
export type { PositionStock } from './position-stock';

/** The engine hooks of positions and categories, and the stock counters positions make (products' and categories'). */
export function registerPositionHooks(context: ServerPluginContext, stock: PositionStock): void {
  context.resources.hooks(positionsResource, positionHooks(stock));
  context.resources.hooks(categoriesResource, { ...categoryHooks, derived: categoryCountDerived });
  context.resources.hooks(productsResource, productStockHooks);
}

/** `POST positions/bulk`, `GET positions/:id/data`, `GET positions/product-format/:id`. */
export function positionRoutes(app: FastifyInstance, context: ServerPluginContext): void {
  bulkLoadRoute(app, context);
  revealRoute(app, context);
  formatRoute(app, context);
}
