import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { FakeTelegram } from '../tests/plugins/messenger/support/fake-telegram';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { addRecord, expectToast, pickReference, recordToasts, rowMenu } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { navigation } from './support/sidebar';
import { english } from './support/strings';

// The shop in the browser, as a user holding only the shop codes, on the demo data (every screen
// in en and ru is in tour.spec.ts): a category with a format, a product with a day limit, positions loaded in bulk (a bad
// line refused by its number), an order placed and completed with its positions reserved for the
// buyer; the order moved to another user by manual transfer; the reports with their charts and the
// CSV export. Telegram is a local fake: the demo's team bots never reach the real one.

const SHOP_CODES = ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'] as const;
const shopText = (key: string) => english(`shop:${key}`);
const TOKEN = '7000000042:AAE-e2e-shop-token-not-a-real-one-00';

let telegram: FakeTelegram;
let server: ProductionServer;
let admin: Api;
let sam: RoleUser;
let samApi: Api;
/** A buyer holding no code at all: positions are reserved for people, not for shop staff. */
let bea: RoleUser;

test.beforeAll(async () => {
  telegram = new FakeTelegram(TOKEN);
  const telegramUrl = await telegram.start();
  server = await startProductionServer({
    plugins: 'admin,messenger,shop',
    dataDir: freshDataDir(),
    env: { ERP_DEMO: '1', ERP_TELEGRAM_API_BASE: telegramUrl },
  });
  admin = await Api.signIn(server.url);
  sam = await userWithCodes(admin, 'sam', SHOP_CODES);
  bea = await userWithCodes(admin, 'bea', []);
  samApi = await Api.signIn(server.url, sam.email, sam.password);
});
test.afterAll(async () => {
  await samApi?.dispose();
  await admin?.dispose();
  await server?.stop();
  await telegram?.stop();
});

async function open(browser: Browser, path?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1600, height: 900 },
    acceptDownloads: true,
  });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, sam.email, sam.password);
  if (path) await page.goto(path);
  return { context, page };
}

