import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
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

// The reliability suite's session check: two tabs of one browser whose access tokens
// expire together stay signed in, and a stolen refresh cookie replayed after the grace period still
// ends the session. Tokens live seconds here, so the test waits for real expiry rather than faking it.
test.describe('two tabs of one browser', () => {
  // Long enough that a tab still loading its list (every request 500 ms late, on a busy machine) does not
  // meet the renewed token's own expiry and rightly refresh a second time.
  const TOKEN_SECONDS = 10;
  const GRACE_SECONDS = 2;
  let tabsServer: ProductionServer;
  test.beforeAll(async () => {
    tabsServer = await startProductionServer({
      plugins: 'admin',
      dataDir: freshDataDir(),
      env: { ERP_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS), ERP_REFRESH_GRACE_SECONDS: String(GRACE_SECONDS) },
    });
  });
  test.afterAll(async () => {
    await tabsServer?.stop();
  });

  const REFRESH = '**/api/auth/auth/refresh';

  /** Every refresh the context's tabs make: the status and the refresh cookie each answer sets. */
  function refreshAnswers(context: BrowserContext): { status: number; cookie: string | undefined }[] {
    const answers: { status: number; cookie: string | undefined }[] = [];
    context.on('response', (response) => {
      if (!response.url().endsWith('/api/auth/auth/refresh')) return;
      void response.headerValue('set-cookie').then((header) => {
        answers.push({ status: response.status(), cookie: /refresh_token=([^;]*)/.exec(header ?? '')?.[1] });
      });
    });
    return answers;
  }

  /** Signs in on one tab and opens a second on the same list; both hold the token that expires next. */
  async function twoSignedInTabs(context: BrowserContext): Promise<[Page, Page]> {
    const first = await context.newPage();
    await first.goto('/login');
    await first.getByLabel('Email').fill(ADMIN_EMAIL);
    await first.getByLabel('Password').fill(ADMIN_PASSWORD);
    await first.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(first).toHaveURL(/\/dashboard\/main$/);
    const second = await context.newPage();
    await second.goto('/dashboard/main');
    await expect(second).toHaveURL(/\/dashboard\/main$/);
    return [first, second];
  }

  /** Both tabs call the API at once after their token expired, and both show the data. */
  async function bothLoadArticlesAfterExpiry(tabs: readonly Page[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, (TOKEN_SECONDS + 1) * 1000));
    await Promise.all(tabs.map((tab) => tab.goto('/article')));
    for (const tab of tabs) {
      await expect(tab.getByText('This section is empty. Please create a new entry.')).toBeVisible();
      await expect(tab).toHaveURL(/\/article$/);
    }
  }

  test('two tabs whose tokens expire together refresh once and stay signed in', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: tabsServer.url });
    const tabs = await twoSignedInTabs(context);
    const answers = refreshAnswers(context);
    // The refresh is slowed so that the other tab's rejected call surely arrives while it runs.
    await context.route(REFRESH, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });

    await bothLoadArticlesAfterExpiry(tabs);
    console.log(
      `sessions: two tabs with Web Locks after expiry: ${answers.length} refresh(es), statuses ${answers.map((answer) => answer.status).join(', ')}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200]);

    // Signed in for good: after the next expiry both tabs still make authenticated calls.
    await context.unroute(REFRESH);
    await bothLoadArticlesAfterExpiry(tabs);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await context.close();
  });

  test('without Web Locks both tabs refresh with one cookie at once and both get the same new cookie', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: tabsServer.url });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
    });
    const tabs = await twoSignedInTabs(context);
    const answers = refreshAnswers(context);
    // Both refreshes are held until both were sent (or 5 s passed), then let through together.
    const held: Route[] = [];
    let release: () => void = () => undefined;
    const bothSent = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 5000);
    });
    await context.route(REFRESH, async (route) => {
      held.push(route);
      if (held.length === 2) release();
      await bothSent;
      await route.continue();
    });
    // The browser attaches the cookie when a held request goes on, so the first answer must not be
    // back (and its new cookie stored) before the second has left: every answer takes 500 ms.
    for (const tab of tabs) {
      const devtools = await context.newCDPSession(tab);
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 500,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }

    await bothLoadArticlesAfterExpiry(tabs);
    console.log(
      `sessions: two tabs without Web Locks after expiry: ${answers.length} refreshes, statuses ${answers.map((answer) => answer.status).join(', ')}`,
    );
    expect(held).toHaveLength(2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => answer.cookie)).size).toBe(1);
    await context.close();
  });

  test('a refresh cookie replayed after the grace period ends the session it was stolen from', async ({
    browser,
    playwright,
  }) => {
    const context = await browser.newContext({ baseURL: tabsServer.url });
    const [page] = await twoSignedInTabs(context);
    const refreshCookie = async (): Promise<string | undefined> =>
      (await context.cookies()).find((cookie) => cookie.name === 'refresh_token')?.value;
    const stolen = await refreshCookie();
    expect(stolen).toBeDefined();

    // The owner refreshes: the stolen cookie is now a rotated one.
    await page.evaluate(() => localStorage.setItem('authToken', 'expired.token.value'));
    await page.goto('/article');
    await expect(page.getByText('This section is empty. Please create a new entry.')).toBeVisible();
    expect(await refreshCookie()).not.toBe(stolen);
    await page.waitForTimeout((GRACE_SECONDS + 1) * 1000);

    // The thief, from another client, after the grace period.
    const thief = await playwright.request.newContext({ baseURL: tabsServer.url });
    const xsrf = 'thief-xsrf-value-0123456789';
    const replay = await thief.post('/api/auth/auth/refresh', {
      headers: { Cookie: `refresh_token=${stolen}; XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
    });
    console.log(`sessions: stolen cookie replayed ${GRACE_SECONDS + 1} s after rotation: ${replay.status()}`);
    expect(replay.status()).toBe(401);
    await thief.dispose();

    // The whole family is revoked: the owner's next refresh fails and they sign in again.
    await page.evaluate(() => localStorage.setItem('authToken', 'expired.token.value'));
    await page.goto('/article');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
