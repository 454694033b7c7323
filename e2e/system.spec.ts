import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { addRecord, pickReference, recordToasts } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { english } from './support/strings';

// System infrastructure in the browser, as a user holding only the system codes, on the demo data
// (every screen in en and ru is in tour.spec.ts): a domain user and a project made by hand; a domain bought through the
// local registrar and CDN with the job's steps and log lines shown as they arrive; proxies bought
// from the local provider, the bell telling of the finished purchase live (en and ru); the country-language map zoomed between 1 and 12 in steps of 1.5.

const SYSTEM_CODES = ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'] as const;
const systemText = (key: string, values?: Record<string, string>) => english(`system:${key}`, values);

let server: ProductionServer;
let admin: Api;
let yana: RoleUser;
let yanaApi: Api;

test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,system', dataDir: freshDataDir(), env: { ERP_DEMO: '1' } });
  admin = await Api.signIn(server.url);
  yana = await userWithCodes(admin, 'yana', SYSTEM_CODES);
  yanaApi = await Api.signIn(server.url, yana.email, yana.password);
});
test.afterAll(async () => {
  await yanaApi?.dispose();
  await admin?.dispose();
  await server?.stop();
});

async function open(browser: Browser, path?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, yana.email, yana.password);
  if (path) await page.goto(path);
  return { context, page };
}

test('a domain user and a project made by hand, then a domain bought through the local registrar, its steps and log shown live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await open(browser);
  await addRecord(page, '/domain-users', systemText('records.domainUser'), async (dialog) => {
    await dialog.getByLabel(systemText('fields.firstName')).fill('Ada');
    await dialog.getByLabel(systemText('fields.lastName')).fill('Byron');
    await dialog.getByLabel(systemText('fields.address')).fill('12 St James Square');
    await dialog.getByLabel(systemText('fields.city')).fill('London');
    await dialog.getByLabel(systemText('fields.province')).fill('London');
    await pickReference(page, dialog, systemText('fields.country'), 'United King', 'United Kingdom');
    await dialog.getByLabel(systemText('fields.postalCode')).fill('SW1Y 4LE');
    await dialog.getByLabel(systemText('fields.phone')).fill('+442079460000');
    await dialog.getByLabel(systemText('fields.email')).fill('ada@agency.example');
  });
  await addRecord(page, '/projects', systemText('records.project'), async (dialog) => {
    await dialog.getByLabel(systemText('fields.name')).fill('E2E project');
    await pickReference(page, dialog, systemText('fields.registrar'), 'Local', 'Local registrar (no purchase)');
    await pickReference(page, dialog, systemText('fields.cdn'), 'Local', 'Local CDN (no purchase)');
  });

  await page.goto('/domains');
  await page
    .getByRole('main')
    .getByRole('button', { name: systemText('domainPurchase.buy'), exact: true })
    .click();
  const buy = page.getByRole('dialog', { name: systemText('domainPurchase.title') });
  await buy.getByLabel(systemText('fields.name')).fill('e2e-bought.example');
  await pickReference(page, buy, systemText('fields.project'), 'E2E', 'E2E project');
  await buy.getByRole('button', { name: systemText('domainPurchase.check'), exact: true }).click();
  await expect(buy).toContainText(systemText('domainPurchase.available', { name: 'e2e-bought.example' }));
  await expect(buy).toContainText(systemText('local.notice'));
  await pickReference(page, buy, systemText('fields.domainUser'), 'Byron', 'Byron');
  await pickReference(page, buy, systemText('fields.server'), 'fra', 'fra-1');
  await buy.getByRole('button', { name: systemText('domainPurchase.submit'), exact: true }).click();

  const panel = page.locator('[data-job-id]');
  await expect(panel.locator('[data-job-state="succeeded"]')).toBeVisible({ timeout: 30_000 });
  for (const step of ['check', 'register', 'zone', 'nameservers', 'records']) {
    await expect(panel.locator(`[data-step="${step}"]`)).toHaveAttribute('data-step-mark', 'done');
  }
  await expect(panel.getByRole('log')).toContainText(/e2e-bought\.example/);
  expect(await panel.locator('[data-log-line]').count()).toBeGreaterThanOrEqual(5);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: english('resource:dialog.close') })
    .click();

  const domain = (await yanaApi.get<{ data: ApiRecord[] }>('/api/system/domains?filter[name][eq]=e2e-bought.example'))
    .data[0];
  expect(domain).toMatchObject({
    job_status: 'succeeded',
    local: true,
    nameservers: expect.stringContaining('local.invalid'),
  });
  expect(String(domain?.zone ?? '')).not.toBe('');
  const row = page.getByRole('main').getByRole('row').filter({ hasText: 'e2e-bought.example' });
  await expect(row).toContainText(systemText('fields.jobStatusValues.succeeded'));
  await expect(row).toContainText(String(domain?.zone));
  await context.close();
});

