import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectToast, listTable, recordToasts, rowMenu } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn, submitSignIn } from './support/session';
import { sidebar, type SidebarGroup } from './support/sidebar';
import { english } from './support/strings';

// An administrator's path through the admin screens, as a superadmin on a fresh database: a role made with
// three codes, a user made with that role, and what that user sees and may do in a second browser
// as the role changes and the account is blocked, unblocked and deleted. Everything is done
// through the screens; nothing is set up behind them.

const ROLE = 'Auditors';
const AUDREY = { username: 'audrey', email: 'audrey@example.com', password: 'audrey-password-1' } as const;

/**
 * What the sidebar must show for the role's codes (JA articles, JS settings, VR RDP and Keitaro, FW wallets
 * and card corrections).
 */
const FIRST_CODES = ['JA', 'JS', 'FW'] as const;
const FIRST_SIDEBAR: SidebarGroup[] = [
  {
    group: 'Finance',
    links: [
      { text: 'Wallets', href: '/wallets' },
      { text: 'Card corrections', href: '/card-corrections' },
    ],
  },
  {
    group: 'Admin',
    links: [
      { text: 'Articles', href: '/article' },
      { text: 'System settings', href: '/system-settings' },
      { text: 'Plugins', href: '/plugins' },
      { text: 'Jobs', href: '/jobs' },
    ],
  },
];
const SECOND_CODES = ['JA', 'VR'] as const;
const SECOND_SIDEBAR: SidebarGroup[] = [
  {
    group: 'Admin',
    links: [
      { text: 'Articles', href: '/article' },
      { text: 'RDP servers', href: '/rdp-servers' },
      { text: 'Keitaro servers', href: '/keitaro-servers' },
    ],
  },
];

/**
 * Access tokens live this long here (15 minutes by default): codes and blocks reach a signed-in
 * user when their token is next refreshed, and the test waits for that rather than faking it.
 */
const TOKEN_SECONDS = 6;

