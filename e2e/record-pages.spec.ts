import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, type ApiRecord } from './support/api';
import { rawKeyCollector } from './support/raw-keys';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { mayBeKey, text } from './support/strings';

// Record pages as only a browser shows them, on the demo data of all seven plugins: a row that is
// a link and opens its record, the related section of what points at it, Back to the list as it
// was, Ctrl+K finding a record by part of its name, a comment joining the timeline, and one record
// page of every plugin read in English and Russian without a raw key. The many cases (labels,
// internal columns, reverts, search permissions) are server and component tests.

let server: ProductionServer;
let admin: Api;
test.beforeAll(async () => {
  server = await startProductionServer({
    plugins: 'admin,finance,tracker,shop,messenger,social,system',
    dataDir: freshDataDir(),
    env: { ERP_DEMO: '1' },
  });
  admin = await Api.signIn(server.url);
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

/** Signed in as the superadmin, in `language`, on `path` (the dashboard when none) with its heading shown. */
async function open(
  browser: Browser,
  path: string | null,
  language: 'en' | 'ru' = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  if (language === 'ru') await speakRussian(page);
  if (path) await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

/** The first live record of a list whose label field holds `label` (or any record when none is named). */
async function firstRecord(path: string, filter = ''): Promise<ApiRecord> {
  const page = await admin.get<{ data: ApiRecord[] }>(`${path}?per_page=10${filter}`);
  const record = page.data[0];
  if (!record) throw new Error(`${path} has no demo record`);
  return record;
}

test('an advertiser row opens its record page, which lists its offers, and Back returns to the list as it was', async ({
  browser,
}) => {
  const { context, page } = await open(browser, '/advertisers?sort=name');
  const main = page.getByRole('main');
  const link = main.getByRole('link', { name: 'LuckyBet Partners', exact: true });
  await expect(link).toHaveAttribute('href', /^\/advertisers\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(/\/advertisers\/\d+$/);
  await expect(main.getByRole('heading', { level: 1, name: 'LuckyBet Partners' })).toBeVisible();
  const offers = main.getByRole('region', { name: new RegExp(`^${text('en', 'tracker:nav.offers')}`) });
  await offers.scrollIntoViewIfNeeded();
  await expect(offers.getByRole('link', { name: 'LuckyBet Casino FTD' })).toBeVisible();
  await expect(offers.getByRole('link', { name: 'LuckyBet Sports BR' })).toBeVisible();
  await main
    .getByRole('link', { name: text('en', 'record:back', { list: text('en', 'tracker:nav.advertisers') }) })
    .click();
  await expect(page).toHaveURL(/\/advertisers\?sort=name$/);
  await context.close();
});

test('Ctrl+K finds a record by part of its name and opens its page', async ({ browser }) => {
  const { context, page } = await open(browser, null);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await palette.getByRole('combobox').fill('LuckyB');
  const hit = palette.getByRole('option', { name: /LuckyBet Partners/ });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/advertisers\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'LuckyBet Partners' })).toBeVisible();
  await context.close();
});

for (const language of ['en', 'ru'] as const) {
  test(`a comment added on a record page appears in its timeline (${language})`, async ({ browser }) => {
    const wallet = await firstRecord('/api/finance/wallets');
    const { context, page } = await open(browser, `/wallets/${wallet.id}`, language);
    const main = page.getByRole('main');
    const timeline = main.getByRole('region', { name: text(language, 'record:timeline') });
    await timeline.scrollIntoViewIfNeeded();
    const note = `${language === 'ru' ? 'Проверено' : 'Checked'} against the bank statement ${Date.now()}`;
    await timeline.getByRole('textbox', { name: text(language, 'resource:history.commentLabel') }).fill(note);
    await timeline.getByRole('button', { name: text(language, 'resource:history.comment'), exact: true }).click();
    await expect(timeline.getByText(note)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByText(note)).toBeVisible();
    await context.close();
  });
}

/** One record page of every plugin: the list it opens from and a record of it. */
const PAGES: readonly { plugin: string; list: string; api: string }[] = [
  { plugin: 'admin', list: '/article', api: '/api/auth/articles' },
  { plugin: 'finance', list: '/wallets', api: '/api/finance/wallets' },
  { plugin: 'tracker', list: '/offers', api: '/api/tracker/offers' },
  { plugin: 'shop', list: '/orders', api: '/api/shop/orders' },
  { plugin: 'messenger', list: '/tg-bots', api: '/api/messenger/bots' },
  { plugin: 'social', list: '/facebook-accounts', api: '/api/social/accounts' },
  { plugin: 'system', list: '/domains', api: '/api/system/domains' },
];

for (const language of ['en', 'ru'] as const) {
  test(`one record page of every plugin reads in ${language} with no raw key`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await open(browser, null, language);
    const main = page.getByRole('main');
    const { check, findings } = rawKeyCollector(mayBeKey);
    for (const { list, api } of PAGES) {
      const record = await firstRecord(api);
      await page.goto(`${list}/${record.id}`);
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main.getByRole('region', { name: text(language, 'record:timeline') })).toBeVisible();
      await check(`${list}/${record.id}`, main);
    }
    expect(findings).toEqual([]);
    await context.close();
  });
}
