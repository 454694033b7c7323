import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freshDataDir,
  startProductionServer,
  type ProductionServer,
} from './support/server';

let server: ProductionServer;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin', dataDir: freshDataDir() });
});
test.afterAll(async () => {
  await server.stop();
});

async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  // The shell (and its keyboard shortcuts) is a chunk of its own: wait until it is on screen.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('theme, colour preset, layout and language survive a reload', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: server.url,
    colorScheme: 'light',
    viewport: { width: 1600, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Customize theme' }).click();
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await page.getByRole('radio', { name: 'Green' }).click();
  await page.getByRole('radio', { name: 'Two Column' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('[data-sidebar][data-layout]')).toHaveAttribute('data-layout', 'two-column');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Russian' }).click();
  await expect(page.getByRole('heading', { name: /Здравствуйте, admin/ })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Здравствуйте, admin/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('[data-sidebar][data-layout]')).toHaveAttribute('data-layout', 'two-column');
  expect(await page.evaluate(() => localStorage.getItem('primary-color'))).toBe('green');
  await context.close();
});

test('the sidebar is closed at 1300 px and open at 1500 px', async ({ browser }) => {
  for (const [width, state] of [
    [1300, 'closed'],
    [1500, 'open'],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await expect(page.locator('[data-sidebar]')).toHaveAttribute('data-sidebar', state);
    await context.close();
  }
});

test('the command palette opens a permitted screen and never lists a forbidden one', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').getByRole('combobox').fill('artic');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article$/);

  // A colleague without JA, created through the API by the superadmin.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const created = await page.request.post('/api/auth/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: 'noarticles', email: 'noarticles@example.com', password: 'no-articles-42', roles: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const other = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  const colleague = await other.newPage();
  await signIn(colleague, 'noarticles@example.com', 'no-articles-42');
  await colleague.keyboard.press('Control+k');
  await colleague.getByRole('dialog').getByRole('combobox').fill('artic');
  await expect(colleague.getByText('Nothing found')).toBeVisible();
  await expect(colleague.getByRole('option')).toHaveCount(0);
  await other.close();
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the profile page has no serious accessibility violations in ${scheme} theme`, async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: scheme,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('admin@example.com').first()).toBeVisible();
    await page.screenshot({ path: `e2e/output/screens/profile-${scheme}-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
