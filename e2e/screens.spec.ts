import { expect, test } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freshDataDir,
  startProductionServer,
  type ProductionServer,
} from './support/server';
import { showEnterEmail } from './support/session';
import { TELEGRAM_ENV } from './support/telegram';

// Screenshots of the kernel's screens in both themes and both widths, for people to look at
// (written to e2e/output/screens, never committed). Every business screen on the demo data, in
// each language, theme and width, is `npm run screens` (e2e/screens.shots.ts).
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
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: scheme,
      viewport: { width, height: 860 },
    });
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
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: scheme,
      viewport: { width, height: 860 },
    });
    const page = await context.newPage();
    await showEnterEmail(page, server.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: `e2e/output/screens/enter-email-${scheme}-${width}.png` });
    await context.close();
  });
}
