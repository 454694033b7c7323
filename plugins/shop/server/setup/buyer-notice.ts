import type { FastifyBaseLogger } from 'fastify';
import { findRecord, type Queryable, type UsersService } from '@core/sdk/server';
import { BotUnavailableError, NotificationsUnavailableError, type Notifier } from '@plugins/messenger/server/services';
import type { ResourceRecord } from '@core/sdk/shared';
import { ordersResource, teamsResource } from '../../shared/resources';
import type { NoticeOutcome } from '../../shared/setup';

/** What sending the buyer's notice needs from the plugin's context. */
export interface NoticeServices {
  readonly db: Queryable;
  readonly users: UsersService;
  readonly notifications: Notifier;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The notice in English: the SDK knows no staff member's language (Telegram's language code
 * reaches a bot handler with each update, but is not kept with the user).
 */
export function noticeText(task: ResourceRecord, orderId: number): string {
  const title = typeof task.title === 'string' && task.title !== '' ? ` (${task.title})` : '';
  const comment = typeof task.comment === 'string' ? task.comment : null;
  if (task.state === 'failed')
    return `Setup of your order #${orderId}${title} failed.${comment ? `\nReason: ${comment}` : ''}`;
  return `Setup of your order #${orderId}${title} is done.${comment ? `\nComment: ${comment}` : ''}`;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The team's bot, as the completed order's delivery (../bot/order-delivery.ts) falls back to it. */
async function teamBot(db: Queryable, teamId: number | null): Promise<number | null> {
  const team = teamId === null ? null : await findRecord(db, teamsResource, teamId, { withDeleted: true });
  return idOf(team?.bot);
}

async function deliver(services: NoticeServices, task: ResourceRecord): Promise<NoticeOutcome> {
  const orderId = idOf(task.order);
  const order = orderId === null ? null : await findRecord(services.db, ordersResource, orderId, { withDeleted: true });
  if (!order || orderId === null) return 'no-chat';
  const botId = idOf(order.bot) ?? (await teamBot(services.db, idOf(order.team)));
  if (botId === null) return 'no-bot';
  // A private chat's id is the buyer's own Telegram id; the order's buyer now (a transfer moves it).
  const buyer = idOf(order.user);
  const chat = buyer === null ? null : await services.users.messengerIdOf(services.db, 'telegram', buyer);
  if (chat === null) return 'no-chat';
  try {
    await services.notifications.notify(chat, noticeText(task, orderId), { botId });
    return 'sent';
  } catch (error) {
    if (error instanceof NotificationsUnavailableError) return 'unavailable';
    if (error instanceof BotUnavailableError) return 'no-bot';
    return 'failed';
  }
}

/**
 * Tells the buyer a finished task's outcome through the team's bot, after the task was saved: a
 * notice that cannot go out never undoes the task. What became of it is answered to the caller
 * and, when it did not go out, logged with the task's and order's ids only (never the chat or text).
 */
export async function notifyBuyer(services: NoticeServices, task: ResourceRecord): Promise<NoticeOutcome> {
  const outcome = await deliver(services, task);
  if (outcome !== 'sent')
    services.log.warn(
      { setupTask: task.id, order: task.order, notice: outcome },
      'shop setup: the buyer was not notified',
    );
  return outcome;
}
