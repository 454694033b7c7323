import type { LocalizedText } from '@core/sdk/shared';
import { extensionPointRef, serviceRef } from '@core/sdk/server';

/*
 * What the messenger plugin offers other plugins: the bot handler classes they add (an extension
 * point) and the notifications they send (a service). A plugin takes them by declaring them in its
 * `services` and importing this file: its manifest must name the messenger among its dependencies
 * or optional dependencies.
 */

/** A messenger account as an update names it (Telegram's `User`). */
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
 * A handler class: what a bot does with its updates; a bot chooses one by `name`. A handler that
 * throws is logged with the update's id and the update is not offered again.
 */
export interface BotHandler {
  /** `<plugin id>.<name>`, lower case, e.g. `messenger.sign-in`. */
  readonly name: string;
  readonly description: LocalizedText;
  handle(update: MessengerUpdate, bot: BotIdentity, context: BotHandlerContext): Promise<void>;
}

export const BOT_HANDLER_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** The handler classes the enabled plugins add in their `register`. */
export interface BotHandlerRegistry {
  /** Adds a handler; a malformed or already taken name stops start-up. */
  register(handler: BotHandler): void;
  list(): readonly BotHandler[];
  find(name: string): BotHandler | undefined;
}

/** Which bot a notification goes through. */
export interface NotifyOptions {
  /** The bot to send through (a team's bot writing to a member's private chat); by default the notifications bot. */
  readonly botId?: number;
}

/**
 * Sends a text to a messenger chat: a team's notification chat, or a member through the team's
 * bot. Refuses with NotificationsUnavailableError while no bot has the notifications handler, and
 * BotUnavailableError when the bot `botId` names cannot send.
 */
export interface Notifier {
  notify(chatId: number | string, text: string, options?: NotifyOptions): Promise<void>;
}

export const NOTIFICATIONS_UNAVAILABLE =
  'Notifications cannot be sent: no messenger bot with the notification handler is running.';

/** No bot has the notifications handler class. */
export class NotificationsUnavailableError extends Error {
  constructor(message = NOTIFICATIONS_UNAVAILABLE) {
    super(message);
    this.name = 'NotificationsUnavailableError';
  }
}

/** The bot `notify` was told to send through does not exist, is deleted or has no token; nothing was sent. */
export class BotUnavailableError extends Error {
  constructor(readonly botId: number) {
    super(`Bot ${botId} cannot send: it does not exist, is deleted or has no token.`);
    this.name = 'BotUnavailableError';
  }
}

/** `messenger.botHandlers`: the extension point other plugins add bot handler classes to (`services.extends`). */
export const BOT_HANDLERS = extensionPointRef<BotHandlerRegistry>('messenger.botHandlers');

/** `messenger.notifications`: messages to chats through the messenger's bots. */
export const NOTIFICATIONS = serviceRef<Notifier>('messenger.notifications');
