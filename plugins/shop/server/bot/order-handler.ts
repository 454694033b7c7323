import { localeFormat, type Language } from '@core/sdk/shared';
import {
  ApiError,
  type Database,
  type RecordWriter,
  type ServerMessageTranslation,
  type UserRef,
  type UsersService,
} from '@core/sdk/server';
import type {
  BotHandler,
  BotHandlerContext,
  BotIdentity,
  MessengerUpdate,
  MessengerUser,
} from '@plugins/messenger/server/services';
import { ORDER_HANDLER, ORDER_STATUSES, type OrderStatus } from '../../shared/resources';
import { placeOrder, teamDayRemainder } from '../orders';
import { parseCommand, type BotCommand } from './bot-commands';
import { HELP, NO_ORDERS, NO_PRODUCTS, NOT_MEMBER, ORDER_USAGE, say, STATUS_LABELS } from './bot-texts';
import { messageChunks } from './message-chunks';
import { latestOrders, orderableProducts, productTyped, teamsOfMember, type BotTeam } from './team-reads';

/*
 * `shop.orders`: the handler class of a team's bot. A member (a user whose profile carries the
 * sender's Telegram id, listed among the users of a team whose bot this is) lists what the team
 * may order, orders, and sees the team's latest orders, in a private chat. Anyone else is told
 * they are not a member. Orders go through the order engine exactly as the screens' do.
 */

/** How many orders `/orders` shows. */
export const LATEST_ORDERS = 10;

export interface OrderHandlerDeps {
  readonly db: Database;
  /** The engine's writes, which an order placed in chat goes through. */
  readonly records: RecordWriter;
  readonly users: UsersService;
  /** The API's messages in the member's language: a refused order is answered in the API's words. */
  readonly translate: ServerMessageTranslation;
  /** The shop's clock, for today's remainders. */
  readonly now: () => Date;
}

/** Whom the order was placed by, as the order's `team_user` keeps it. */
export const teamUserOf = (sender: MessengerUser): string =>
  sender.username ? `@${sender.username} (${sender.id})` : String(sender.id);

/** Only a message in a private chat (Telegram's `message.chat.type`) is a command; groups, channels and edits are ignored. */
function isPrivateMessage(update: MessengerUpdate): boolean {
  const message = update.raw.message;
  if (typeof message !== 'object' || message === null) return false;
  const chat = (message as { chat?: unknown }).chat;
  return typeof chat === 'object' && chat !== null && (chat as { type?: unknown }).type === 'private';
}

const statusLabel = (status: string, language: Language): string =>
  (ORDER_STATUSES as readonly string[]).includes(status) ? STATUS_LABELS[status as OrderStatus][language] : status;

interface Member {
  readonly user: UserRef;
  readonly team: BotTeam;
  readonly sender: MessengerUser;
  readonly bot: BotIdentity;
  readonly language: Language;
}

export function orderHandler(deps: OrderHandlerDeps): BotHandler {
  const { db, records, users, translate, now } = deps;

  async function products({ team, language }: Member): Promise<string[]> {
    const list = await orderableProducts(db, team.id);
    if (list.length === 0) return [NO_PRODUCTS[language]];
    const lines = [say(language, 'productsHeading', { team: team.name })];
    const format = localeFormat(language);
    for (const product of list) {
      const left = await teamDayRemainder(db, team.id, product.id, now());
      const remainder =
        left === null || product.dayLimit === null
          ? say(language, 'noLimit')
          : say(language, 'remainder', { left: format.number(left), limit: format.number(product.dayLimit) });
      lines.push(
        `${product.name} (#${product.id}) — ${format.money(product.price, product.currency, 'currency')} — ${remainder}`,
      );
    }
    return lines;
  }

  async function order(member: Member, typed: string, quantity: number): Promise<string[]> {
    const { user, team, sender, bot, language } = member;
    const product = productTyped(await orderableProducts(db, team.id), typed);
    if (!product) return [say(language, 'unknownProduct', { product: typed })];
    try {
      const placed = await placeOrder(
        records,
        {
          teamId: team.id,
          productId: product.id,
          quantity,
          userId: user.id,
          source: 'bot',
          botId: bot.id,
          teamUser: teamUserOf(sender),
        },
        { id: user.id, language },
      );
      return [
        say(language, 'order', {
          id: String(placed.id),
          title: String(placed.title),
          status: statusLabel(String(placed.status), language),
        }),
      ];
    } catch (error) {
      // The engine's refusals (the day limit's remainder, a product no longer on sale) are the member's answer.
      if (error instanceof ApiError) return [translate(error.message, language)];
      throw error;
    }
  }

  async function orders({ team, language }: Member): Promise<string[]> {
    const latest = await latestOrders(db, team.id, LATEST_ORDERS);
    if (latest.length === 0) return [NO_ORDERS[language]];
    return [
      say(language, 'ordersHeading', { team: team.name }),
      ...latest.map((row) => `#${row.id} ${row.title} — ${statusLabel(row.status, language)}`),
    ];
  }

  function answer(member: Member, command: BotCommand): Promise<string[]> | string[] {
    switch (command.kind) {
      case 'products':
        return products(member);
      case 'order':
        return order(member, command.product, command.quantity);
      case 'order-usage':
        return [ORDER_USAGE[member.language]];
      case 'orders':
        return orders(member);
      case 'help':
        return [HELP[member.language]];
    }
  }

  return {
    name: ORDER_HANDLER,
    description: {
      en: 'Team bot: members list products, order and see their team’s orders',
      ru: 'Бот команды: участники смотрят товары, заказывают и видят заказы команды',
    },
    async handle(update: MessengerUpdate, bot: BotIdentity, context: BotHandlerContext) {
      const sender = update.from;
      if (!sender || update.text === null || !isPrivateMessage(update)) return;
      const language = context.language;
      const user = await users.findByMessengerId(db, 'telegram', sender.id);
      const team = user ? (await teamsOfMember(db, bot.id, user.id))[0] : undefined;
      if (!user || !team) {
        await context.reply(NOT_MEMBER[language]);
        return;
      }
      const lines = await answer({ user, team, sender, bot, language }, parseCommand(update.text));
      for (const message of messageChunks(lines)) await context.reply(message);
    },
  };
}
