import { localIsoDate, type FieldValue, type ResourceDefinition } from '@core/sdk/shared';
import type { Database, DemoContext, Queryable } from '@core/sdk/server';
import { botsResource, handlerClassesResource } from '@plugins/messenger/shared/resources';
import {
  categoriesResource,
  ORDER_HANDLER,
  ordersResource,
  positionsResource,
  productsResource,
  reportsResource,
  setupTasksResource,
  teamsResource,
} from '../../shared/resources';
import type { OrderEngine } from '../orders';

/**
 * Demonstration records for every shop screen: categories with their formats, products (one
 * needing setup, one hidden, one archived), stock for each, two agency teams with their team bots
 * and buyers, orders in every state (completed with positions reserved for the buyer, in progress,
 * new, cancelled, a presale waiting for stock), the setup queue (queued, taken, done) and a month
 * of asset reports. Everything goes through the engine (the order engine for the life cycle) with
 * the demo's author, so counts, reservations and histories are what the screens would make.
 *
 * Buyers are the admin demo's media buyers when the admin plugin seeded them, the author otherwise.
 * The team bots' tokens are fake, so the teams get their bots only after the orders completed:
 * no delivery to Telegram is attempted with them. Runs once: a shop with a category is left alone.
 */

type Values = Readonly<Record<string, FieldValue>>;

const usd = (amount: string) => ({ amount, currency: 'USD' });

function daysAgo(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return localIsoDate(day);
}

async function userByEmail(demo: DemoContext, db: Queryable, email: string): Promise<number> {
  const user = await demo.users.findByEmail(db, email);
  return user && user.id !== null ? user.id : (demo.author.id ?? 1);
}

/** `count` positions of a product, their data laid out as its category's format says. */
function stock(count: number, line: (index: number) => string): string[] {
  return Array.from({ length: count }, (_, index) => line(index));
}

