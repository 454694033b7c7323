import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { localeFormat } from '../core/shared/format/locale-format';
import { financeManifest } from '../plugins/finance/manifest';
import { sidebarEntries } from '../core/web/plugins/navigation';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import {
  addRecord,
  choose,
  chooseCurrency,
  columnTexts,
  expectToast,
  localDay,
  pickReference,
  recordToasts,
  rowMenu,
  rowOf,
} from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { rawKeys } from './support/raw-keys';
import { signIn } from './support/session';
import { navigation } from './support/sidebar';
import { speakRussian } from './support/screen-tour';
import { text } from './support/strings';

// The finance plugin in the browser, as a user holding only the finance codes (its screens are
// opened in both languages by tour.spec.ts): the bookkeeping chain (a rate, a wallet, a transaction, the balance and the USD
// amounts), converting a draft, and the spreadsheet-table tree. The tests share one server, and
// each works only with the records it creates itself.

const FINANCE_CODES = [
  'FP',
  'FW',
  'FG',
  'FN',
  'FD',
  'FC',
  'FA',
  'FT',
  'FF',
  'FS',
  'FL',
  'FJ',
  'FZ',
  'FE',
  'FH',
] as const;

let server: ProductionServer;
let admin: Api;
let fiona: RoleUser;
let fionaApi: Api;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  fiona = await userWithCodes(admin, 'fiona', FINANCE_CODES);
  fionaApi = await Api.signIn(server.url, fiona.email, fiona.password);
});
test.afterAll(async () => {
  await fionaApi?.dispose();
  await admin?.dispose();
  await server?.stop();
});

async function open(browser: Browser, user: RoleUser, path?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (path) await page.goto(path);
  return { context, page };
}

// ---- raw i18n keys ---------------------------------------------------------------------------

test('the raw-key check finds keys, and only keys', async ({ browser }) => {
  // The check itself, on text made for it: it must catch both shapes and leave ordinary text alone.
  const { context, page } = await open(browser, fiona);
  const main = page.getByRole('main');
  await main.evaluate((element) => {
    const probe = document.createElement('div');
    probe.id = 'raw-key-probe';
    probe.innerHTML =
      '<p>finance:nav.wallets</p><p>Title: resource.table.empty</p><p>common.cancel</p><input placeholder="fields.name">' +
      '<p>Rate 1.08567891 at 06:10, 11/22/26; mail a@b.example; https://example.com/x.csv; e.g. Sheet1!A1:D20; Total, EUR</p>';
    element.append(probe);
  });
  const probe = page.locator('#raw-key-probe');
  expect((await rawKeys(probe)).keys.sort()).toEqual([
    'common.cancel',
    'fields.name',
    'finance:nav.wallets',
    'resource.table.empty',
  ]);
  await probe.evaluate((element) => element.remove());
  await context.close();
});

// ---- bookkeeping -----------------------------------------------------------------------------

async function one(path: string, filter: Record<string, string>): Promise<ApiRecord> {
  const page = await fionaApi.get<{ data: ApiRecord[] }>(`/api/finance/${path}?${new URLSearchParams(filter)}`);
  expect(page.data, `${path} matching ${JSON.stringify(filter)}`).toHaveLength(1);
  return page.data[0] as ApiRecord;
}

const RATE_DAY = localDay(-3);
const RATE = '1.08567891';

