import type { BotHandlerContext, MessengerUpdate } from '../services';
import type { TelegramBotApi } from '../telegram/bot-api';

/** The product's language for a messenger app's language tag (`ru`, `ru-RU`): Russian or else English. */
export function productLanguage(languageCode: string | null): 'en' | 'ru' {
  return languageCode !== null && /^ru(-|$)/i.test(languageCode) ? 'ru' : 'en';
}

/** How a handler answers one update: through the bot's own Telegram adapter (it never sees the token). */
export function handlerContext(api: TelegramBotApi, update: MessengerUpdate): BotHandlerContext {
  return {
    language: productLanguage(update.from?.languageCode ?? null),
    async reply(text) {
      if (update.chatId === null) throw new Error(`Update ${update.updateId} has no chat to reply to.`);
      await api.sendMessage(update.chatId, text);
    },
    async send(chatId, text) {
      await api.sendMessage(chatId, text);
    },
  };
}
