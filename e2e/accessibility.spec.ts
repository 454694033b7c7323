import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freshDataDir,
  startProductionServer,
  type ProductionServer,
} from './support/server';
import { showEnterEmail } from './support/session';
import { TELEGRAM_ENV } from './support/telegram';

let server: ProductionServer;
test.beforeAll(async () => {
  // Messenger sign-in on, so EnterEmail is shown to a real user without an e-mail.
  server = await startProductionServer({ plugins: 'admin', dataDir: freshDataDir(), env: TELEGRAM_ENV });
});
test.afterAll(async () => {
  await server.stop();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violations in ${scheme} theme`, async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: scheme,
      viewport: { width: 1600, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: "Let's Get Started" })).toBeVisible();
    expect(await seriousViolations(page), '/login').toEqual([]);

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page).toHaveURL(/\/dashboard\/main$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), '/dashboard/main').toEqual([]);

    await page.goto('/article');
    await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
    // Scanned once the list has loaded: a toolbar button is briefly dimmed while the first page is read.
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), '/article').toEqual([]);
    await context.close();
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`EnterEmail has no serious or critical accessibility violations in ${scheme} theme`, async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: scheme,
      viewport: { width: 1600, height: 900 },
    });
    const page = await context.newPage();
    await showEnterEmail(page, server.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await seriousViolations(page), '/enter-email').toEqual([]);

    // With the form's problem on screen too.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
    expect(await seriousViolations(page), '/enter-email with a problem').toEqual([]);
    await context.close();
  });
}
