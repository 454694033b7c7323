import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { FakeGraph } from '../tests/plugins/social/server/platform/fake-graph';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { addRecord, choose, pickReference, recordToasts, rowMenu } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { english } from './support/strings';

// The social-ad platform in the browser, as a user holding the social codes, on the demo data and a
// local fake of the Meta Graph API named by the configuration (every screen in en and ru is in tour.spec.ts): a service
// checked and an account synced from the platform, then its ad accounts, pages and campaign tree;
// a campaign paused on the platform; the report with a preset, a grouping, the chart and its CSV;
// a test conversion event and the platform's answer.

const SOCIAL_CODES = ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV', 'MC', 'FO'] as const;
const socialText = (key: string, values?: Record<string, string>) => english(`social:${key}`, values);
const TOKEN = 'EAAe2eSystemUserTokenNotReal0000';
const APP_ID = '100200300400';
const APP_SECRET = 'e2e-app-secret-not-real';

let graph: FakeGraph;
let server: ProductionServer;
let admin: Api;
let mia: RoleUser;
let miaApi: Api;

test.beforeAll(async () => {
  graph = new FakeGraph({ appId: APP_ID, appSecret: APP_SECRET });
  const graphUrl = await graph.start();
  graph.addToken(TOKEN, { scopes: ['ads_management', 'ads_read', 'pages_show_list'], expiresAt: 0 });
  graph.seedAdAccount({
    id: 'act_9001',
    name: 'E2E ads USD',
    currency: 'USD',
    account_status: 1,
    spend_cap: '500000',
    amount_spent: '12345',
  });
  graph.seedPage({ id: '7001', name: 'E2E brand page', category: 'Brand' });
  graph.seedCampaign({
    id: '8001',
    account_id: '9001',
    name: 'E2E spring sale',
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    daily_budget: '2500',
  });
  graph.seedAdset({
    id: '8101',
    account_id: '9001',
    campaign_id: '8001',
    name: 'E2E lookalikes',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'OFFSITE_CONVERSIONS',
    status: 'ACTIVE',
  });
  graph.seedAd({
    id: '8201',
    account_id: '9001',
    adset_id: '8101',
    name: 'E2E carousel',
    status: 'ACTIVE',
    creative: { id: '5551' },
  });
  const config = join(mkdtempSync(join(tmpdir(), 'erp-e2e-social-')), 'erp.json');
  writeFileSync(config, JSON.stringify({ pluginSettings: { social: { graphApiBase: graphUrl } } }));
  server = await startProductionServer({
    plugins: 'admin,social',
    dataDir: freshDataDir(),
    env: { ERP_DEMO: '1', ERP_CONFIG: config },
  });
  admin = await Api.signIn(server.url);
  mia = await userWithCodes(admin, 'mia', SOCIAL_CODES);
  miaApi = await Api.signIn(server.url, mia.email, mia.password);
});
test.afterAll(async () => {
  await miaApi?.dispose();
  await admin?.dispose();
  await server?.stop();
  await graph?.stop();
});

async function open(browser: Browser, path?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1600, height: 900 },
    acceptDownloads: true,
  });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, mia.email, mia.password);
  if (path) await page.goto(path);
  return { context, page };
}

