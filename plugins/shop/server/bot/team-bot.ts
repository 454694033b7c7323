import type { FastifyInstance } from 'fastify';
import { serverMessageTranslation, type ServerPluginContext } from '@core/sdk/server';
import { BOT_HANDLERS, NOTIFICATIONS } from '@plugins/messenger/server/services';
import { ORDER_MESSAGES_RU, type OrderEvents } from '../orders';
import { deliverCompletedOrders } from './order-delivery';
import { orderHandler } from './order-handler';

export interface TeamBotOptions {
  /** The order engine's announcements (after registerOrders): completed orders are delivered to their buyers. */
  readonly events: OrderEvents;
  /** The shop's clock, for today's remainders. */
  readonly now: () => Date;
}

/** The team bot: the `shop.orders` handler class, and completed orders sent to their buyers through the team's bot. */
export function registerTeamBot(app: FastifyInstance, context: ServerPluginContext, options: TeamBotOptions): void {
  const { db, users, records } = context;
  // A refused order is answered in the API's words: the order engine's refusals and the core's.
  const translate = serverMessageTranslation(ORDER_MESSAGES_RU);
  context.extensionPoint(BOT_HANDLERS).register(orderHandler({ db, records, users, translate, now: options.now }));
  deliverCompletedOrders(options.events, { db, users, notifications: context.service(NOTIFICATIONS), log: app.log });
}
