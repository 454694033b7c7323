import { formatMessage } from '@core/sdk/shared';
import {
  PermanentJobError,
  RetryLaterJobError,
  type ChannelMessage,
  type Database,
  type NotificationChannel,
  type UsersService,
} from '@core/sdk/server';
import { NOTIFICATION_HANDLER } from '../../shared/resources';
import { firstBotWithHandler } from '../bots/bot-store';
import type { Notifier } from '../services';
import { retryAfterOf } from '../telegram/bot-api';
import { TELEGRAM_WAIT } from '../telegram/telegram-failures';

/*
 * The kernel's notifications reach a user through the notifications bot too when they asked for a
 * source "through the bot": the kernel runs each delivery as a durable job (retried while Telegram
 * is unreachable) and calls `deliver`; a user is reachable when their profile carries a Telegram
 * id and a notifications bot with a token runs. Without one (local mode) nothing is sent and
 * `deliver` throws, so no delivery is ever claimed. The notifier given here runs inside the job,
 * so it waits out Telegram's shorter flood-control waits itself; a longer one fails the attempt
 * saying how long Telegram asked to wait, and the next attempt runs once that wait is over (not
 * after the delivery's backoff, which may be shorter and spend the attempt for nothing).
 */

export const TELEGRAM_CHANNEL = 'messenger.telegram';

const SEVERITY_MARK: Readonly<Record<ChannelMessage['severity'], string>> = {
  info: 'ℹ️',
  success: '✅',
  warning: '⚠️',
  error: '❗',
};

/** The message as the bot writes it: the title, the text, and the page's address when the product's public address is known. */
export function channelText(message: ChannelMessage, publicUrl: string | null): string {
  const lines = [`${SEVERITY_MARK[message.severity]} ${message.title}`];
  if (message.text !== null) lines.push('', message.text);
  if (message.link !== null && publicUrl !== null) lines.push('', `${publicUrl}${message.link}`);
  return lines.join('\n');
}

export interface TelegramChannelOptions {
  readonly db: Database;
  readonly users: UsersService;
  readonly notifier: Notifier;
  readonly publicUrl: string | null;
}

export function telegramChannel({ db, users, notifier, publicUrl }: TelegramChannelOptions): NotificationChannel {
  return {
    id: TELEGRAM_CHANNEL,
    async reaches(userId) {
      if ((await users.messengerIdOf(db, 'telegram', userId)) === null) return false;
      return (await firstBotWithHandler(db, NOTIFICATION_HANDLER)) !== null;
    },
    async deliver(message) {
      const chatId = await users.messengerIdOf(db, 'telegram', message.userId);
      if (chatId === null) throw new PermanentJobError('The user has no Telegram id (or is blocked).');
      try {
        await notifier.notify(chatId, channelText(message, publicUrl));
      } catch (error) {
        const seconds = retryAfterOf(error);
        if (seconds === null) throw error;
        throw new RetryLaterJobError(formatMessage(TELEGRAM_WAIT, { seconds }), {
          afterMs: seconds * 1000,
          cause: error,
        });
      }
    },
  };
}
