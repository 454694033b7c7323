import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, type ApiRecord } from './support/api';
import {
  choose,
  chips,
  columnTexts,
  expectColumn,
  expectToast,
  addFilter,
  filterPanel,
  listTable,
  localDay,
  readCsvFile,
  recordToasts,
  rowMenu,
  rowOf,
  rowWith,
} from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { speakRussian } from './support/screen-tour';
import { signIn } from './support/session';

// The resource engine (core/shared/resource, core/web/resource, core/server/resource) on real
// resources of the finance plugin: counterparties (text filters, blockable, soft delete) and
// service payments (a date field with presets), in Chromium against the production build.
// The tests run in order on one server: each builds on the records the one before left.
test.describe.configure({ mode: 'serial' });

const COUNTERPARTIES = 'Counterparties';
const SERVICE_PAYMENTS = 'Service payments';

let server: ProductionServer;
let admin: Api;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

async function open(
  browser: Browser,
  path: string,
  options: { width?: number; scheme?: 'light' | 'dark'; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    timezoneId: options.timezoneId,
    viewport: { width: options.width ?? 1600, height: 900 },
    colorScheme: options.scheme ?? 'light',
  });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page);
  await page.goto(path);
  return { context, page };
}

async function counterpartyNamed(name: string): Promise<ApiRecord> {
  const page = await admin.get<{ data: ApiRecord[] }>(
    `/api/finance/counterparties?${new URLSearchParams({ 'filter[name][eq]': name })}`,
  );
  const record = page.data[0];
  if (!record) throw new Error(`no counterparty ${name}`);
  return record;
}

/** The names on screen, in the list's order (name ascending, the default). */
const names = (page: Page) => columnTexts(page, COUNTERPARTIES, 'Name');

