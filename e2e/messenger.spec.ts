import { expect, test, type Browser, type Page } from '@playwright/test';
import { FakeTelegram } from '../tests/plugins/messenger/support/fake-telegram';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { recordToasts, rowMenu, rowWith } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn, storedUser } from './support/session';
import { navigation } from './support/sidebar';
import { english } from './support/strings';

// The messenger plugin in the browser. A local fake of the Telegram Bot API stands in for Telegram
// through the configured base URL: a superadmin adds a bot, checks its token, sets its webhook and
// reads the status badge; then a staff member signs in through that bot, the test delivering
// `/start <code>` to the webhook as Telegram would (with the secret the server gave Telegram).

const TOKEN = '7000000042:AAE-e2e-messenger-token-not-a-real-one';
/** Where Telegram would deliver updates; the test posts them to the server itself. */
const PUBLIC_URL = 'https://erp.example.test';
const BOT_NAME = 'Sign-in bot';

let telegram: FakeTelegram;
let server: ProductionServer;
let admin: Api;
let outsider: RoleUser;

test.beforeAll(async () => {
  telegram = new FakeTelegram(TOKEN);
  const telegramUrl = await telegram.start();
  server = await startProductionServer({
    plugins: 'admin,messenger',
    dataDir: freshDataDir(),
    env: { ERP_TELEGRAM_API_BASE: telegramUrl, ERP_PUBLIC_URL: PUBLIC_URL },
  });
  admin = await Api.signIn(server.url);
  // A user with codes, none of them MB.
  outsider = await userWithCodes(admin, 'olga', ['JA']);
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  await telegram?.stop();
});

const messengerText = (key: string) => english(`messenger:${key}`);