test('a category, a product with a day limit, positions loaded in bulk, an order completed and its positions reserved for the buyer, then moved by manual transfer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await open(browser);
  await addRecord(page, '/categories', shopText('records.category'), async (dialog) => {
    await dialog.getByLabel(shopText('fields.name')).fill('E2E accounts');
    await dialog.getByLabel(shopText('fields.format')).fill('login:password:email');
  });
  await addRecord(page, '/products', shopText('records.product'), async (dialog) => {
    await dialog.getByLabel(shopText('fields.name')).fill('E2E account');
    await dialog.locator('[data-field="price"]').getByRole('textbox', { name: 'Amount' }).fill('12.50');
    await pickReference(page, dialog, shopText('fields.category'), 'E2E', 'E2E accounts');
    await dialog.getByLabel(shopText('fields.dayLimit')).fill('5');
  });
  const product = (await samApi.get<{ data: ApiRecord[] }>('/api/shop/products?filter[name][eq]=E2E account')).data[0];
  expect(product?.day_limit).toBe(5);
  await samApi.create('/api/shop/teams', {
    name: 'E2E team',
    timezone: 'UTC',
    products: [product?.id],
    users: [sam.id, bea.id],
  });

  // One bad line is refused by its number and nothing is written; corrected, all three load.
  await page.goto('/position');
  await page
    .getByRole('main')
    .getByRole('button', { name: shopText('positions.load.button'), exact: true })
    .click();
  const load = page.getByRole('dialog', { name: shopText('positions.load.title') });
  await pickReference(page, load, shopText('positions.load.product'), 'E2E', 'E2E account');
  const lines = load.getByRole('textbox', { name: shopText('positions.load.lines') });
  await lines.fill('alice:pw-1:alice@example.com\nbob:pw-2\ncarol:pw-3:carol@example.com');
  await load.getByRole('button', { name: shopText('positions.load.submit'), exact: true }).click();
  await expect(load).toContainText(/Line 2: /);
  expect(
    (await samApi.get<{ data: ApiRecord[] }>(`/api/shop/positions?filter[product][eq]=${product?.id}`)).data,
  ).toHaveLength(0);
  await lines.fill('alice:pw-1:alice@example.com\nbob:pw-2:bob@example.com\ncarol:pw-3:carol@example.com');
  await expectToast(page, 'Positions loaded: 3', () =>
    load.getByRole('button', { name: shopText('positions.load.submit'), exact: true }).click(),
  );
  await expect(load).toBeHidden();

  await addRecord(page, '/orders', shopText('records.order'), async (dialog) => {
    await pickReference(page, dialog, shopText('fields.team'), 'E2E', 'E2E team');
    await pickReference(page, dialog, shopText('fields.product'), 'E2E', 'E2E account');
    await dialog.getByLabel(shopText('fields.quantity')).fill('2');
    await pickReference(page, dialog, shopText('fields.user'), 'bea', 'bea');
  });
  const title = 'E2E account × 2';
  // Complete asks first, naming the order, then shows what it reserved and until when.
  await rowMenu(page, title, shopText('actions.complete'));
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(english('resource:confirm.question'));
  await expect(question).toContainText(title);
  await expectToast(page, english('common:toast.success'), () =>
    question.getByRole('button', { name: english('resource:confirm.yes'), exact: true }).click(),
  );
  const held = page.getByRole('dialog');
  await expect(held).toContainText(/completed: E2E account × 2/);
  await expect(held).toContainText(/Reserved for bea until .+\./);
  await expect(
    held.locator('tr[data-position]').filter({ hasText: shopText('fields.stateValues.reserved') }),
  ).toHaveCount(2);
  await expect(held).toContainText('alice:pw-1:alice@example.com');
  await held.getByRole('button', { name: english('resource:dialog.close') }).click();
  const row = page.getByRole('main').getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(shopText('fields.statusValues.completed'));

  // Manual transfer: bea's completed order goes to sam, positions and all.
  await navigation(page)
    .getByRole('link', { name: shopText('nav.manualTransfer'), exact: true })
    .click();
  const main = page.getByRole('main');
  await pickReference(page, main, shopText('transfer.sourceUser'), 'bea', 'bea');
  await main.getByRole('checkbox', { name: `Select ${title}` }).check();
  await pickReference(page, main, shopText('transfer.toUser'), 'sam', 'sam');
  await main.getByRole('button', { name: shopText('transfer.previewAction') }).click();
  const preview = main.getByRole('region', { name: shopText('transfer.preview.title') });
  await expect(preview).toContainText(title);
  await expectToast(page, 'Transferred orders: 1, positions: 2.', () =>
    preview.getByRole('button', { name: 'Confirm the transfer (1)' }).click(),
  );
  const [moved] = (await samApi.get<{ data: ApiRecord[] }>(`/api/shop/orders?filter[product][eq]=${product?.id}`)).data;
  // The move is in both users' shop history, shown beside the transfer.
  await expect(main.getByRole('region', { name: shopText('transfer.history.source') })).toContainText(
    `Gave away order #${moved?.id} (positions: 2)`,
  );
  await expect(main.getByRole('region', { name: shopText('transfer.history.target') })).toContainText(
    `Received order #${moved?.id} (positions: 2)`,
  );
  expect(moved?.user).toBe(sam.id);
  const positions = (await samApi.get<{ data: ApiRecord[] }>(`/api/shop/positions?filter[order][eq]=${moved?.id}`))
    .data;
  expect(positions.map((position) => position.owner)).toEqual([sam.id, sam.id]);
  await context.close();
});

test('the reports draw their charts from the demo month and export CSV', async ({ browser }) => {
  const { context, page } = await open(browser);
  await navigation(page)
    .getByRole('link', { name: shopText('nav.reports'), exact: true })
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: shopText('nav.reports') })).toBeVisible();
  for (const chart of ['byTeam', 'byVertical', 'byReason']) {
    const figure = main.getByRole('figure', { name: shopText(`reports.charts.${chart}`) });
    await expect(figure).toBeVisible();
    await expect(figure.locator('svg').first()).toBeVisible();
  }
  // The exact export, for machines: the rows under their field names.
  await main.getByRole('button', { name: english('resource:toolbar.export') }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: english('resource:export.exact') }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/ads_account_id/);
  expect(rows.length).toBe(24);
  expect(csv).not.toContain('••');
  await context.close();
});