test('a service checked against the platform, an account synced, its ad accounts, pages and campaign tree, and a campaign paused', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await open(browser);
  await addRecord(page, '/facebook-service', socialText('records.service'), async (dialog) => {
    await dialog.getByLabel(socialText('fields.name')).fill('E2E system user');
    await dialog.getByLabel(socialText('fields.appId')).fill(APP_ID);
    await dialog.getByLabel(socialText('fields.appSecret')).fill(APP_SECRET);
    await dialog.getByLabel(socialText('fields.accessToken')).fill(TOKEN);
  });
  await rowMenu(page, 'E2E system user', socialText('actions.check'));
  const check = page.getByRole('dialog', { name: socialText('check.title', { name: 'E2E system user' }) });
  await expect(check.locator('[data-check-result="ok"]')).toBeVisible();
  await expect(check).toContainText('ads_management');
  await check.getByRole('button', { name: english('resource:dialog.close') }).click();

  await addRecord(page, '/facebook-accounts', socialText('records.account'), async (dialog) => {
    await dialog.getByLabel(socialText('fields.name')).fill('E2E business manager');
    await pickReference(page, dialog, socialText('fields.service'), 'E2E', 'E2E system user');
  });
  await rowMenu(page, 'E2E business manager', socialText('actions.sync'));
  const sync = page.locator('[data-job-id]');
  await expect(sync.locator('[data-job-state="succeeded"]')).toBeVisible({ timeout: 30_000 });
  for (const step of ['ad_accounts', 'pages', 'campaigns', 'adsets', 'ads'])
    await expect(sync.locator(`[data-step="${step}"]`)).toHaveAttribute('data-step-mark', 'done');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: english('resource:dialog.close') })
    .click();

  await page.goto('/facebook-ad-pages');
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'E2E brand page' })).toBeVisible();
  // Down the tree by the rows' links: ad account → campaigns → adsets → ads.
  await page.goto('/facebook-ad-accounts');
  await page
    .getByRole('main')
    .getByRole('link', { name: socialText('tree.children.campaigns', { name: 'E2E ads USD' }) })
    .click();
  await expect(page).toHaveURL(/facebook-ad-campaigns\?/);
  const campaign = page.getByRole('main').getByRole('row').filter({ hasText: 'E2E spring sale' });
  await expect(campaign).toContainText('25');
  await page
    .getByRole('main')
    .getByRole('link', { name: socialText('tree.children.adsets', { name: 'E2E spring sale' }) })
    .click();
  await page
    .getByRole('main')
    .getByRole('link', { name: socialText('tree.children.ads', { name: 'E2E lookalikes' }) })
    .click();
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'E2E carousel' })).toBeVisible();

  await page.goto('/facebook-ad-campaigns');
  await rowMenu(page, 'E2E spring sale', socialText('actions.pause'));
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'E2E spring sale' })).toContainText(
    socialText('fields.statusValues.PAUSED'),
  );
  expect(graph.object('8001')?.status).toBe('PAUSED');
  await context.close();
});

test('the report with a preset, a grouping and the chart, exported as CSV', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await open(browser, '/facebook-ad-reports');
  const main = page.getByRole('main');
  await choose(page, main, socialText('report.period'), english('resource:filter.presets.this_month'));
  await choose(page, main, socialText('report.groupBy'), socialText('report.groupings.campaign'));
  // Without the finance plugin the demo's USD, EUR and JPY spend cannot share one axis: the chart says so, and draws the clicks.
  await expect(main.locator('[data-chart="needs-rates"]')).toContainText(socialText('report.chartNeedsRates'));
  const clicksChart = socialText('report.chartTitle', {
    measure: socialText('report.measures.clicks'),
    grouping: socialText('report.groupings.campaign'),
  });
  await expect(main.getByRole('figure', { name: clicksChart })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/period=this_month/);
  await expect(page).toHaveURL(/group=campaign/);
  const table = main.getByRole('table', { name: socialText('report.tableLabel') });
  await expect(table.getByRole('row').filter({ hasText: socialText('report.total') })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: english('resource:toolbar.export') }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Campaign');
  expect(csv).toContain('\r\nTotal,');
  await context.close();
});

test('a test conversion event sent to the platform and its answer shown', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await open(browser);
  await addRecord(page, '/conversion-api', socialText('records.conversionApi'), async (dialog) => {
    await dialog.getByLabel(socialText('fields.pixelId')).fill('123456789012');
    await dialog.getByLabel(socialText('fields.token')).fill(TOKEN);
    await dialog.getByLabel(socialText('fields.verifiedDomain')).fill('shop.example');
    await dialog.getByLabel(socialText('fields.testEventCode')).fill('TEST4242');
  });
  await rowMenu(page, '123456789012', socialText('actions.testEvent'));
  const answer = page.getByRole('dialog', { name: socialText('testEvent.title', { pixel: '123456789012' }) });
  await expect(answer.locator('[data-test-event="sent"]')).toBeVisible();
  await expect(answer).toContainText(socialText('testEvent.eventsReceived'));
  const sent = graph.events.at(-1);
  expect(sent).toMatchObject({ pixelId: '123456789012', testEventCode: 'TEST4242' });
  const record = (
    await miaApi.get<{ data: ApiRecord[] }>('/api/social/conversion-apis?filter[pixel_id][eq]=123456789012')
  ).data[0];
  expect(JSON.stringify(record)).not.toContain(TOKEN);
  await context.close();
});