async function signedIn(browser: Browser, email?: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** The bot the journeys share, as the API returns it. */
async function signInBot(): Promise<ApiRecord> {
  const bots = await admin.get<{ data: ApiRecord[] }>(
    `/api/messenger/bots?${new URLSearchParams({ 'filter[name][eq]': BOT_NAME })}`,
  );
  const bot = bots.data[0];
  if (!bot) throw new Error('the sign-in bot was not created');
  return bot;
}

test.describe
  .serial('bots and sign-in through the bot', () => {
    test('a superadmin adds a bot, checks its token, sets the webhook and reads its status', async ({ browser }) => {
      const page = await signedIn(browser);
      await navigation(page)
        .getByRole('link', { name: messengerText('nav.bots') })
        .click();
      await expect(page).toHaveURL(/\/tg-bots$/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: messengerText('nav.bots') })).toBeVisible();

      await main.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(messengerText('fields.name')).fill(BOT_NAME);
      await dialog.getByLabel(messengerText('fields.token')).fill(TOKEN);
      await dialog.getByLabel(messengerText('fields.handlerClass')).click();
      await page.getByRole('option', { name: 'messenger.sign-in' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      const row = rowWith(page, messengerText('nav.bots'), BOT_NAME);
      await expect(row).toBeVisible();
      await expect(row.getByText(messengerText('webhook.statuses.unknown'))).toBeVisible();
      // The token is write-only: nowhere on the screen.
      await expect(page.getByText(TOKEN)).toHaveCount(0);

      await rowMenu(page, BOT_NAME, messengerText('actions.checkToken'));
      await expect(row.getByText('@agency_test_bot')).toBeVisible();

      await rowMenu(page, BOT_NAME, messengerText('actions.setWebhook'));
      await expect(row.getByText(messengerText('webhook.statuses.set'))).toBeVisible();
      const bot = await signInBot();
      expect(telegram.calls.find((call) => call.method === 'setWebhook')?.params.url).toBe(
        `${PUBLIC_URL}/api/messenger/webhook/${bot.id}`,
      );
      expect(telegram.webhookSecret).not.toBe('');

      // The badge's details: the webhook address Telegram reported.
      await row.getByText(messengerText('webhook.statuses.set')).hover();
      await expect(page.getByText(`${PUBLIC_URL}/api/messenger/webhook/${bot.id}`)).toBeVisible();
      await page.screenshot({ path: 'e2e/output/screens/tg-bots-webhook-set-light-1600.png' });

      // Telegram reports a delivery error: a refresh shows it.
      telegram.lastError = { date: Math.floor(Date.now() / 1000) - 60, message: 'Connection timed out' };
      await rowMenu(page, BOT_NAME, messengerText('actions.refreshWebhook'));
      await expect(row.getByText(messengerText('webhook.statuses.failing'))).toBeVisible();
      telegram.lastError = null;
      await rowMenu(page, BOT_NAME, messengerText('actions.refreshWebhook'));
      await expect(row.getByText(messengerText('webhook.statuses.set'))).toBeVisible();

      // The token never came back in any answer.
      const listed = await admin.call('GET', '/api/messenger/bots');
      expect(JSON.stringify(listed.body)).not.toContain(TOKEN);
      await page.context().close();
    });

    test('a user without MB gets no entry and a 403', async ({ browser }) => {
      const page = await signedIn(browser, outsider.email, outsider.password);
      await expect(navigation(page).getByRole('link', { name: messengerText('nav.bots') })).toHaveCount(0);
      await page.goto('/tg-bots');
      await expect(page.getByRole('main').getByText(english('shell:noAccess.title'))).toBeVisible();
      const api = await Api.signIn(server.url, outsider.email, outsider.password);
      expect((await api.call('GET', '/api/messenger/bots')).status).toBe(403);
      await api.dispose();
      await page.context().close();
    });

    test('a staff member signs in through the bot; a reused code is refused', async ({ browser }) => {
      const bot = await signInBot();
      const telegramId = 800_000_000 + Math.floor(Math.random() * 1_000_000);
      const user = await admin.create<{ id: number }>('/api/auth/users', {
        username: 'tess',
        email: 'tess@example.com',
        password: 'tess-password-1',
        tg_user_id: telegramId,
        roles: [],
      });
      // The bot may write to the user's private chat, whose id is the user's Telegram id.
      telegram.chats.add(telegramId);

      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
      // The bot dialog opens in a new window; t.me is out of reach here, so it gets a blank page.
      await context.route('https://t.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>bot</title>' }),
      );
      const page = await context.newPage();
      await page.goto('/login');
      const codeAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/telegram/login-code'));
      await page.getByRole('button', { name: english('auth:login.bot.open') }).click();
      const { code, link } = ((await (await codeAnswer).json()) as { data: { code: string; link: string } }).data;
      expect(link).toBe(`https://t.me/agency_test_bot?start=${code}`);
      await expect(
        page.getByRole('region', { name: english('auth:login.bot.title') }).getByText(english('auth:login.bot.step2')),
      ).toBeVisible();

      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: english('auth:login.bot.proceed') }).click();
      expect((await popup).url()).toBe(link);
      // The page waits for the bot, asking the server every few seconds.
      await expect(page.getByTestId('bot-waiting')).toBeVisible();
      await page.screenshot({ path: 'e2e/output/screens/login-bot-waiting-light-1280.png' });

      // Telegram delivers the user's Start to the webhook.
      const delivered = await deliver(bot.id, telegramId, `/start ${code}`);
      expect(delivered).toBe(200);
      await expect(page).toHaveURL(/\/dashboard\/main$/, { timeout: 15_000 });
      expect((await storedUser(page))?.id).toBe(user.id);
      const reply = telegram.calls
        .filter((call) => call.method === 'sendMessage' && call.params.chat_id === telegramId)
        .at(-1);
      expect(reply?.params.text).toBeTruthy();

      // The code worked once: asked again, it is refused.
      const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
      const again = await context.request.post('/api/auth/telegram/auth-check', {
        data: { code },
        headers: { 'X-XSRF-TOKEN': xsrf },
      });
      expect(again.status()).toBe(422);
      expect(JSON.stringify(await again.json())).toContain('This sign-in code has already been used.');
      await context.close();
    });

    test('a Telegram user with no account is told so in the bot and on the login page', async ({ browser }) => {
      const bot = await signInBot();
      const stranger = 900_000_000 + Math.floor(Math.random() * 1_000_000);
      telegram.chats.add(stranger);
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
      await context.route('https://t.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>bot</title>' }),
      );
      const page = await context.newPage();
      await page.goto('/login');
      const codeAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/telegram/login-code'));
      await page.getByRole('button', { name: english('auth:login.bot.open') }).click();
      const { code } = ((await (await codeAnswer).json()) as { data: { code: string } }).data;
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: english('auth:login.bot.proceed') }).click();
      await popup;

      expect(await deliver(bot.id, stranger, `/start ${code}`)).toBe(200);
      await expect(page.getByTestId('bot-problem')).toContainText('No user is linked to this Telegram account.');
      await page.screenshot({ path: 'e2e/output/screens/login-bot-no-account-light-1280.png' });
      await expect(page).toHaveURL(/\/login/);
      const reply = telegram.calls
        .filter((call) => call.method === 'sendMessage' && call.params.chat_id === stranger)
        .at(-1);
      expect(String(reply?.params.text)).toContain('No user is linked to this Telegram account');
      await context.close();
    });
  });

let nextUpdate = 1;
/** Posts a private message from `telegramId` to the bot's webhook as Telegram would; the answer's status. */
async function deliver(botId: number, telegramId: number, text: string): Promise<number> {
  const update = {
    update_id: nextUpdate++,
    message: {
      message_id: nextUpdate,
      date: Math.floor(Date.now() / 1000),
      chat: { id: telegramId, type: 'private', first_name: 'Tess' },
      from: { id: telegramId, is_bot: false, first_name: 'Tess', language_code: 'en' },
      text,
    },
  };
  const response = await fetch(`${server.url}/api/messenger/webhook/${botId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': telegram.webhookSecret },
    body: JSON.stringify(update),
  });
  return response.status;
}
