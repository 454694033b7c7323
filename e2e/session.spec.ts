import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDataDir, startProductionServer, type ProductionServer } from './support/server';

let server: ProductionServer;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin', dataDir: freshDataDir() });
});
test.afterAll(async () => {
  await server.stop();
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
}

function refreshCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/auth/refresh')) calls.push(request.method());
  });
  return calls;
}

test('an expired access token is refreshed once and the page loads', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  // A token the server no longer accepts, as after 15 minutes.
  await page.evaluate(() => localStorage.setItem('authToken', 'expired.token.value'));
  const calls = refreshCalls(page);
  await page.goto('/article');
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
  await expect(page.getByText('This section is empty. Please create a new entry.')).toBeVisible();
  expect(calls).toEqual(['POST']);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe('expired.token.value');
  await context.close();
});

test('with a revoked refresh token the user lands on /login and the page is remembered', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  // Another tab signed out: the refresh cookie's family is revoked on the server.
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const logout = await page.request.post('/api/auth/auth/logout', { headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(logout.status()).toBe(200);
  await page.evaluate(() => localStorage.setItem('authToken', 'expired.token.value'));

  await page.goto('/article?per_page=50');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('lastRoute'))).toBe('/article?per_page=50');
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();

  // Signing in again returns there.
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/article\?per_page=50$/);
  await context.close();
});
