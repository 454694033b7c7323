/** Sends a text to a messenger chat: an agency team's notification chat, say. */
export interface Notifier {
  notify(chatId: number | string, text: string): Promise<void>;
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
    async notify(chatId, text) {
      if (!delivery) throw new NotificationsUnavailableError();
      await delivery.notify(chatId, text);
    },
  };
}