test('a transaction moves its wallet balance and carries exact USD amounts; a converted draft links its transaction', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, page } = await open(browser, fiona);

  await addRecord(page, '/counterparties', 'Counterparty', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Orbit Traffic');
    await dialog.getByRole('textbox', { name: 'Country' }).fill('Cyprus');
  });
  await addRecord(page, '/projects-finance', 'Project', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Project Lighthouse');
  });
  await addRecord(page, '/articles', 'Article', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Media buying income');
    await choose(page, dialog, 'Direction', 'Income');
  });
  await addRecord(page, '/wallets', 'Wallet', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Euro account');
    await choose(page, dialog, 'Currency', 'EUR — Euro');
  });
  const wallet = await one('wallets', { 'filter[name][eq]': 'Euro account' });
  expect(wallet).toMatchObject({ currency: 'EUR' });
  const balanceBefore = (await columnTexts(page, 'Wallets', 'Balance'))[0];
  expect(['', '€0.00']).toContain(balanceBefore);

  await addRecord(page, '/exchange-rates', 'Exchange rate', async (dialog) => {
    await choose(page, dialog, 'Currency', 'EUR — Euro');
    await dialog.getByLabel('Rate date').fill(RATE_DAY);
    await dialog.getByRole('textbox', { name: 'USD rate' }).fill(RATE);
  });
  expect(await one('exchange-rates', { 'filter[currency][eq]': 'EUR' })).toMatchObject({
    rate_date: RATE_DAY,
    usd_rate: RATE,
  });

  // 1234.56 EUR of income with 0.5 EUR commission, on the rate's day.
  await addRecord(page, '/transactions', 'Transaction', async (dialog) => {
    await dialog.getByLabel('Date fact').fill(RATE_DAY);
    await pickReference(page, dialog, 'Wallet', 'Euro', 'Euro account');
    await pickReference(page, dialog, 'Article', 'Media', 'Media buying income');
    const amount = dialog.locator('[data-field="amount"]');
    await amount.getByRole('textbox', { name: 'Amount' }).fill('1234.56');
    await chooseCurrency(page, amount, 'euro', 'EUR');
    const commission = dialog.locator('[data-field="commission"]');
    await commission.getByRole('textbox', { name: 'Amount' }).fill('0.5');
    await chooseCurrency(page, commission, 'евро', 'EUR');
    await pickReference(page, dialog, 'Project', 'Light', 'Project Lighthouse');
    await pickReference(page, dialog, 'Counterparty', 'Orbit', 'Orbit Traffic');
    await dialog.getByRole('textbox', { name: 'Hash' }).fill('tx-orbit-1');
  });
  // round(1234.56 × 1.08567891, 8) = 1340.33575513 (from 1340.3357551296); round(0.5 × 1.08567891, 8) = 0.54283946.
  const transaction = await one('transactions', { 'filter[hash][eq]': 'tx-orbit-1' });
  expect(transaction).toMatchObject({
    date_fact: RATE_DAY,
    amount: { amount: '1234.56', currency: 'EUR' },
    commission: { amount: '0.5', currency: 'EUR' },
    amount_usd: { amount: '1340.33575513', currency: 'USD' },
    commission_usd: { amount: '0.54283946', currency: 'USD' },
    summary: { amount: '1235.06', currency: 'EUR' },
    summary_usd: { amount: '1340.87859459', currency: 'USD' },
  });
  // The list shows money to the currency's digits; the exact amount is the cell's tooltip.
  const row = rowOf(page, 'Transactions', transaction.id);
  await expect(row).toContainText('$1,340.34');
  await expect(row.getByTitle('$1,340.33575513', { exact: true })).toHaveText('$1,340.34');
  await expect(row).toContainText('€1,234.56');
  await expect(row).toContainText('Euro account');
  await expect(row).toContainText('Media buying income');
  await expect(row).toContainText('Orbit Traffic');
  expect(await columnTexts(page, 'Transactions', 'Amount USD')).toEqual(['$1,340.34']);
  expect(await columnTexts(page, 'Transactions', 'Summary USD')).toEqual(['$1,340.88']);

  // The wallet: income minus commission.
  await page.goto('/wallets');
  await expect.poll(() => columnTexts(page, 'Wallets', 'Balance')).toEqual(['€1,234.06']);
  expect((await one('wallets', { 'filter[name][eq]': 'Euro account' })).balance).toEqual({
    amount: '1234.06',
    currency: 'EUR',
  });

  // A draft of 250.125 EUR in the same wallet, converted through its row action.
  await addRecord(page, '/transaction-drafts', 'Transaction draft', async (dialog) => {
    await pickReference(page, dialog, 'Wallet', 'Euro', 'Euro account');
    const amount = dialog.locator('[data-field="amount"]');
    await amount.getByRole('textbox', { name: 'Amount' }).fill('250.125');
    await chooseCurrency(page, amount, 'EUR', 'EUR');
    await dialog.getByRole('textbox', { name: 'Hash' }).fill('draft-orbit-2');
    await dialog.getByLabel('Draft date').fill(RATE_DAY);
  });
  const draft = await one('transaction-drafts', { 'filter[hash][eq]': 'draft-orbit-2' });
  expect(draft).toMatchObject({ transaction_id: null, amount_usd: { amount: '271.55543736', currency: 'USD' } });

  await rowMenu(page, 'draft-orbit-2', 'Convert to transaction');
  const convert = page.getByRole('dialog', { name: 'Convert draft draft-orbit-2' });
  await expect(convert).toContainText('Euro account');
  // The day as an English reader's date field shows it.
  await expect(convert.getByLabel('Date fact')).toHaveValue(localeFormat('en').date(RATE_DAY));
  await pickReference(page, convert, 'Article', 'Media', 'Media buying income');
  await convert.getByRole('button', { name: 'Convert to transaction' }).click();
  const converted = await one('transactions', { 'filter[hash][eq]': 'draft-orbit-2' });
  await expect(convert).toContainText(`The draft is now transaction #${converted.id}`);
  // Money reads the same in the dialog as in the lists.
  await expect(convert).toContainText('Booked as $271.55543736');
  expect(converted).toMatchObject({
    transaction_draft_id: draft.id,
    date_fact: RATE_DAY,
    amount: { amount: '250.125', currency: 'EUR' },
    amount_usd: { amount: '271.55543736', currency: 'USD' },
  });
  expect(await one('transaction-drafts', { 'filter[hash][eq]': 'draft-orbit-2' })).toMatchObject({
    transaction_id: converted.id,
  });
  await convert.getByRole('link', { name: 'Open transactions' }).click();
  await expect(page).toHaveURL(/\/transactions\?filter%5Bhash%5D%5Beq%5D=draft-orbit-2$/);
  await expect.poll(() => columnTexts(page, 'Transactions', 'Amount USD')).toEqual(['$271.56']);
  await expect(rowOf(page, 'Transactions', converted.id).getByTitle('€250.125', { exact: true })).toHaveText('€250.13');

  // Back on the drafts: the row names its transaction (by its hash) and offers no second conversion.
  await page.goBack();
  await expect(page).toHaveURL(/\/transaction-drafts$/);
  await expect.poll(() => columnTexts(page, 'Transaction drafts', 'Transaction')).toEqual(['draft-orbit-2']);
  await page.getByRole('button', { name: 'Actions for draft-orbit-2' }).click();
  await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Convert to transaction' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/wallets');
  await expect.poll(() => columnTexts(page, 'Wallets', 'Balance')).toEqual(['€1,484.19']);
  expect((await one('wallets', { 'filter[name][eq]': 'Euro account' })).balance).toEqual({
    amount: '1484.185',
    currency: 'EUR',
  });
  await context.close();
});