test('proxies bought from the local provider, the bell telling of it live in en and ru', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await open(browser, '/proxies');
  const unreadBefore = (await yanaApi.get<{ unread: number }>('/api/notifications/summary')).unread;
  await page
    .getByRole('main')
    .getByRole('button', { name: systemText('proxyPurchase.buy'), exact: true })
    .click();
  const buy = page.getByRole('dialog', { name: systemText('proxyPurchase.title') });
  await pickReference(page, buy, systemText('fields.provider'), 'Local', 'Local (no purchase)');
  await pickReference(page, buy, systemText('fields.country'), 'Germ', 'Germany');
  await buy.getByLabel(systemText('fields.periodDays')).fill('30');
  await buy.getByLabel(systemText('fields.quantity')).fill('2');
  await buy.getByLabel(systemText('fields.name')).fill('E2E DE');
  await buy.getByRole('button', { name: systemText('proxyPurchase.quote'), exact: true }).click();
  await expect(buy).toContainText(systemText('local.notice'));
  await buy.getByRole('button', { name: systemText('proxyPurchase.submit'), exact: true }).click();

  const panel = page.locator('[data-job-id]');
  await expect(panel.locator('[data-job-state="succeeded"]')).toBeVisible({ timeout: 30_000 });
  await expect(panel).toContainText(systemText('proxyPurchase.bought', { count: '2' }));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: english('resource:dialog.close') })
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('row').filter({ hasText: 'E2E DE 1' })).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: 'E2E DE 2' })).toBeVisible();
  const bought = (await yanaApi.get<{ data: ApiRecord[] }>('/api/system/proxies?filter[name][startsWith]=E2E DE')).data;
  expect(bought.map((proxy) => proxy.order_id)).toEqual([
    expect.stringMatching(/^local-/),
    expect.stringMatching(/^local-/),
  ]);

  // The bell heard of the finished purchase over its stream (no reload), and its entry opens the order's proxies.
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAttribute('data-unread', String(unreadBefore + 1));
  await bell.getByRole('button').first().click();
  const entry = page.locator('[data-notification-id]').first();
  await expect(entry).toContainText('Proxy purchase finished');
  await entry.getByRole('link').click();
  const order = String(bought[0]?.order_id);
  await expect.poll(() => new URL(page.url()).searchParams.get('filter[order_id][eq]')).toBe(order);
  expect(new URL(page.url()).pathname).toBe('/proxies');
  await expect(main.getByRole('row').filter({ hasText: 'E2E DE 2' })).toBeVisible();
  await expect(bell).toHaveAttribute('data-unread', String(unreadBefore));
  // In Russian the same notification reads in Russian.
  await page.getByRole('combobox', { name: english('shell:shell.language') }).click();
  await page.getByRole('option', { name: english('common:languages.ru') }).click();
  await bell.getByRole('button').first().click();
  await expect(page.locator('[data-notification-id]').first()).toContainText('Покупка прокси завершена');
  await context.close();
});

test('the country-language map zooms from 1 to 12 in steps of 1.5 and opens a country', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await open(browser, '/country-languages');
  const zoom = page.locator('[data-map-zoom]');
  const zoomIn = page.getByRole('button', { name: systemText('countryMap.zoomIn'), exact: true });
  const zoomOut = page.getByRole('button', { name: systemText('countryMap.zoomOut'), exact: true });
  await expect(zoom).toHaveAttribute('data-map-zoom', '1');
  await expect(zoomOut).toBeDisabled();
  const seen = ['1'];
  while (await zoomIn.isEnabled()) {
    await zoomIn.click();
    seen.push((await zoom.getAttribute('data-map-zoom')) ?? '');
  }
  expect(seen).toEqual(['1', '2.5', '4', '5.5', '7', '8.5', '10', '11.5', '12']);
  await page.getByRole('button', { name: systemText('countryMap.reset'), exact: true }).click();
  await expect(zoom).toHaveAttribute('data-map-zoom', '1');

  const germany = page.locator('[data-country="276"]');
  await expect(germany).toHaveAttribute('data-has-languages', 'true');
  await germany.click();
  const dialog = page.getByRole('dialog', { name: systemText('countryMap.dialogTitle', { country: 'Germany' }) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('German');
  await context.close();
});
