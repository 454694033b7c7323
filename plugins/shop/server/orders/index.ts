import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import type { OrderEngine } from './order-engine';
import { orderPositionsRoute } from './order-positions';
import { orderActionRoutes } from './order-routes';

/*
 * The order engine (see README.md): orders' rules as engine hooks (order-hooks.ts), their life
 * cycle (order-engine.ts) behind the row actions, and what an order holds (order-positions.ts).
 */

export { orderHooks } from './order-hooks';
export { OrderEngine } from './order-engine';
export { ORDER_MESSAGES_RU } from './messages-ru';
export { placeOrder } from './place-order';
export { teamDayRemainder } from './team-day';
export type { OrderEvent, OrderEvents } from './order-events';

/** Attaches the engine to the running server (database, logger, reservation setting, the sweep) and mounts its routes. */
export function registerOrders(app: FastifyInstance, context: ServerPluginContext, orders: OrderEngine): void {
  orders.attach(app, context);
  orderActionRoutes(app, context, orders);
  orderPositionsRoute(app, context);
}