// ---- spreadsheet tables ----------------------------------------------------------------------

interface Table {
  readonly id: number;
  readonly parent_id: number | null;
  readonly position: number;
  readonly name_en: string;
}

async function tables(): Promise<Table[]> {
  return (await fionaApi.get<{ data: Table[] }>('/api/finance/google-tables')).data;
}

// A table's row is its tree item, named by the table and its spreadsheet (`sheet-reports`).
const treeItem = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: `${name} sheet-${name.toLowerCase()}`, exact: true });
const dragRow = treeItem;
/** The tables shown inside `name`'s branch. */
const branch = (page: Page, name: string) =>
  page
    .locator('li[data-table-id]', { has: treeItem(page, name) })
    .last()
    .getByRole('group');

test('a table dragged under another stays there after a reload; a drop beyond the nesting limit is refused', async ({
  browser,
}) => {
  for (const name of ['Reports', 'Budgets', 'Payroll']) {
    await fionaApi.create('/api/finance/google-table', {
      name_en: name,
      name_ru: `${name} (ru)`,
      spreadsheet_id: `sheet-${name.toLowerCase()}`,
    });
  }
  // Two levels: a root table and the tables inside it.
  const setting = 'finance.googleTables.maxNestingLevel';
  await admin.expect(200, 'PUT', '/api/auth/system-settings', { [setting]: 2 });
  const settings = await admin.get<{ key: string; value: unknown }[]>('/api/auth/system-settings');
  expect(settings.find((entry) => entry.key === setting)).toMatchObject({ value: 2 });

  const { context, page } = await open(browser, fiona, '/google-table');
  await expect(page.getByText('Levels allowed: 2')).toBeVisible();
  for (const name of ['Reports', 'Budgets', 'Payroll'])
    await expect(treeItem(page, name)).toHaveAttribute('aria-level', '1');

  // Budgets onto the middle of Reports: inside it.
  await expectToast(page, 'Table updated successfully', () =>
    dragRow(page, 'Budgets').dragTo(dragRow(page, 'Reports')),
  );
  await expect(treeItem(page, 'Budgets')).toHaveAttribute('aria-level', '2');
  await expect(branch(page, 'Reports').getByRole('treeitem', { name: /^Budgets / })).toBeVisible();
  await page.reload();
  await expect(treeItem(page, 'Budgets')).toHaveAttribute('aria-level', '2');
  await expect(branch(page, 'Reports').getByRole('treeitem', { name: /^Budgets / })).toBeVisible();
  const arranged = await tables();
  const id = (name: string) => arranged.find((table) => table.name_en === name)?.id;
  expect(arranged.find((table) => table.name_en === 'Budgets')?.parent_id).toBe(id('Reports'));

  // Payroll onto Budgets would be level 3: refused, nothing sent, nothing moved.
  let treeWrites = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/finance/google-tables/update-tree')) treeWrites += 1;
  });
  await expectToast(page, 'Max nesting level is reached', () =>
    dragRow(page, 'Payroll').dragTo(dragRow(page, 'Budgets')),
  );
  await expect(treeItem(page, 'Payroll')).toHaveAttribute('aria-level', '1');
  expect(treeWrites).toBe(0);
  expect(await tables()).toEqual(arranged);
  await page.reload();
  await expect(treeItem(page, 'Payroll')).toHaveAttribute('aria-level', '1');
  await expect(treeItem(page, 'Budgets')).toHaveAttribute('aria-level', '2');

  // The server keeps the limit too, for a client that does not.
  const refused = await fionaApi.call('POST', '/api/finance/google-tables/update-tree', {
    items: [{ id: id('Payroll'), parent_id: id('Budgets'), position: 0 }],
  });
  expect(refused.status).toBe(422);
  expect(JSON.stringify(refused.body)).toContain('Max nesting level is reached');
  expect(await tables()).toEqual(arranged);
  await context.close();
});

