import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ResourceRecord, RowAction } from '@core/sdk/shared';
import {
  assertNoBody,
  ID_PARAMS,
  serverMessageTranslation,
  type Actor,
  type Database,
  type IdParams,
  type ServerPluginContext,
} from '@core/sdk/server';
import { ordersResource } from '../../shared/resources';
import { StockShortage } from './fill-order';
import { ORDER_MESSAGES_RU } from './messages-ru';
import type { OrderEngine } from './order-engine';

/*
 * The orders' row actions (`POST orders/{id}/start|complete|cancel`, SO): body-less, each one step
 * of the order engine. A completion short of stock answers 409 with `available` (how many units
 * there were) beside the message, so a client can offer to order that many.
 */

type Step = (db: Database, orderId: number, actor: Actor) => Promise<ResourceRecord>;

function rowAction(name: string): RowAction {
  const action = ordersResource.rowActions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`shop.orders declares no "${name}" action`);
  return action;
}

/** The shortage answer: the message in the caller's language, and the numbers. */
interface ShortageBody {
  readonly message: string;
  readonly available: number;
  readonly needed: number;
}

export function orderActionRoutes(app: FastifyInstance, context: ServerPluginContext, orders: OrderEngine): void {
  const say = serverMessageTranslation(ORDER_MESSAGES_RU);
  const route = (name: string, step: Step): void => {
    const action = rowAction(name);
    app.post<{ Params: IdParams }>(
      `/${ordersResource.path}/:id/${action.endpoint}`,
      { config: { access: { requires: action.requires } }, schema: { params: ID_PARAMS } },
      async (request, reply): Promise<DataEnvelope<ResourceRecord> | ShortageBody> => {
        assertNoBody(request.body);
        const actor = context.routes.actorOf(request);
        try {
          return { data: await step(context.db, request.params.id, actor) };
        } catch (error) {
          // The error handler sends `{ message, errors }` only; this refusal carries its numbers too.
          if (!(error instanceof StockShortage)) throw error;
          return reply
            .status(409)
            .send({ message: say(error.message, actor.language), available: error.available, needed: error.needed });
        }
      },
    );
  };
  route('start', (db, id, actor) => orders.startOrder(db, id, actor));
  route('complete', (db, id, actor) => orders.completeOrder(db, id, actor));
  route('cancel', (db, id, actor) => orders.cancelOrder(db, id, actor));
}