test('a fresh section is empty; the add dialog refuses missing and malformed input, then creates', async ({
  browser,
}) => {
  const { context, page } = await open(browser, '/dashboard/main');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: COUNTERPARTIES }).click();
  await expect(page).toHaveURL(/\/counterparties$/);
  await expect(page.getByRole('heading', { level: 1, name: COUNTERPARTIES })).toBeVisible();
  await expect(
    listTable(page, COUNTERPARTIES).getByRole('cell', { name: 'This section is empty. Please create a new entry.' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New: Counterparty' });
  await expect(dialog).toBeVisible();

  // Nothing filled in: the form says what is missing and sends nothing.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/finance/counterparties') posts += 1;
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.fui-MessageBar')).toHaveText('Please fill in all required fields.');
  await expect(dialog.locator('[data-field="name"]')).toContainText('This field is required.');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

  // A name, but an e-mail that is not one.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Zenith Partners');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('zenith-at-example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('[data-field="email"]')).toContainText('Invalid email. Please try again.');
  await expect(dialog.locator('[data-field="name"]')).not.toContainText('This field is required.');
  await expect(dialog.getByText('Please fill in all required fields.')).toHaveCount(0);
  expect(posts).toBe(0);

  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('hello@zenith.example');
  await dialog.getByRole('textbox', { name: 'Country' }).fill('Estonia');
  await expectToast(page, 'New record successfully created', () =>
    dialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(dialog).toBeHidden();
  expect(posts).toBe(1);
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Zenith Partners']);
  await expect(rowWith(page, COUNTERPARTIES, 'Zenith Partners')).toContainText('hello@zenith.example');
  const stored = await counterpartyNamed('Zenith Partners');
  expect(stored).toMatchObject({ email: 'hello@zenith.example', country: 'Estonia', is_active: true });
  await context.close();
});

test('"Add filter" builds each operator of a text filter, showing its rows and chip; a chip\'s × and "Clear all" remove filters; nothing matching says so', async ({
  browser,
}) => {
  for (const [name, country] of [
    ['Acme Media', 'Germany'],
    ['Acme Labs', 'France'],
    ['Blue Harbor Acme', 'Germany'],
    ['Northwind Ads', 'Poland'],
  ]) {
    await admin.create('/api/finance/counterparties', { name, country });
  }
  const all = ['Acme Labs', 'Acme Media', 'Blue Harbor Acme', 'Northwind Ads', 'Zenith Partners'];
  const { context, page } = await open(browser, '/counterparties');
  await expectColumn(page, COUNTERPARTIES, 'Name', all);

  // Nothing filtered: no panel above the list.
  await expect(filterPanel(page)).toHaveCount(0);
  // Picking a field in use opens its filter for a change.
  const apply = async (operator: string, value: string) => {
    const editor = await addFilter(page, 'Name');
    await choose(page, editor, 'Operator for Name', operator);
    await editor.getByRole('textbox', { name: 'Value for Name' }).fill(value);
    await editor.getByRole('button', { name: 'Apply' }).click();
    await expect(editor).toBeHidden();
  };

  await apply('equals', 'acme labs');
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs']);
  await expect(chips(page)).toHaveText(['Name equals acme labs']);
  expect(new URL(page.url()).searchParams.get('filter[name][eq]')).toBe('acme labs');

  await apply('contains', 'acme');
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media', 'Blue Harbor Acme']);
  await expect(chips(page)).toHaveText(['Name contains acme']);

  await apply('not equals', 'Acme Media');
  await expectColumn(page, COUNTERPARTIES, 'Name', [
    'Acme Labs',
    'Blue Harbor Acme',
    'Northwind Ads',
    'Zenith Partners',
  ]);
  await expect(chips(page)).toHaveText(['Name not equals Acme Media']);

  await apply('begins with', 'Acme');
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media']);
  await expect(chips(page)).toHaveText(['Name begins with Acme']);
  await expect(page.getByRole('button', { name: 'Add filter' })).toContainText('1');

  // Two filters at once, each a chip; the country chip's × removes only it.
  const country = await addFilter(page, 'Country');
  await choose(page, country, 'Operator for Country', 'equals');
  await country.getByRole('textbox', { name: 'Value for Country' }).fill('Germany');
  await country.getByRole('button', { name: 'Apply' }).click();
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Media']);
  await expect(chips(page)).toHaveText(['Name begins with Acme', 'Country equals Germany']);
  await page
    .getByRole('toolbar', { name: 'Active filters' })
    .getByRole('button', { name: 'Remove filter Country equals Germany' })
    .click();
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media']);
  await expect(chips(page)).toHaveText(['Name begins with Acme']);

  // A filter nothing matches is not an empty section.
  await apply('equals', 'No such counterparty');
  await expect(listTable(page, COUNTERPARTIES).getByRole('cell', { name: 'Nothing found' })).toBeVisible();
  await expect(page.getByText('This section is empty. Please create a new entry.')).toHaveCount(0);

  // "Clear all" beside the chips; the panel goes with the last filter.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expectColumn(page, COUNTERPARTIES, 'Name', all);
  await expect(filterPanel(page)).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  await context.close();
});

test('CSV export: the exact file has every column by field name; a Russian one the columns shown, titled in Russian, `;` between them', async ({
  browser,
}) => {
  const timezoneId = 'Asia/Tokyo';
  const { context, page } = await open(
    browser,
    `/counterparties?${new URLSearchParams({ 'filter[name][contains]': 'acme' })}`,
    { timezoneId },
  );
  await expect(chips(page)).toHaveText(['Name contains acme']);
  const shown = await (async () => {
    await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media', 'Blue Harbor Acme']);
    return names(page);
  })();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [exact] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Exact export' }).click(),
  ]);
  // Named by the reader's day, which in Tokyo is already tomorrow from 15:00 UTC.
  const readersDay = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(new Date());
  expect(exact.suggestedFilename()).toBe(`counterparties-${readersDay}-exact.csv`);
  const machines = readCsvFile(await exact.path());
  expect(machines.header).toEqual([
    'id',
    'name',
    'code',
    'email',
    'country',
    'comment',
    'is_active',
    'created_at',
    'updated_at',
    'deleted_at',
    'blocked_at',
  ]);
  expect(machines.rows.map((row) => row.name)).toEqual(shown);
  expect(machines.rows.map((row) => row.country)).toEqual(['France', 'Germany', 'Germany']);
  expect(machines.rows[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  // Everything else stays out: five counterparties exist.
  expect((await admin.get<{ total: number }>('/api/finance/counterparties')).total).toBe(5);

  await page.goto('/');
  await speakRussian(page);
  await page.goto(`/counterparties?${new URLSearchParams({ 'filter[name][contains]': 'acme' })}`);
  await page.getByRole('button', { name: 'Экспорт CSV' }).click();
  const [people] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Экспорт', exact: true }).click(),
  ]);
  const text = readFileSync(await people.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const russian = readCsvFile(await people.path(), ';');
  expect(russian.header).toEqual(['Название', 'Код', 'Эл. почта', 'Страна', 'Активен', 'Создано (Asia/Tokyo)']);
  expect(russian.rows.map((row) => row['Название'])).toEqual(shown);
  for (const row of russian.rows) expect(['Да', 'Нет']).toContain(row['Активен']);
  expect(russian.rows[0]?.['Создано (Asia/Tokyo)']).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  await context.close();
});

test('a date preset filters a date field; the URL keeps it across a reload, and Back undoes it', async ({
  browser,
}) => {
  const payments: [string, string | null][] = [
    ['Hosting', localDay(-1)],
    ['Domains', localDay(-5)],
    ['Old licence', localDay(-12)],
    ['Ancient audit', localDay(-45)],
    ['Undated fee', null],
  ];
  for (const [name, day] of payments) {
    await admin.create('/api/finance/service-payments', {
      name,
      price: { amount: '10.50', currency: 'USD' },
      payment_date: day,
    });
  }
  const { context, page } = await open(browser, '/service-payment');
  await expect(page.getByRole('heading', { level: 1, name: SERVICE_PAYMENTS })).toBeVisible();
  const all = payments.map(([name]) => name).sort();
  const shownNames = async () => (await columnTexts(page, SERVICE_PAYMENTS, 'Name')).sort();
  await expect.poll(shownNames).toEqual(all);

  const panel = await addFilter(page, 'Payment date');
  await expect(panel.getByRole('combobox', { name: 'Operator for Payment date' })).toHaveText('between');
  await choose(page, panel, 'Period for Payment date', 'Last 7 days');
  // A preset replaces the typed range.
  await expect(panel.getByLabel('Payment date from')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(shownNames).toEqual(['Domains', 'Hosting']);
  await expect(chips(page)).toHaveText(['Payment date: Last 7 days']);
  expect(new URL(page.url()).searchParams.get('filter[payment_date][preset]')).toBe('last_7_days');
  const filtered = page.url();

  await page.reload();
  await expect(page).toHaveURL(filtered);
  await expect.poll(shownNames).toEqual(['Domains', 'Hosting']);
  await expect(chips(page)).toHaveText(['Payment date: Last 7 days']);

  await page.goBack();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect.poll(shownNames).toEqual(all);
  await expect(chips(page)).toHaveCount(0);

  await page.goForward();
  await expect(page).toHaveURL(filtered);
  await expect.poll(shownNames).toEqual(['Domains', 'Hosting']);

  // A typed range on the same field, for comparison: from 12 days ago up to 5 days ago.
  const again = await addFilter(page, 'Payment date');
  await choose(page, again, 'Period for Payment date', 'Custom');
  await again.getByLabel('Payment date from').fill(localDay(-12));
  await again.getByLabel('Payment date to').fill(localDay(-5));
  await again.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(shownNames).toEqual(['Domains', 'Old licence']);
  await expect(chips(page)).toHaveCount(1);
  await expect(chips(page)).toContainText(/^Payment date from .+ to .+$/);
  await context.close();
});

test('a hidden column stays hidden after a reload', async ({ browser }) => {
  const { context, page } = await open(browser, '/counterparties');
  const table = listTable(page, COUNTERPARTIES);
  // Headers by their column: Chromium exposes the first header cell (beside the selection cell, a td) as a rowheader.
  const header = (column: string) => table.locator(`thead [data-column="${column}"]`);
  await expect(header('country')).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  await expect(chooser).toBeVisible();
  await chooser.getByRole('checkbox', { name: 'Country' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(header('country')).toHaveCount(0);
  await expect(header('email')).toBeVisible();

  await page.reload();
  await expect.poll(() => names(page)).toContain('Zenith Partners');
  await expect(header('country')).toHaveCount(0);
  await expect(header('name')).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Country' }),
  ).not.toBeChecked();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('button', { name: 'Reset columns' }).click();
  await page.keyboard.press('Escape');
  await expect(header('country')).toBeVisible();
  await context.close();
});

test('a saved view brings back its filters and columns, and is there after a reload', async ({ browser }) => {
  const { context, page } = await open(browser, '/counterparties');
  const header = (column: string) => listTable(page, COUNTERPARTIES).locator(`thead [data-column="${column}"]`);
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  const editor = await addFilter(page, 'Name');
  await choose(page, editor, 'Operator for Name', 'begins with');
  await editor.getByRole('textbox', { name: 'Value for Name' }).fill('Acme');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media']);
  await page.getByRole('button', { name: 'Columns' }).click();
  await chooser.getByRole('checkbox', { name: 'Country' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(header('country')).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Acme, no country');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toBeHidden();

  // Back to the whole list with its default columns, and a new visit.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await chooser.getByRole('button', { name: 'Reset columns' }).click();
  await page.keyboard.press('Escape');
  await expect(header('country')).toBeVisible();
  await page.reload();
  await expect(chips(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Acme, no country' }).click();
  await expect(chips(page)).toHaveText(['Name begins with Acme']);
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media']);
  await expect(header('country')).toHaveCount(0);
  await expect(header('name')).toBeVisible();
  await context.close();
});

test('edit saves; an edit made on a version someone else changed meanwhile is refused and can be reloaded', async ({
  browser,
}) => {
  const { context, page } = await open(browser, '/counterparties');
  await expect.poll(() => names(page)).toContain('Northwind Ads');

  await rowMenu(page, 'Northwind Ads', 'Edit');
  let dialog = page.getByRole('dialog', { name: 'Edit: Counterparty' });
  await expect(dialog.getByRole('textbox', { name: 'Country' })).toHaveValue('Poland');
  await dialog.getByRole('textbox', { name: 'Country' }).fill('Lithuania');
  await expectToast(page, 'Successfully updated', () => dialog.getByRole('button', { name: 'Save' }).click());
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, COUNTERPARTIES, 'Northwind Ads')).toContainText('Lithuania');
  expect(await counterpartyNamed('Northwind Ads')).toMatchObject({ country: 'Lithuania', version: 2 });

  // The dialog holds version N; someone else saves version N first.
  await rowMenu(page, 'Acme Media', 'Edit');
  dialog = page.getByRole('dialog', { name: 'Edit: Counterparty' });
  await expect(dialog.getByRole('textbox', { name: 'Country' })).toHaveValue('Germany');
  const before = await counterpartyNamed('Acme Media');
  await admin.expect(200, 'PATCH', `/api/finance/counterparties/${before.id}`, {
    country: 'Austria',
    version: before.version,
  });
  await dialog.getByRole('textbox', { name: 'Code' }).fill('ACME-1');
  await expectToast(page, 'Error during update: This record was changed by someone else', () =>
    dialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(dialog.locator('.fui-MessageBar')).toContainText('This record was changed by someone else');
  await expect(dialog).toBeVisible();
  const after = await counterpartyNamed('Acme Media');
  expect(after).toMatchObject({ country: 'Austria', code: null, version: before.version + 1 });

  // Reloading shows the other person's change; the edit can then be made on it.
  await dialog.getByRole('button', { name: 'Reload the record' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Country' })).toHaveValue('Austria');
  await expect(dialog.getByText('This record was changed by someone else')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Code' }).fill('ACME-1');
  await expectToast(page, 'Successfully updated', () => dialog.getByRole('button', { name: 'Save' }).click());
  await expect(dialog).toBeHidden();
  expect(await counterpartyNamed('Acme Media')).toMatchObject({
    country: 'Austria',
    code: 'ACME-1',
    version: before.version + 2,
  });
  await context.close();
});

test('block, unblock and delete (after "Are you sure?")', async ({ browser }) => {
  const { context, page } = await open(browser, '/counterparties');
  await expect.poll(() => names(page)).toContain('Blue Harbor Acme');
  const { id } = await counterpartyNamed('Blue Harbor Acme');
  const row = rowOf(page, COUNTERPARTIES, id);

  await expectToast(page, 'Successfully blocked', () => rowMenu(page, 'Blue Harbor Acme', 'Block'));
  await expect(row.locator('.fui-Badge')).toHaveText('Blocked');
  expect((await counterpartyNamed('Blue Harbor Acme')).blocked_at).toEqual(expect.any(String));

  await page.getByRole('button', { name: 'Actions for Blue Harbor Acme' }).click();
  await expect(page.getByRole('menuitem', { name: 'Block', exact: true })).toHaveCount(0);
  await expectToast(page, 'Successfully unblocked', () =>
    page.getByRole('menuitem', { name: 'Unblock', exact: true }).click(),
  );
  await expect(row.locator('.fui-Badge')).toHaveCount(0);
  expect((await counterpartyNamed('Blue Harbor Acme')).blocked_at).toBeNull();

  // Cancel first: nothing happens.
  await rowMenu(page, 'Blue Harbor Acme', 'Delete');
  let confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await rowMenu(page, 'Blue Harbor Acme', 'Delete');
  confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure?');
  await expectToast(page, 'Successfully deleted', () => confirm.getByRole('button', { name: 'Yes' }).click());
  await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media', 'Northwind Ads', 'Zenith Partners']);
  // Soft delete: shown again, marked, with "Show deleted".
  // By keyboard: the toasts (top right, 10 s) lie over the end of the toolbar.
  const showDeleted = page.getByRole('switch', { name: 'Show deleted' });
  await showDeleted.focus();
  await page.keyboard.press('Space');
  await expect(showDeleted).toBeChecked();
  expect(new URL(page.url()).searchParams.get('deleted')).toBe('with');
  await expect(row.locator('.fui-Badge')).toHaveText('Deleted');
  await context.close();
});

// Pictures for people to look at (e2e/output/screens, never committed): the list, the filter panel
// and the add dialog, in both themes and both widths.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 1600]) {
    test(`screens of the generated list in ${scheme} at ${width}px`, async ({ browser }) => {
      mkdirSync('e2e/output/screens', { recursive: true });
      const { context, page } = await open(browser, '/counterparties', { width, scheme });
      const shot = (name: string) => page.screenshot({ path: `e2e/output/screens/${name}-${scheme}-${width}.png` });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect.poll(() => names(page)).toContain('Zenith Partners');
      // The default columns fit: no sideways scrolling, and every row's menu button is in view.
      const scroller = page.locator('div:has(> table)').filter({ has: listTable(page, COUNTERPARTIES) });
      expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      await expect(page.getByRole('button', { name: 'Actions for Zenith Partners' })).toBeInViewport({ ratio: 1 });
      await shot('resource-list');

      const panel = await addFilter(page, 'Name');
      await choose(page, panel, 'Operator for Name', 'begins with');
      await panel.getByRole('textbox', { name: 'Value for Name' }).fill('Acme');
      await panel.getByRole('button', { name: 'Apply' }).click();
      await expectColumn(page, COUNTERPARTIES, 'Name', ['Acme Labs', 'Acme Media']);
      await shot('resource-filters');

      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New: Counterparty' });
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.locator('.fui-MessageBar')).toBeVisible();
      await shot('resource-add-dialog');
      await context.close();
    });
  }
}
