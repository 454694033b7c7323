import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import {
  createUserWithoutEmail,
  setStorage,
  signIn,
  signInWithTelegram,
  storedUser,
  submitSignIn,
} from './support/session';
import { TELEGRAM_ENV } from './support/telegram';

// The sign-in and e-mail redirect rules, in the browser against the production build. Messenger
// sign-in is on (a made-up bot token), so a user without an e-mail is a real one: created through
// the admin API with only a Telegram id, and signed in as Telegram's redirect brings them back.
//
// Not here: "arriving at EnterEmail from a page other than Login or EnterEmail sends the user to
// Login". Such a user is sent to EnterEmail from every other page, and a user with an e-mail is sent
// from EnterEmail to Main, so no browser path shows them another page first; the rule is covered by
// tests/core/web/shell/guards.test.tsx.
let server: ProductionServer;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin', dataDir: freshDataDir(), env: TELEGRAM_ENV });
});
test.afterAll(async () => {
  await server.stop();
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
  return { context, page: await context.newPage() };
}

/**
 * Every path the page's main frame passes through from now on, the guards' client-side hops
 * included (a navigation can be reported more than once, so repeats in a row count once).
 */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && paths.at(-1) !== path) paths.push(path);
  });
  return paths;
}

const lastRoute = (page: Page) => page.evaluate(() => localStorage.getItem('lastRoute'));

test.describe('Home (/)', () => {
  test('without a stored user goes to /login and remembers nothing', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await lastRoute(page)).toBeNull();
    await context.close();
  });

  test('with a stored user who has an e-mail goes to /dashboard/main', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard\/main$/);
    await expect(page.getByRole('heading', { name: 'Hello, admin' })).toBeVisible();
    await context.close();
  });
});

test.describe('Login (/login)', () => {
  test('with a stored user goes Home and on to Main', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    const paths = recordPaths(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/main$/);
    await expect(page.getByRole('heading', { name: 'Hello, admin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
    expect(paths).toEqual(['/login', '/', '/dashboard/main']);
    await context.close();
  });
});

test.describe('EnterEmail (/enter-email)', () => {
  test('with a stored user who has an e-mail goes to /dashboard/main', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/enter-email');
    await expect(page).toHaveURL(/\/dashboard\/main$/);
    await expect(page.getByRole('heading', { name: 'Hello, admin' })).toBeVisible();
    await context.close();
  });

  test('without a stored user goes to /login and is remembered', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await page.goto('/enter-email');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await lastRoute(page)).toBe('/enter-email');
    await context.close();
  });
});

