import { defineServerPlugin, type ServerPlugin } from '@core/sdk/server';
import { messengerManifest } from '../manifest';
import { botsResource, handlerClassesResource, MESSENGER_RESOURCES } from '../shared/resources';
import { botActionRoutes } from './bots/bot-actions';
import { botHooks } from './bots/bot-hooks';
import { readMessengerConfig, type Environment } from './config';
import { seedMessengerDemo } from './demo/demo-bots';
import { createBotHandlerRegistry } from './handlers/bot-handler-registry';
import { handlerClassHooks, syncHandlerClasses } from './handlers/handler-class-sync';
import { telegramChannel } from './handlers/notification-channel';
import { notificationDelivery, notificationsHandler } from './handlers/notifications-handler';
import { signInBotLink, signInHandler } from './handlers/sign-in-handler';
import { MESSENGER_MESSAGES_RU } from './messages-ru';
import { BOT_HANDLERS, NOTIFICATIONS, type BotHandler } from './services';
import webhooksSql from './migrations/0001_webhooks.sql?raw';
import { JOB_FLOOD_WAIT_MS, REQUEST_FLOOD_WAIT_MS, sleep, TelegramBotApi, type Sleep } from './telegram/bot-api';
import { laterMessages } from './telegram/later-messages';
import { webhookRoute } from './webhook/webhook-route';
import { WebhookSecrets } from './webhook/webhook-secrets';

export interface MessengerServerOptions {
  /** Environment variables the plugin reads (ERP_TELEGRAM_API_BASE, ERP_PUBLIC_URL, ERP_MESSENGER_WEBHOOK_SECRET); the process's by default. */
  readonly env?: Environment;
  /** The clock webhook statuses are stamped with. */
  readonly now?: () => Date;
  /** How the plugin waits when Telegram's flood control asks it to; tests pass one that returns at once. */
  readonly sleep?: Sleep;
}

/**
 * The messenger service (`/tg-bots`, code MB): bots through the resource engine with
 * their Telegram row actions, the webhook receiver handing updates to each bot's handler class,
 * the handler classes kept in step with the plugins that add them (the `messenger.botHandlers`
 * extension point it offers), and this plugin's own two classes: sign-in through the bot
 * (`context.signIn`) and team notifications (the `messenger.notifications` service it provides),
 * which also carry the kernel's notifications to users who asked for them through the bot.
 * See README.md.
 */
export function createMessengerServerPlugin(options: MessengerServerOptions = {}): ServerPlugin {
  // Every plugin's handler classes, once registration ran: demo seeding makes sure of them all.
  let registered: (() => readonly BotHandler[]) | null = null;
  return defineServerPlugin({
    manifest: messengerManifest,
    migrations: [{ name: '0001_webhooks', sql: webhooksSql }],
    resources: MESSENGER_RESOURCES,
    // The shop's demo gives its team bot the shop's order handler class.
    sharedViews: ['handler_classes'],
    services: { provides: [NOTIFICATIONS], offers: [BOT_HANDLERS] },
    messages: { ru: MESSENGER_MESSAGES_RU },
    register(app, context) {
      const { db, signIn } = context;
      context.resources.hooks(handlerClassesResource, handlerClassHooks);
      context.resources.hooks(botsResource, botHooks);
      const config = readMessengerConfig(context.settings, options.env ?? process.env);
      const wait = options.sleep ?? sleep;
      // Requests wait briefly for flood control; jobs (notification delivery) may wait longer.
      const telegram = (token: string): TelegramBotApi =>
        new TelegramBotApi({
          token,
          baseUrl: config.telegramApiBase,
          floodWait: { maxWaitMs: REQUEST_FLOOD_WAIT_MS, sleep: wait },
        });
      const telegramInJob = (token: string): TelegramBotApi =>
        new TelegramBotApi({
          token,
          baseUrl: config.telegramApiBase,
          floodWait: { maxWaitMs: JOB_FLOOD_WAIT_MS, sleep: wait },
        });
      const secrets = new WebhookSecrets(db, config.webhookKey);
      const handlers = createBotHandlerRegistry();
      registered = () => handlers.list();

      handlers.register(signInHandler(signIn));
      handlers.register(notificationsHandler);
      context.offer(BOT_HANDLERS, handlers);
      const notifier = notificationDelivery(db, telegram);
      context.provide(NOTIFICATIONS, notifier);
      // The kernel's notifications a user asked to get through the bot too.
      context.notifications.channel(
        telegramChannel({
          db,
          users: context.users,
          notifier: notificationDelivery(db, telegramInJob),
          publicUrl: config.publicUrl,
        }),
      );
      signIn.provideBotLink(signInBotLink(db));

      botActionRoutes(app, context, { config, secrets, telegram, now: options.now ?? (() => new Date()) });
      const later = laterMessages(context, { telegramInJob });
      webhookRoute(app, context, { secrets, telegram, handlers, later });
      // Every plugin has added its handler classes once the server is ready.
      app.addHook('onReady', () => syncHandlerClasses(db, context.records, handlers.list(), { prune: true }));
    },
    seedDemo: (db, demo) => seedMessengerDemo(db, demo, registered?.()),
  });
}

export default createMessengerServerPlugin();
