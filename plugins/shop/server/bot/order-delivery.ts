import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable, UsersService } from '@core/sdk/server';
import type { Notifier } from '@plugins/messenger/server/services';
import { ordersResource, positionsResource, productsResource, teamsResource } from '../../shared/resources';
import type { OrderEvent, OrderEvents } from '../orders';
import { messageChunks } from './message-chunks';

/*
 * When an order completes, its buyer receives the positions in a private chat through the team's
 * bot: the bot the order came through, or else the team's bot when the buyer has a Telegram id.
 * The message is the order's number and title, the product's order text and one position's data
 * a line. The data goes to Telegram only: a failure is logged with the order's and bot's ids and
 * the error's kind, never with the text.
 */

export interface OrderDeliveryDeps {
  readonly db: Database;
  readonly users: UsersService;
  readonly notifications: Notifier;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
}

interface DeliveredOrder {
  readonly title: string | null;
  readonly order_text: string | null;
  readonly team_bot: string | null;
}

async function deliveredOrder(db: Queryable, orderId: number): Promise<DeliveredOrder | null> {
  const { rows } = await db.query<DeliveredOrder>(
    `SELECT o.title, p.order_text, t.bot::text AS team_bot
       FROM ${ordersResource.table} o
       JOIN ${productsResource.table} p ON p.id = o.product
       LEFT JOIN ${teamsResource.table} t ON t.id = o.team AND t.deleted_at IS NULL
      WHERE o.id = $1`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** The positions' data, in id order: only positions the order handed to this buyer. */
async function positionsData(db: Queryable, event: OrderEvent): Promise<string[]> {
  const { rows } = await db.query<{ data: string }>(
    `SELECT data FROM ${positionsResource.table}
      WHERE id = ANY($1::bigint[]) AND "order" = $2 AND owner = $3 AND deleted_at IS NULL AND data IS NOT NULL
      ORDER BY id`,
    [event.positionIds, event.orderId, event.userId],
  );
  return rows.map((row) => row.data);
}

/** The text lines the buyer receives for the order. */
export function deliveryLines(orderId: number, order: DeliveredOrder, data: readonly string[]): string[] {
  const orderText = order.order_text?.trim() ?? '';
  return [`#${orderId} ${order.title ?? ''}`.trim(), ...(orderText === '' ? [] : [orderText]), ...data];
}

/** The failure as a log line may carry it: its kind and the adapter's message (a refused chat, Telegram unreachable), no text sent. */
const described = (error: unknown): { name: string; message: string } =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: 'unknown failure' };

async function deliver(deps: OrderDeliveryDeps, event: OrderEvent): Promise<void> {
  const { db, users, notifications, log } = deps;
  const order = await deliveredOrder(db, event.orderId);
  const botId = event.botId ?? (order?.team_bot ? Number(order.team_bot) : null);
  if (!order || botId === null) return;
  try {
    // A private chat's id is the member's own Telegram id.
    const chatId = await users.messengerIdOf(db, 'telegram', event.userId);
    if (chatId === null) return;
    const data = await positionsData(db, event);
    for (const text of messageChunks(deliveryLines(event.orderId, order, data)))
      await notifications.notify(chatId, text, { botId });
  } catch (error) {
    log.warn(
      { orderId: event.orderId, botId, error: described(error) },
      'Shop bot could not deliver a completed order',
    );
  }
}

/** Sends each completed order's positions to its buyer through the team's bot (see above). */
export function deliverCompletedOrders(events: OrderEvents, deps: OrderDeliveryDeps): void {
  events.on('completed', (event) => deliver(deps, event));
}
