import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { showEnterEmail } from './support/session';
import { TELEGRAM_ENV } from './support/telegram';

// Screenshots of the kernel's screens in both themes and both widths, for people to look at
// (written to e2e/output/screens, never committed).
let server: ProductionServer;
test.beforeAll(async () => {
  // Messenger sign-in on, so EnterEmail is shown to a real user without an e-mail.
  server = await startProductionServer({ plugins: 'admin', dataDir: freshDataDir(), env: TELEGRAM_ENV });
});
test.afterAll(async () => {
  await server.stop();
});

// Each theme at one of the two widths: every theme and every width is seen, for half the run time of all four pairs.
const LOOKS = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1600 },
] as const;

for (const { scheme, width } of LOOKS) {
  test(`screens in ${scheme} at ${width}px`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, colorScheme: scheme, viewport: { width, height: 860 } });
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: `e2e/output/screens/${name}-${scheme}-${width}.png` });

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
    await shot('login');

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page.getByRole('heading', { name: 'Hello, admin' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await shot('dashboard');

    await page.goto('/article');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill('https://example.com/spec');
    await dialog.getByLabel('Number').fill(`ERP-${width}-${scheme}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: `ERP-${width}-${scheme}`, exact: true })).toBeVisible();
    await expect(page.locator('.fui-ToastTitle', { hasText: 'New record successfully created' })).toBeVisible();
    await shot('articles');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByText(ADMIN_EMAIL).first()).toBeVisible();
    await shot('profile');
    await context.close();
  });

  test(`EnterEmail in ${scheme} at ${width}px`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, colorScheme: scheme, viewport: { width, height: 860 } });
    const page = await context.newPage();
    await showEnterEmail(page, server.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: `e2e/output/screens/enter-email-${scheme}-${width}.png` });
    await context.close();
  });
}

// The business screens as staff see them, filled with the demo data (ERP_DEMO=1): admin, finance, messenger and tracker.
test.describe('screens with demo data', () => {
  let demo: ProductionServer;
  test.beforeAll(async () => {
    demo = await startProductionServer({ plugins: 'admin,finance,messenger,tracker', dataDir: freshDataDir(), env: { ERP_DEMO: '1' } });
  });
  test.afterAll(async () => {
    await demo.stop();
  });

  for (const { scheme, width } of LOOKS) {
    test(`admin, finance, messenger and tracker screens in ${scheme} at ${width}px`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ baseURL: demo.url, colorScheme: scheme, viewport: { width, height: 860 } });
      const page = await context.newPage();
      const main = page.getByRole('main');
      /** Opens `path`, waits for its heading and for nothing to be loading, and takes the picture. */
      const visit = async (name: string, path: string, heading: string | RegExp) => {
        await page.goto(path);
        await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(main.locator('[aria-busy="true"], .fui-Spinner, .fui-Skeleton')).toHaveCount(0);
        await page.screenshot({ path: `e2e/output/screens/${name}-${scheme}-${width}.png` });
      };

      await page.goto('/login');
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: "Let's Get Started" }).click();
      await expect(page.getByRole('heading', { name: 'Hello, admin' })).toBeVisible();
      await expect(main.locator('[aria-busy="true"], .fui-Spinner, .fui-Skeleton')).toHaveCount(0);
      await page.screenshot({ path: `e2e/output/screens/demo-dashboard-${scheme}-${width}.png` });

      await visit('users', '/users', 'Users');
      await expect(main.getByRole('row', { name: /boris\.ivanov/ })).toBeVisible();
      const boris = await main.getByRole('row', { name: /boris\.ivanov/ }).getAttribute('data-row-id');
      await visit('user-info', `/user/${boris}/info-tab`, 'boris.ivanov');
      await visit('user-services', `/user/${boris}/service-tab`, 'boris.ivanov');
      await visit('roles', '/roles-permissions', 'Roles and permissions');
      await main.getByRole('list', { name: 'Roles' }).getByRole('button').first().click();
      await expect(main.getByRole('checkbox').first()).toBeVisible();
      await page.screenshot({ path: `e2e/output/screens/roles-${scheme}-${width}.png` });
      await visit('settings', '/system-settings', 'System settings');
      await visit('plugins', '/plugins', 'Plugins');
      await visit('rdp', '/rdp-servers', 'RDP servers');
      await visit('keitaro', '/keitaro-servers', 'Keitaro servers');
      await visit('transactions', '/transactions', 'Transactions');
      await visit('employees', '/employees', 'Employees');
      // No real Telegram is reachable, so the demo bots' webhooks read "not set".
      await visit('tg-bots', '/tg-bots', 'Bots');
      await expect(main.getByText('Not set').first()).toBeVisible();
      await visit('offers', '/offers', 'Offers');
      await visit('tracker-report', '/tracker-report-full?period=this_month&group=offer', 'Full report');
      await expect(main.getByRole('figure', { name: 'Revenue, cost and profit' })).toBeVisible();
      await context.close();
    });
  }
});
