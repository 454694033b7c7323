import type { BotHandlerContext, MessengerUpdate } from '../services';

/** The product's language for a messenger app's language tag (`ru`, `ru-RU`): Russian or else English. */
export function productLanguage(languageCode: string | null): 'en' | 'ru' {
  return languageCode !== null && /^ru(-|$)/i.test(languageCode) ? 'ru' : 'en';
}

/** Sends a text to a chat through the bot the update came to (it never shows the handler the token). */
export type BotSend = (chatId: number | string, text: string) => Promise<void>;

/** How a handler answers one update: through the bot's own messenger. */
export function handlerContext(send: BotSend, update: MessengerUpdate): BotHandlerContext {
  return {
    language: productLanguage(update.from?.languageCode ?? null),
    async reply(text) {
      if (update.chatId === null) throw new Error(`Update ${update.updateId} has no chat to reply to.`);
      await send(update.chatId, text);
    },
    send,
  };
}
