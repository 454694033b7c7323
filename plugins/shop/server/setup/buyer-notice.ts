import type { FastifyBaseLogger } from 'fastify';
import { BotUnavailableError, findRecord, NotificationsUnavailableError, type Messaging, type Queryable, type UsersService } from '@core/sdk/server';
import type { ResourceRecord } from '@core/sdk/shared';
import { ordersResource, teamsResource } from '../../shared/resources';
import type { NoticeOutcome } from '../../shared/setup';

/** What sending the buyer's notice needs from the plugin's context. */
export interface NoticeServices {
  readonly db: Queryable;
  readonly users: UsersService;
  readonly messaging: Messaging;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The notice in English: the SDK knows no staff member's language (Telegram's language code
 * reaches a bot handler with each update, but is not kept with the user).
 */
export function noticeText(task: ResourceRecord, orderId: number): string {
  const title = typeof task.title === 'string' && task.title !== '' ? ` (${task.title})` : '';
  const comment = typeof task.comment === 'string' ? task.comment : null;
  if (task.state === 'failed') return `Setup of your order #${orderId}${title} failed.${comment ? `\nReason: ${comment}` : ''}`;
  return `Setup of your order #${orderId}${title} is done.${comment ? `\nComment: ${comment}` : ''}`;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The buyer's private chat: the Telegram account that placed the order through the team's bot,
 * provided that account is still the order's buyer (after a manual transfer it is not, and the
 * notice must not go to the previous buyer). An order placed on the screens has no chat the shop
 * knows: the SDK finds a user by Telegram id, not a Telegram id by user.
 */
async function buyerChat(services: NoticeServices, order: ResourceRecord): Promise<number | null> {
  const account = typeof order.team_user === 'string' && /^[1-9][0-9]{0,15}$/.test(order.team_user) ? Number(order.team_user) : null;
  if (account === null) return null;
  const holder = await services.users.findByMessengerId(services.db, 'telegram', account);
  return holder !== null && holder.id === order.user ? account : null;
}

async function deliver(services: NoticeServices, task: ResourceRecord): Promise<NoticeOutcome> {
  const orderId = idOf(task.order);
  const order = orderId === null ? null : await findRecord(services.db, ordersResource, orderId, { withDeleted: true });
  if (!order || orderId === null) return 'no-chat';
  const teamId = idOf(order.team);
  const team = teamId === null ? null : await findRecord(services.db, teamsResource, teamId, { withDeleted: true });
  const botId = idOf(team?.bot);
  if (botId === null) return 'no-bot';
  const chat = await buyerChat(services, order);
  if (chat === null) return 'no-chat';
  try {
    await services.messaging.notifications.notify(chat, noticeText(task, orderId), { botId });
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
  if (outcome !== 'sent') services.log.warn({ setupTask: task.id, order: task.order, notice: outcome }, 'shop setup: the buyer was not notified');
  return outcome;
}