// ---- a user without FT -----------------------------------------------------------------------

test('a user without FT sees no Transactions entry and gets 403 from the transactions API', async ({ browser }) => {
  const codes = FINANCE_CODES.filter((code) => code !== 'FT');
  const user = await userWithCodes(admin, 'tomas', codes);
  const { context, page } = await open(browser, user);
  const nav = navigation(page);
  await expect(nav.getByRole('link', { name: 'Wallets', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Transaction drafts', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Transactions', exact: true })).toHaveCount(0);
  // Exchange rates are kept by whoever keeps transactions (FT) as well.
  await expect(nav.getByRole('link', { name: 'Exchange rates', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link')).toHaveCount(
    sidebarEntries(financeManifest).filter((entry) => entry.requires !== 'FT').length,
  );

  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  const answer = await page.request.get('/api/finance/transactions', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
  // The same token reads what the user does hold.
  expect(
    (await page.request.get('/api/finance/wallets', { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);
  await context.close();
});

// ---- typing in Russian -----------------------------------------------------------------------

test('a Russian user types an amount and a date as Russian writes them, and the transaction stores 1234.56 and 2026-11-29', async ({
  browser,
}) => {
  const t = (key: string, values?: Readonly<Record<string, string | number>>) => text('ru', key, values);
  await fionaApi.create('/api/finance/wallets', { name: 'Карта для ввода', source: 'Card', currency: 'USD' });
  await fionaApi.create('/api/finance/articles', { name: 'Доход для ввода', direction: 'income' });
  const { context, page } = await open(browser, fiona);
  await speakRussian(page);
  await page.goto('/transactions');
  await page
    .getByRole('main')
    .getByRole('button', { name: t('resource:toolbar.add'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', {
    name: t('resource:form.addTitle', { record: t('finance:records.transaction') }),
  });

  const day = dialog.getByLabel(t('finance:fields.dateFact'));
  await expect(day).toHaveAttribute('placeholder', 'дд.мм.гггг');
  await day.fill('29.11.2026');
  await pickReference(page, dialog, t('finance:fields.wallet'), 'Карта', 'Карта для ввода');
  await pickReference(page, dialog, t('finance:fields.article'), 'Доход', 'Доход для ввода');
  const amount = dialog.locator('[data-field="amount"]').getByRole('textbox', { name: t('resource:form.amount') });
  await amount.fill('1 234,56');
  await dialog.getByRole('textbox', { name: t('finance:fields.hash') }).fill('tx-typed-in-russian');
  // Once left, each field shows what it read, in Russian's own forms (a no-break space between groups).
  await expect(day).toHaveValue('29.11.2026');
  await expect(amount).toHaveValue('1\u00a0234,56');
  await expectToast(page, t('resource:toast.created'), () =>
    dialog.getByRole('button', { name: t('resource:form.save') }).click(),
  );
  await expect(dialog).toBeHidden();

  const typed = await one('transactions', { 'filter[hash][eq]': 'tx-typed-in-russian' });
  expect(typed).toMatchObject({
    date_fact: '2026-11-29',
    amount: { amount: '1234.56', currency: 'USD' },
  });
  // The list reads it back in Russian's forms too: the day as 29.11.2026, the amount with a no-break space between groups.
  const row = page.getByRole('main').locator(`tbody tr[data-row-id="${typed.id}"]`);
  await expect(row).toContainText('29.11.2026');
  await expect(row).toContainText('1\u00a0234,56\u00a0$');
  await context.close();
});
