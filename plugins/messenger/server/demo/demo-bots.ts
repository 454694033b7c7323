import type { Database, DemoContext } from '@core/sdk/server';
import { botsResource, handlerClassesResource } from '../../shared/resources';
import { syncHandlerClasses, type HandlerClass } from '../handlers/handler-class-sync';
import { NOTIFICATIONS_CLASS } from '../handlers/notifications-handler';
import { SIGN_IN_CLASS } from '../handlers/sign-in-handler';

/**
 * Demonstration bots for `/tg-bots`: one to sign in with and one for team notifications (a plugin
 * whose handler class a bot runs seeds its own bots: the shop's team bots). Their tokens have
 * Telegram's shape but belong to no bot, and no webhook was ever set, so their status reads "not
 * set". Seeding runs before the server's start-up sync of handler classes, so every registered
 * class is made sure of first: the plugins seeded after this one find theirs. A database that
 * already has a bot gets no bots.
 */

const DEMO_BOTS = [
  {
    name: 'Agency sign-in bot',
    description: 'Staff press Start here after choosing "login via bot" on the sign-in page.',
    type: 'sign-in',
    token: '7000000101:AAFdemoSignInBotTokenNotReal0000001',
    handlerClass: SIGN_IN_CLASS.name,
  },
  {
    name: 'Team notifications bot',
    description: 'Added to team chats: answers with the chat id and delivers notifications.',
    type: 'notifications',
    token: '7000000102:AAFdemoNotifyBotTokenNotReal00000002',
    handlerClass: NOTIFICATIONS_CLASS.name,
  },
] as const;

/** `handlers`: every class the enabled plugins registered (this plugin's own when seeding runs without a server). */
export async function seedMessengerDemo(
  db: Database,
  demo: DemoContext,
  handlers: readonly HandlerClass[] = [SIGN_IN_CLASS, NOTIFICATIONS_CLASS],
): Promise<void> {
  await syncHandlerClasses(db, demo.records, handlers, { prune: false });
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM messenger.bots LIMIT 1');
    if (rows.length > 0) return;
    const { rows: classes } = await tx.query<{ id: string; name: string }>(
      `SELECT id::text AS id, name FROM ${handlerClassesResource.table} WHERE deleted_at IS NULL`,
    );
    const classId = new Map(classes.map((row) => [row.name, Number(row.id)]));
    for (const bot of DEMO_BOTS) {
      const values = {
        name: bot.name,
        description: bot.description,
        messenger: 'telegram',
        type: bot.type,
        token: bot.token,
      };
      // No webhook was ever set for these tokens, so "not set" is known without asking Telegram.
      await demo.records.createIn(
        tx,
        botsResource,
        { ...values, handler_class: classId.get(bot.handlerClass) ?? null, webhook_status: 'not-set' },
        demo.author,
      );
    }
  });
}
