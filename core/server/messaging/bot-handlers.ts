import type { LocalizedText } from '@core/shared/manifest';

/** A messenger account as an update names it (Telegram's `User`, in the kernel's words). */
export interface MessengerUser {
  readonly id: number;
  readonly username: string | null;
  readonly firstName: string | null;
  /** IETF tag the messenger app reports (`ru`, `en-GB`), or null. */
  readonly languageCode: string | null;
}

/**
 * One incoming update, reduced to what handlers act on. `raw` is the messenger's own object, for
 * a handler that needs more (inline queries, callbacks); nothing in it has been checked.
 */
export interface MessengerUpdate {
  readonly updateId: number;
  /** The chat the update came from, where a reply goes; null for updates without one. */
  readonly chatId: number | null;
  readonly from: MessengerUser | null;
  /** The message's text (a command with its argument: `/start abc`), or null. */
  readonly text: string | null;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** The bot an update arrived at, as its handler sees it (never its token). */
export interface BotIdentity {
  readonly id: number;
  readonly name: string;
  /** The messenger's user name of the bot (`agency_bot`), known once its token was checked. */
  readonly username: string | null;
  readonly messenger: string;
}

/** How a handler answers: through the bot's own messenger adapter. */
export interface BotHandlerContext {
  /** Sends `text` to the update's chat; refused when the update has none. */
  reply(text: string): Promise<void>;
  send(chatId: number | string, text: string): Promise<void>;
  /** The sender's language as far as the product speaks it (en unless the app says ru). */
  readonly language: 'en' | 'ru';
}

/**
 * A handler class: what a bot does with its updates. Any plugin contributes handlers
 * (`context.messaging.handlers.register`); a bot chooses one by `name`. A handler that throws is
 * logged with the update's id and the update is not offered again.
 */
export interface BotHandler {
  /** `<plugin id>.<name>`, lower case, e.g. `messenger.sign-in`. */
  readonly name: string;
  readonly description: LocalizedText;
  handle(update: MessengerUpdate, bot: BotIdentity, context: BotHandlerContext): Promise<void>;
}

export const BOT_HANDLER_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** The handler classes the enabled plugins contribute, read when a bot is saved or an update arrives. */
export interface BotHandlerRegistry {
  /** Adds a handler; a malformed or already taken name stops start-up. */
  register(handler: BotHandler): void;
  list(): readonly BotHandler[];
  find(name: string): BotHandler | undefined;
}

export function createBotHandlerRegistry(): BotHandlerRegistry {
  const handlers = new Map<string, BotHandler>();
  return {
    register(handler) {
      if (!BOT_HANDLER_NAME.test(handler.name)) throw new Error(`Bot handler name "${handler.name}" must read <plugin>.<name> in lower case.`);
      if (handlers.has(handler.name)) throw new Error(`Bot handler "${handler.name}" is registered twice.`);
      handlers.set(handler.name, handler);
    },
    list: () => [...handlers.values()],
    find: (name) => handlers.get(name),
  };
}