export async function seedShopDemo(db: Database, demo: DemoContext, orders: OrderEngine): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM shop.categories LIMIT 1');
  if (rows.length > 0) return;
  // The engine's writer takes values as given (the API's form reading is what fills defaults), so defaults are spelt out.
  const create = (definition: ResourceDefinition, values: Values) =>
    demo.records.create(definition, values, demo.author).then((record) => record.id);
  const boris = await userByEmail(demo, db, 'boris.ivanov@agency.example');
  const carla = await userByEmail(demo, db, 'carla.mendes@agency.example');
  const elena = await userByEmail(demo, db, 'elena.kuznetsova@agency.example');

  const accounts = await create(categoriesResource, {
    count: 0,
    name: 'Facebook ad accounts',
    format: 'account_id:login:password:email',
    comment: 'Aged accounts with a verified payment method.',
  });
  const managers = await create(categoriesResource, {
    count: 0,
    name: 'Business managers',
    format: 'bm_id:invite_link',
    comment: 'Verified BMs; the invite link is valid for 7 days.',
  });
  const pages = await create(categoriesResource, { count: 0, name: 'Fan pages', format: 'page_id:page_url' });

  const product = (values: Values) =>
    create(productsResource, { status: 'active', needs_setup: false, in_stock: 0, ...values });
  const aged = await product({
    name: 'Aged ad account (US)',
    price: usd('45.00'),
    category: accounts,
    day_limit: 10,
    type: 'ad-account',
    order_text: 'Log in only through the team’s anti-detect profile.',
    description: 'Created more than 6 months ago, spent history, US billing.',
  });
  const warmed = await product({
    name: 'Warmed-up ad account',
    price: usd('80.00'),
    category: accounts,
    day_limit: 5,
    type: 'ad-account',
    needs_setup: true,
    order_text: 'Warm-up takes 2 days; you will be told when it is ready.',
  });
  const verifiedBm = await product({
    name: 'Verified BM ($250 limit)',
    price: usd('150.00'),
    category: managers,
    day_limit: 3,
    type: 'business-manager',
  });
  const fanPage = await product({ name: 'Fan page with 5k likes', price: usd('25.00'), category: pages, type: 'page' });
  await product({
    name: 'Reinstated BM',
    price: usd('120.00'),
    category: managers,
    type: 'business-manager',
    status: 'hidden',
  });
  await product({ name: 'Legacy page bundle', price: usd('60.00'), category: pages, type: 'page', status: 'archived' });

  const load = async (productId: number, lines: readonly string[]) => {
    for (const data of lines) await create(positionsResource, { product: productId, data, state: 'free' });
  };
  await load(
    aged,
    stock(14, (i) => `10009${String(381200 + i)}:buyer.us${i}:Pa55-${i}x!q:us${i}@mail.example`),
  );
  await load(
    warmed,
    stock(6, (i) => `10012${String(770400 + i)}:warm.acc${i}:W4rm-${i}z!k:warm${i}@mail.example`),
  );
  await load(
    verifiedBm,
    stock(5, (i) => `5129${String(400100 + i)}:https://business.facebook.com/invitation/?token=demo${i}`),
  );
  await load(
    fanPage,
    stock(8, (i) => `1039${String(550200 + i)}:https://facebook.com/page-demo-${i}`),
  );

  const alpha = await create(teamsResource, {
    name: 'Alpha media buying',
    timezone: 'Europe/Kyiv',
    sheet_key: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    products: [aged, warmed, verifiedBm, fanPage],
    users: [...new Set([boris, carla, demo.author.id ?? 1])],
  });
  const bravo = await create(teamsResource, {
    name: 'Bravo LATAM',
    timezone: 'America/Sao_Paulo',
    products: [],
    users: [...new Set([carla, elena])],
  });

  const order = (values: Values) =>
    create(ordersResource, { campaign_group: 'Q4 scale', setup: false, presale: false, ...values });
  const complete = (id: number) => orders.completeOrder(db, id, demo.author);
  await complete(await order({ team: alpha, product: aged, quantity: 3, user: boris, vertical: 'Nutra', period: 30 }));
  const warmup = await order({
    team: alpha,
    product: warmed,
    quantity: 2,
    user: boris,
    vertical: 'Gambling',
    period: 14,
  });
  await complete(warmup);
  const secondWarmup = await order({ team: alpha, product: warmed, quantity: 1, user: carla, vertical: 'Nutra' });
  await complete(secondWarmup);
  await complete(await order({ team: bravo, product: verifiedBm, quantity: 1, user: carla, vertical: 'Dating' }));
  const cancelled = await order({
    team: bravo,
    product: fanPage,
    quantity: 2,
    user: carla,
    vertical: 'Dating',
    campaign_group: 'BR pages',
  });
  await complete(cancelled);
  await orders.cancelOrder(db, cancelled, demo.author);
  await orders.startOrder(
    db,
    await order({ team: bravo, product: fanPage, quantity: 2, user: elena, vertical: 'Gambling' }),
    demo.author,
  );
  await order({ team: alpha, product: aged, quantity: 2, user: carla, vertical: 'Nutra', period: 30 });
  // More pages than in stock: it takes what there is and waits for the rest.
  await complete(
    await order({ team: bravo, product: fanPage, quantity: 10, user: elena, vertical: 'Gambling', presale: true }),
  );

  // The setup queue the warm-up orders made: one taken, one done.
  const { rows: tasks } = await db.query<{ id: string; order: string }>(
    'SELECT id::text, "order"::text FROM shop.setup_tasks ORDER BY id',
  );
  const taskOf = (orderId: number) => Number(tasks.find((task) => Number(task.order) === orderId)?.id);
  await demo.records.change(
    setupTasksResource,
    taskOf(warmup),
    { action: 'take', values: { state: 'taken', assignee: elena, taken_at: new Date().toISOString() }, version: null },
    demo.author,
  );
  const done = taskOf(secondWarmup);
  await demo.records.change(
    setupTasksResource,
    done,
    { action: 'take', values: { state: 'taken', assignee: elena, taken_at: new Date().toISOString() }, version: null },
    demo.author,
  );
  await demo.records.change(
    setupTasksResource,
    done,
    {
      action: 'done',
      values: {
        state: 'done',
        finished_at: new Date().toISOString(),
        comment: 'Warmed up for 2 days, first ad approved.',
      },
      version: null,
    },
    demo.author,
  );

  // The team bots, given to the teams now that the orders are completed (their tokens are fake).
  const handler = await db.query<{ id: string }>(
    `SELECT id::text FROM ${handlerClassesResource.table} WHERE name = $1 AND deleted_at IS NULL`,
    [ORDER_HANDLER],
  );
  const handlerClass = handler.rows[0] ? Number(handler.rows[0].id) : null;
  if (handlerClass !== null) {
    const bot = (name: string, token: string) =>
      create(botsResource, {
        name,
        description: 'Team members order shop products here: /products, /order, /orders.',
        messenger: 'telegram',
        type: 'shop',
        token,
        handler_class: handlerClass,
        webhook_status: 'not-set',
      });
    await demo.records.change(
      teamsResource,
      alpha,
      {
        action: 'update',
        values: { bot: await bot('Alpha shop bot', '7000000103:AAFdemoShopBotTokenNotReal0000000003') },
        version: null,
      },
      demo.author,
    );
    await demo.records.change(
      teamsResource,
      bravo,
      {
        action: 'update',
        values: { bot: await bot('Bravo shop bot', '7000000104:AAFdemoShopBotTokenNotReal0000000004') },
        version: null,
      },
      demo.author,
    );
  }

  await seedReports(demo, { alpha, bravo }, { aged, verifiedBm }, { accounts, managers }, { boris, carla });
}

const REASONS = ['Policy: circumventing systems', 'Payment method declined', 'Suspicious login'] as const;

/** A month of delivered assets: spend by team and vertical, a few disabled for each reason. */
async function seedReports(
  demo: DemoContext,
  teams: { alpha: number; bravo: number },
  products: { aged: number; verifiedBm: number },
  categories: { accounts: number; managers: number },
  users: { boris: number; carla: number },
): Promise<void> {
  const verticals = ['Nutra', 'Gambling', 'Dating'] as const;
  for (let index = 0; index < 24; index += 1) {
    const alpha = index % 3 !== 2;
    const disabled = index % 5 === 4;
    await demo.records.create(
      reportsResource,
      {
        report_date: daysAgo(index + 1),
        user: alpha ? users.boris : users.carla,
        product: index % 4 === 3 ? products.verifiedBm : products.aged,
        category: index % 4 === 3 ? categories.managers : categories.accounts,
        ads_account_id: String(1_000_938_120_0 + index * 7),
        bm_id: String(512_940_010_0 + (index % 5)),
        fp_id: String(103_955_020_0 + (index % 8)),
        status: disabled ? 'disabled' : index % 7 === 6 ? 'limited' : 'active',
        disable_reason: disabled ? (REASONS[index % REASONS.length] ?? null) : null,
        spent_usd: usd(`${120 + ((index * 137) % 900)}.${String((index * 29) % 100).padStart(2, '0')}`),
        vertical: verticals[index % verticals.length] ?? null,
        team: alpha ? teams.alpha : teams.bravo,
      },
      demo.author,
    );
  }
}
