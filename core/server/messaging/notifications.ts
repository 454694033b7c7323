/** Which bot a notification goes through. */
export interface NotifyOptions {
  /**
   * The bot to send through (a team's own bot writing to a member's private chat); by default the
   * bot the delivery chooses (the messenger's notifications bot).
   */
  readonly botId?: number;
}

/** Sends a text to a messenger chat: an agency team's notification chat, or a member through the team's bot. */
export interface Notifier {
  notify(chatId: number | string, text: string, options?: NotifyOptions): Promise<void>;
}

export const NOTIFICATIONS_UNAVAILABLE = 'Notifications cannot be sent: no messenger bot with the notification handler is running.';

/** No plugin provides delivery (the messenger plugin is off, or has no notification bot). */
export class NotificationsUnavailableError extends Error {
  constructor(message = NOTIFICATIONS_UNAVAILABLE) {
    super(message);
    this.name = 'NotificationsUnavailableError';
  }
}

/**
 * The bot `notify` was told to send through cannot send: there is no such bot, it is deleted, or it
 * has no token. Nothing was sent; the message names the bot's id only.
 */
export class BotUnavailableError extends Error {
  constructor(readonly botId: number) {
    super(`Bot ${botId} cannot send: it does not exist, is deleted or has no token.`);
    this.name = 'BotUnavailableError';
  }
}

/**
 * What plugins send notifications through. One plugin (the messenger) provides delivery; every
 * other calls `notify` and gets NotificationsUnavailableError while nobody does.
 */
export interface NotificationService extends Notifier {
  /** Whether a plugin provides delivery. */
  readonly available: boolean;
  /** Makes `notifier` the delivery; a second provider stops start-up. */
  provide(notifier: Notifier): void;
}

export function createNotificationService(): NotificationService {
  let delivery: Notifier | null = null;
  return {
    get available() {
      return delivery !== null;
    },
    provide(notifier) {
      if (delivery) throw new Error('Notification delivery is provided twice.');
      delivery = notifier;
    },
    async notify(chatId, text, options) {
      if (!delivery) throw new NotificationsUnavailableError();
      await delivery.notify(chatId, text, options);
    },
  };
}
