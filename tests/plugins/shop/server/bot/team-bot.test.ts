import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersService } from '@core/sdk/server';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { logLine, textUpdate } from '../../../messenger/server/messenger-support';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';

/**
 * The team bot (`shop.orders`) through the messenger's webhook, Telegram being the local fake: a
 * member orders, sees what is left today and the team's orders; anyone else is told they are not
 * a member; a completed order's positions reach the buyer's private chat through the team's bot.
 */

/** Telegram ids: a private chat's id is its member's. */
const ANN = 555;
const STRANGER = 777;
const BORIS = 888;
const DATA = ['ann-login-1:Secr3t-one', 'ann-login-2:Secr3t-two', 'ann-login-3:Secr3t-three'];

let t: ShopTestApp;
let bot: number;
let team: number;
let limited: number;
let open: number;
let ann: number;
let updateId = 0;

interface OrderRow {
  readonly id: number;
  readonly title: string;
  readonly status: string;
  readonly source: string;
  readonly bot: number | null;
  readonly team_user: string | null;
  readonly user: number;
  readonly quantity: number;
}

/** Posts a private message from `from` to the bot and waits for the bot's answer to `chat`; that answer. */
async function ask(text: string, from: number = ANN, language?: string, to: number = bot): Promise<string> {
  const before = t.telegram.sent.length;
  updateId += 1;
  const answer = await t.deliver(
    to,
    textUpdate(updateId, text, { id: from, ...(language ? { language_code: language } : {}) }, from),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  await expect.poll(() => t.telegram.sent.length).toBeGreaterThan(before);
  const reply = t.telegram.sent.at(-1);
  expect(reply?.chatId).toBe(from);
  return String(reply?.text);
}

/** The team's orders through the API, oldest first. */
const teamOrders = async (): Promise<OrderRow[]> =>
  (await t.shop(SHOP_CODES, 'GET', `orders?filter[team][eq]=${team}`))
    .json<{ data: { data: OrderRow[] } }>()
    .data.data.reverse();

beforeAll(async () => {
  t = await shopApp();
  for (const chat of [ANN, STRANGER, BORIS]) t.telegram.chats.add(chat);
  ann = await usersService.createStaff(t.db, {
    username: 'ann',
    email: 'ann@example.com',
    passwordHash: 'x',
    tgUserId: ANN,
    roles: [],
  });
  await usersService.createStaff(t.db, {
    username: 'boris',
    email: 'boris@example.com',
    passwordHash: 'x',
    tgUserId: BORIS,
    roles: [],
  });
  bot = await t.addBot('shop.orders', { type: 'shop' });
  const category = await t.create('categories', { name: 'Accounts', format: 'login:password' });
  limited = await t.create('products', {
    name: 'Farm account',
    price: { amount: '12.5', currency: 'USD' },
    category,
    day_limit: 5,
    order_text: 'Log in from the team proxy.',
    status: 'active',
    type: 'ad-account',
  });
  open = await t.create('products', {
    name: 'Fan page',
    price: { amount: '3', currency: 'EUR' },
    category,
    status: 'active',
    type: 'page',
  });
  await t.create('products', {
    name: 'Old pixel',
    price: { amount: '1', currency: 'USD' },
    category,
    status: 'archived',
    type: 'pixel',
  });
  team = await t.create('teams', { name: 'Alpha', timezone: 'UTC', bot, users: [ann], products: [limited, open] });
  const loaded = await t.shop(SHOP_CODES, 'POST', 'positions/bulk', { product: limited, lines: DATA.join('\n') });
  expect(loaded.statusCode, loaded.body).toBeLessThan(300);
}, DB_TIMEOUT);
afterAll(() => t.close());

describe('the team bot', () => {
  it('tells anyone who is not on the team that they are not a member, in their language', async () => {
    expect(await ask('/products', STRANGER)).toBe('You are not a member of this team.');
    // Boris is a user, but not one of the team's.
    expect(await ask('/order Farm account 1', BORIS, 'ru')).toBe('Вы не состоите в этой команде.');
    expect(await teamOrders()).toEqual([]);
  });

  it('answers /start and /help with the commands', async () => {
    expect(await ask('/start')).toContain('/order <product> <quantity>');
    expect(await ask('/help', ANN, 'ru')).toContain('/order <товар> <количество>');
  });

  it('lists what the team may order (its list, active only, by name) with prices and today’s remainder', async () => {
    expect(await ask('/products')).toBe(
      [
        `Products of Alpha:`,
        `Fan page (#${open}) — €3.00 — no limit`,
        `Farm account (#${limited}) — $12.50 — left today: 5 of 5`,
      ].join('\n'),
    );
  });

  it('places an order through the order engine and answers with its number and state', async () => {
    const reply = await ask('/order farm ACCOUNT 3');
    const [order] = await teamOrders();
    expect(reply).toBe(`Order #${order?.id}: Farm account × 3 — New`);
    expect(order).toMatchObject({
      title: 'Farm account × 3',
      status: 'new',
      source: 'bot',
      bot,
      team_user: String(ANN),
      user: ann,
      quantity: 3,
    });
    expect(await ask('/products')).toContain('left today: 2 of 5');
  });

  it('applies the day limit: an order over it is answered with what remains, in the member’s language', async () => {
    expect(await ask('/order Farm account 3')).toBe('The day limit of this product is 5 for a team; 2 remain today.');
    expect(await ask(`/order ${limited} 4`, ANN, 'ru')).toBe(
      'Дневной лимит этого товара — 5 на команду; сегодня осталось 2.',
    );
    expect(await teamOrders()).toHaveLength(1);
  });

  it('answers a bad order with the usage and a product the team may not order with the list’s command', async () => {
    expect(await ask('/order Farm account 0')).toBe(
      'Usage: /order <product> <quantity>, the quantity a whole number from 1 to 1000.',
    );
    expect(await ask('/order Farm account')).toContain('Usage: /order');
    expect(await ask('/order Old pixel 1')).toBe('Your team cannot order “Old pixel”. /products lists what it can.');
  });

  it('lists the team’s latest orders, newest first', async () => {
    const second = await ask(`/order ${open} 2`);
    expect(second).toMatch(/^Order #\d+: Fan page × 2 — New$/);
    const ids = (await teamOrders()).map((order) => order.id);
    expect(await ask('/orders')).toBe(
      [`Latest orders of Alpha:`, `#${ids[1]} Fan page × 2 — New`, `#${ids[0]} Farm account × 3 — New`].join('\n'),
    );
    expect(await ask('/orders', ANN, 'ru')).toContain(`#${ids[1]} Fan page × 2 — Новый`);
  });

  it('offers a team without a product list every active product', async () => {
    const gammaBot = await t.addBot('shop.orders');
    await t.create('teams', { name: 'Gamma', timezone: 'Europe/Kyiv', bot: gammaBot, users: [ann] });
    const listed = await ask('/products', ANN, 'ru', gammaBot);
    expect(listed).toBe(
      [
        `Товары команды Gamma:`,
        `Fan page (#${open}) — 3,00\u00a0€ — без лимита`,
        `Farm account (#${limited}) — 12,50\u00a0$ — осталось сегодня: 5 из 5`,
      ].join('\n'),
    );
    expect(listed).not.toContain('Old pixel');
  });

  it('ignores messages outside a private chat', async () => {
    const before = t.telegram.calls.length;
    updateId += 1;
    const group = textUpdate(updateId, '/products', { id: ANN }, -100_200);
    (group.message as { chat: { type: string } }).chat.type = 'group';
    expect((await t.deliver(bot, group)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.telegram.calls.length).toBe(before);
  });
});

describe('a completed order', () => {
  it('sends the buyer the order text and the positions’ data, one per line, through the team’s bot; nothing of it is logged', async () => {
    const [order] = await teamOrders();
    const before = t.telegram.sent.length;
    const completed = await t.shop(SHOP_CODES, 'POST', `orders/${order?.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    await expect.poll(() => t.telegram.sent.length).toBeGreaterThan(before);
    const delivered = t.telegram.sent.at(-1);
    expect(delivered?.chatId).toBe(ANN);
    expect(String(delivered?.text).split('\n')).toEqual([
      `#${order?.id} Farm account × 3`,
      'Log in from the team proxy.',
      ...DATA,
    ]);
    // No notifications bot runs in this app: the message can only have gone through the team's bot.
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT DISTINCT h.name FROM messenger.bots b JOIN messenger.handler_classes h ON h.id = b.handler_class WHERE b.deleted_at IS NULL`,
    );
    expect(rows.map((row) => row.name)).toEqual(['shop.orders']);
    for (const data of DATA) expect(t.logs.map(logLine).join('\n')).not.toContain(data);
  });

  it('logs a delivery that fails with the order’s and bot’s ids, never the data', async () => {
    // The team's bot holds a token Telegram refuses; the order was placed on the screens.
    const refusedBot = await t.addBot('shop.orders', { token: '7000000043:AAE-another-token-not-the-fakes-0123' });
    const other = await t.create('teams', { name: 'Beta', timezone: 'UTC', bot: refusedBot, users: [ann] });
    const secret = 'beta-login:Beta-s3cret';
    await t.shop(SHOP_CODES, 'POST', 'positions/bulk', { product: open, lines: secret });
    const orderId = await t.create('orders', { team: other, product: open, quantity: 1, user: ann });
    const completed = await t.shop(SHOP_CODES, 'POST', `orders/${orderId}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    await expect.poll(() => t.logs.map(logLine).join('\n')).toContain('Shop bot could not deliver a completed order');
    const line = t.logs.map(logLine).find((entry) => entry.includes('Shop bot could not deliver'));
    expect(line).toContain(`"orderId":${orderId}`);
    expect(line).toContain(`"botId":${refusedBot}`);
    expect(t.logs.map(logLine).join('\n')).not.toContain(secret);
  });
});