let server: ProductionServer;
test.beforeAll(async () => {
  server = await startProductionServer({
    plugins: 'admin,finance',
    dataDir: freshDataDir(),
    env: { ERP_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  await recordToasts(context);
  return { context, page: await context.newPage() };
}

const main = (page: Page) => page.getByRole('main');

async function openFromSidebar(page: Page, entry: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: entry, exact: true })
    .click();
  await expect(main(page).getByRole('heading', { level: 1, name: entry, exact: true })).toBeVisible();
}

/** A permission's checkbox in the role's checklist: its label is the code, then ' — description'. */
const codeBox = (page: Page, code: string): Locator =>
  main(page).getByRole('checkbox', { name: new RegExp(`^${code}(\\s—|$)`) });

/** Selects the role and leaves exactly `codes` checked, saved. */
async function giveRoleExactly(page: Page, codes: readonly string[]): Promise<void> {
  await main(page)
    .getByRole('list', { name: 'Roles' })
    .getByRole('button', { name: new RegExp(`^${ROLE}`) })
    .click();
  await expect(main(page).getByRole('heading', { level: 2, name: ROLE })).toBeVisible();
  const checked = main(page).locator('input[type="checkbox"][data-code]:checked');
  for (const code of await checked.evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-code') ?? ''))) {
    if (!codes.includes(code)) await codeBox(page, code).uncheck();
  }
  for (const code of codes) await codeBox(page, code).check();
  expect((await checked.evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-code')))).sort()).toEqual(
    [...codes].sort(),
  );
  await expectToast(page, 'Successfully updated', () =>
    main(page).getByRole('button', { name: 'Save permissions' }).click(),
  );
}

/** Audrey's row menu on the users list, picking `item`. */
async function audreyAction(page: Page, item: 'Block' | 'Unblock' | 'Delete'): Promise<void> {
  await rowMenu(page, AUDREY.username, item);
}

/** Waits until every access token issued so far has expired: the page's next call makes it refresh. */
async function outliveAccessToken(page: Page): Promise<void> {
  await page.waitForTimeout((TOKEN_SECONDS + 1) * 1000);
}

/**
 * The `is_reload` of every successful token refresh the page makes from now on. Read on the way
 * through (the page reloads on it, and a reloaded page's responses can no longer be read).
 */
async function refreshAnswers(page: Page): Promise<boolean[]> {
  const answers: boolean[] = [];
  await page.route('**/api/auth/auth/refresh', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (response.status() === 200) answers.push((JSON.parse(body) as { data: { is_reload: boolean } }).data.is_reload);
    await route.fulfill({ response, body });
  });
  return answers;
}

const signInProblem = (page: Page) => page.getByRole('alert');

test('a role with three codes decides what its holder sees; changes reach them at their next refresh; block, unblock and delete decide whether they sign in', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context: adminContext, page: admin } = await newPage(browser);
  await signIn(admin);

  // The role, through Roles and permissions.
  await openFromSidebar(admin, 'Roles and permissions');
  await main(admin).getByRole('button', { name: 'New role' }).click();
  const roleDialog = admin.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByRole('textbox', { name: 'Name' }).fill(ROLE);
  await expectToast(admin, 'New record successfully created', () =>
    roleDialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(roleDialog).toBeHidden();
  await giveRoleExactly(admin, FIRST_CODES);

  // The user holding it, through Users.
  await openFromSidebar(admin, 'Users');
  await main(admin).getByRole('button', { name: 'Add user' }).click();
  const userDialog = admin.getByRole('dialog', { name: 'New user' });
  await userDialog.getByRole('textbox', { name: 'Username' }).fill(AUDREY.username);
  await userDialog.getByRole('textbox', { name: 'E-mail' }).fill(AUDREY.email);
  await userDialog.getByLabel('Password').fill(AUDREY.password);
  await userDialog.getByRole('combobox', { name: 'Roles' }).click();
  // A multi-select: its options are checkable menu items, and the list stays open for more.
  await admin.getByRole('menuitemcheckbox', { name: ROLE, exact: true }).click();
  await userDialog.getByRole('heading', { name: 'New user' }).click();
  await expect(userDialog.getByRole('combobox', { name: 'Roles' })).toHaveText(ROLE);
  await expectToast(admin, 'New record successfully created', () =>
    userDialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(userDialog).toBeHidden();
  const users = listTable(admin, 'Users');
  await expect(users.getByRole('row', { name: new RegExp(AUDREY.username) })).toContainText(ROLE);

  // Audrey, in a browser of her own, sees exactly what the three codes open.
  const { context: audreyContext, page: audrey } = await newPage(browser);
  await signIn(audrey, AUDREY.email, AUDREY.password);
  await expect(audrey.getByRole('heading', { level: 1, name: `Hello, ${AUDREY.username}` })).toBeVisible();
  expect(await sidebar(audrey)).toEqual(FIRST_SIDEBAR);

  await openFromSidebar(audrey, 'Articles');
  const audreyRefreshes = await refreshAnswers(audrey);

  // The admin swaps the role's codes. Audrey's next refresh answers is_reload: her page reloads,
  // reads her again and draws the new set, on the screen she was on.
  await openFromSidebar(admin, 'Roles and permissions');
  await giveRoleExactly(admin, SECOND_CODES);
  await audrey.evaluate(() => Object.assign(window, { beforeReload: true }));
  await outliveAccessToken(audrey);
  // Her page may already have refreshed on a call of its own (the bell's, the stream's); otherwise the list's
  // Refresh makes it, asked again while no answer has said reload, as the server learns of the change by its poll.
  await expect(async () => {
    if (!audreyRefreshes.includes(true)) await audrey.getByRole('button', { name: 'Refresh' }).click({ timeout: 1000 });
    expect(audreyRefreshes).toContain(true);
  }).toPass({ timeout: 30_000 });
  await expect(
    audrey.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'RDP servers' }),
  ).toBeVisible({ timeout: 15_000 });
  expect(await audrey.evaluate(() => 'beforeReload' in window)).toBe(false);
  expect(await sidebar(audrey)).toEqual(SECOND_SIDEBAR);
  await expect(audrey).toHaveURL(/\/article$/);

  // Blocked: her session ends at its next refresh, and signing in is refused with the reason.
  await openFromSidebar(admin, 'Users');
  await expectToast(admin, 'Successfully blocked', () => audreyAction(admin, 'Block'));
  await expect(users.getByRole('row', { name: new RegExp(AUDREY.username) })).toContainText('Blocked');
  // Her notifications stream closes at the block, and its reconnect is refused, which may take her to
  // sign-in before her next refresh does; whichever comes first, she ends there.
  await outliveAccessToken(audrey);
  await expect(async () => {
    if (!/\/login$/.test(audrey.url())) await audrey.getByRole('button', { name: 'Refresh' }).click({ timeout: 1000 });
    await expect(audrey).toHaveURL(/\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await submitSignIn(audrey, AUDREY.email, AUDREY.password);
  await expect(signInProblem(audrey)).toHaveText(english('auth:login.blocked'));
  await expect(audrey).toHaveURL(/\/login$/);

  // Unblocked: she signs in again and is back where she was.
  await expectToast(admin, 'Successfully unblocked', () => audreyAction(admin, 'Unblock'));
  await expect(users.getByRole('row', { name: new RegExp(AUDREY.username) })).not.toContainText('Blocked');
  await submitSignIn(audrey, AUDREY.email, AUDREY.password);
  await expect(audrey).toHaveURL(/\/article$/);
  expect(await sidebar(audrey)).toEqual(SECOND_SIDEBAR);

  // Deleted (after 'Are you sure?'): gone from the list, and she cannot sign in.
  await audreyAction(admin, 'Delete');
  const confirm = admin.getByRole('alertdialog').or(admin.getByRole('dialog', { name: 'Please confirm' }));
  await expect(confirm).toContainText('Are you sure?');
  await expectToast(admin, 'Successfully deleted', () => confirm.getByRole('button', { name: 'Yes' }).click());
  await expect(users.getByRole('row', { name: new RegExp(AUDREY.username) })).toHaveCount(0);
  await expect(users.getByRole('row', { name: /admin@example\.com/ })).toHaveCount(1);
  await audrey.evaluate(() => localStorage.clear());
  await audrey.goto('/login');
  await submitSignIn(audrey, AUDREY.email, AUDREY.password);
  await expect(signInProblem(audrey)).toHaveText('Invalid email or password. Please try again.');
  await expect(audrey).toHaveURL(/\/login$/);

  await audreyContext.close();
  await adminContext.close();
});
