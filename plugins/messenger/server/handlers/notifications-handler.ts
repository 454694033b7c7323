import type { Database } from '@core/sdk/server';
import { BotUnavailableError, NotificationsUnavailableError, type BotHandler, type Notifier } from '../services';
import { NOTIFICATION_HANDLER } from '../../shared/resources';
import type { TelegramBotApi } from '../telegram/bot-api';
import { firstBotWithHandler, liveBot } from '../bots/bot-store';
import type { HandlerClass } from './handler-class-sync';

/*
 * `messenger.notifications`: the bot teams add to their chats. It answers any message with the
 * chat's id, which a team copies into its notification chat id, and it is the bot the
 * notification service delivers through.
 */

export const chatIdReply = (chatId: number): Readonly<Record<'en' | 'ru', string>> => ({
  en: `This chat's id is ${chatId}. Use it as the notification chat id.`,
  ru: `ID этого чата: ${chatId}. Укажите его как ID чата для уведомлений.`,
});

export const NOTIFICATIONS_CLASS: HandlerClass = {
  name: NOTIFICATION_HANDLER,
  description: {
    en: 'Answers with the chat’s id and delivers notifications',
    ru: 'Сообщает ID чата и доставляет уведомления',
  },
};

export const notificationsHandler: BotHandler = {
  ...NOTIFICATIONS_CLASS,
  async handle(update, _bot, context) {
    if (update.chatId === null) return;
    await context.reply(chatIdReply(update.chatId)[context.language]);
  },
};

/**
 * Delivery for the notification service: through the bot `options.botId` names (a team's bot
 * writing to a member), or else the oldest live bot with this handler class; either is found on
 * each call (bots come and go while the server runs). A named bot that is missing, deleted or
 * has no token → BotUnavailableError; no notifications bot → NotificationsUnavailableError;
 * Telegram's refusals and unreachability reach the caller as the adapter's typed errors.
 */
export function notificationDelivery(db: Database, telegram: (token: string) => TelegramBotApi): Notifier {
  const tokenFor = async (botId: number | undefined): Promise<string> => {
    if (botId === undefined) {
      const bot = await firstBotWithHandler(db, NOTIFICATION_HANDLER);
      if (!bot) throw new NotificationsUnavailableError();
      return bot.token;
    }
    const bot = await liveBot(db, botId);
    if (!bot?.token) throw new BotUnavailableError(botId);
    return bot.token;
  };
  return {
    async notify(chatId, text, options = {}) {
      await telegram(await tokenFor(options.botId)).sendMessage(chatId, text);
    },
  };
}
