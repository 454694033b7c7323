import { ProviderSlot, type Providable } from '../provided-service';

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
export interface NotificationService extends Notifier, Providable<Notifier> {}

class NotificationDelivery extends ProviderSlot<Notifier> implements NotificationService {
  constructor() {
    super('Notification delivery', () => new NotificationsUnavailableError());
  }

  async notify(chatId: number | string, text: string, options?: NotifyOptions): Promise<void> {
    await this.provider().notify(chatId, text, options);
  }
}

export function createNotificationService(): NotificationService {
  return new NotificationDelivery();
}
