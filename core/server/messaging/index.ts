import { createBotHandlerRegistry, type BotHandlerRegistry } from './bot-handlers';
import { createNotificationService, type NotificationService } from './notifications';

export * from './bot-handlers';
export * from './notifications';
export * from './server-messages';

/** The messenger contribution points every server plugin shares (`context.messaging`). */
export interface Messaging {
  readonly handlers: BotHandlerRegistry;
  readonly notifications: NotificationService;
}

/** One per server: every plugin's context holds the same registries. */
export function createMessaging(): Messaging {
  return { handlers: createBotHandlerRegistry(), notifications: createNotificationService() };
}
