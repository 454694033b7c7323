import { expect, test, type Page, type Route } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDataDir, startProductionServer } from './support/server';

const ADMIN_CHUNK = /\/assets\/plugin-admin\.[0-9a-f]+\.js$/;
const APP_CHUNK = /\/assets\/app\.[0-9a-f]+\.js$/;
const LOGIN_STRINGS = /\/assets\/login-(en|ru)\.[0-9a-f]+\.js$/;

function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
}

test('a plugin is switched on and off by configuration, without a rebuild', async ({ browser }) => {
  const dataDir = freshDataDir();

  // Enabled: its entry is in the sidebar, and its code arrives only when its page opens.
  let server = await startProductionServer({ plugins: 'admin', dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const scripts = scriptsRequested(page);

    // The sign-in screen waits for nothing but what index.html names and its strings (the bundle
    // budget counts exactly that): every other script is held back, and it still shows and takes input.
    const html = await (await page.request.get('/')).text();
    const initial = [...html.matchAll(/src="([^"]+\.js)"/g)].map((match) => match[1]);
    const held: Route[] = [];
    await page.route('**/assets/*.js', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (initial.includes(path) || LOGIN_STRINGS.test(path)) return route.continue();
      held.push(route);
      return undefined;
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: "Let's Get Started" })).toBeVisible();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    // The app is fetched beside the screen while it idles, never a plugin's code or strings.
    await expect.poll(() => held.some((route) => APP_CHUNK.test(new URL(route.request().url()).pathname))).toBe(true);
    expect(scripts.some((url) => /\/assets\/(plugin|admin|finance)-/.test(url))).toBe(false);
    for (const route of held) await route.continue();
    await page.unroute('**/assets/*.js');

    await signIn(page);
    const articles = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Articles' });
    await expect(articles).toBeVisible();
    expect(scripts.some((url) => ADMIN_CHUNK.test(url))).toBe(false);

    await articles.click();
    await expect(page).toHaveURL(/\/article$/);
    await expect(page.getByText('This section is empty. Please create a new entry.')).toBeVisible();
    expect(scripts.filter((url) => ADMIN_CHUNK.test(url))).toHaveLength(1);
    await expect(page).toHaveTitle('Articles · Agency Back Office');
    await context.close();
  } finally {
    await server.stop();
  }

  // Disabled: same build, same data, restarted with the plugin left out.
  server = await startProductionServer({ plugins: '', dataDir });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const scripts = scriptsRequested(page);

    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /Hello, admin/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Articles' })).toHaveCount(0);

    await page.goto('/article');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const api = await page.request.get('/api/auth/articles', { headers: { Authorization: `Bearer ${token}` } });
    expect(api.status()).toBe(404);
    expect(scripts.some((url) => ADMIN_CHUNK.test(url))).toBe(false);
    await context.close();
  } finally {
    await server.stop();
  }
});