test.describe('a user without an e-mail (signed in through the messenger bot)', () => {
  const enterEmailHeading = (page: Page) => page.getByRole('heading', { name: 'Continue registration' });

  test('signing in goes Login → Home → EnterEmail, storing the user without an e-mail; / goes to /enter-email', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser);
    const user = await createUserWithoutEmail(server.url);
    const paths = recordPaths(page);
    const check = page.waitForResponse((response) => response.url().endsWith('/api/auth/telegram/auth-check'));
    await signInWithTelegram(page, user.telegramId);
    expect((await check).status()).toBe(200);
    await expect(page).toHaveURL(/\/enter-email$/);
    await expect(enterEmailHeading(page)).toBeVisible();
    await expect(page.getByText(`Signed in as ${user.username}`)).toBeVisible();
    expect(paths).toEqual(['/login', '/', '/enter-email']);
    expect(await storedUser(page)).toMatchObject({
      id: user.id,
      username: user.username,
      email: null,
      status: 'active',
    });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    await page.goto('/');
    await expect(page).toHaveURL(/\/enter-email$/);
    await expect(enterEmailHeading(page)).toBeVisible();
    await context.close();
  });

  test('is held on EnterEmail when visiting Main, the profile or any guarded page, also after the app reads the user again', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser);
    const user = await createUserWithoutEmail(server.url);
    await signInWithTelegram(page, user.telegramId);
    await expect(page).toHaveURL(/\/enter-email$/);
    for (const path of ['/dashboard/main', '/profile', '/profile?tab=1', '/article', '/login', '/enter-email']) {
      // The app reads the user again at start (GET auth/user); the server's answer has no e-mail either.
      const reread = page.waitForResponse((response) => response.url().endsWith('/api/auth/auth/user'));
      await page.goto(path);
      const answer = (await (await reread).json()) as { data: { email: unknown } };
      expect(answer.data.email, path).toBeNull();
      await expect(page, path).toHaveURL(/\/enter-email$/);
      await expect(enterEmailHeading(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Hello/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'My profile' })).toHaveCount(0);
    }
    expect(await storedUser(page)).toMatchObject({ id: user.id, email: null });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedUser(page)).toBeNull();
    await context.close();
  });

  test('an invalid e-mail is refused; a valid one is saved (POST user/update) and goes on to Main', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser);
    const user = await createUserWithoutEmail(server.url);
    await signInWithTelegram(page, user.telegramId);
    await expect(page).toHaveURL(/\/enter-email$/);
    const email = page.getByLabel('Email');
    const submit = page.getByRole('button', { name: 'Continue' });

    await email.fill('not-an-email');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email. Please try again.');
    await expect(page).toHaveURL(/\/enter-email$/);

    // The server's own refusal is shown as it says it: another user's address.
    await email.fill('admin@example.com');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('The email has already been taken.');
    await expect(page).toHaveURL(/\/enter-email$/);
    expect(await storedUser(page)).toMatchObject({ email: null });

    const address = `${user.username}@example.com`;
    const update = page.waitForResponse((response) => response.url().endsWith('/api/auth/user/update'));
    await email.fill(address);
    await submit.click();
    const answer = await update;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ email: address });
    await expect(page).toHaveURL(/\/dashboard\/main$/);
    await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
    expect(await storedUser(page)).toMatchObject({ id: user.id, username: user.username, email: address });

    // From now on the user has an e-mail: Home goes to Main and EnterEmail is not shown again.
    for (const path of ['/', '/enter-email']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard\/main$/);
      await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
    }
    expect(await storedUser(page)).toMatchObject({ email: address });
    await context.close();
  });
});

test.describe('a missing or non-object stored user', () => {
  // Absent, a JSON number, a JSON string, an array, and something that is not JSON at all.
  const STORED: readonly (string | null)[] = [null, '42', '"42"', '[]', '{not json'];

  for (const raw of STORED) {
    test(`userData ${raw === null ? 'absent' : raw}: a guarded route goes to /login and is remembered, / and /login are not`, async ({
      browser,
    }) => {
      const { context, page } = await newPage(browser);
      for (const path of ['/profile?tab=1', '/dashboard/main', '/article?page=2', '/no/such/page']) {
        await setStorage(page, { userData: raw, lastRoute: null });
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
        expect(await lastRoute(page), path).toBe(path);
        // The app did start on that value (it reads it, it does not clear it).
        expect(await page.evaluate(() => localStorage.getItem('userData'))).toBe(raw);
      }
      for (const path of ['/', '/login']) {
        await setStorage(page, { userData: raw, lastRoute: null });
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
        expect(await lastRoute(page), path).toBeNull();
      }
      await context.close();
    });
  }

  test('after signing in the user returns to the remembered route', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    await setStorage(page, { userData: '42' });
    await page.goto('/profile?tab=1');
    await expect(page).toHaveURL(/\/login$/);
    expect(await lastRoute(page)).toBe('/profile?tab=1');

    await submitSignIn(page);
    await expect(page).toHaveURL(/\/profile\?tab=1$/);
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByText('admin@example.com').first()).toBeVisible();
    // Taken, so a later sign-in goes Home again.
    expect(await lastRoute(page)).toBeNull();
    expect(await storedUser(page)).toMatchObject({ username: 'admin', email: 'admin@example.com' });
    await context.close();
  });
});
