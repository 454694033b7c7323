import { expect, test } from '@playwright/test';
import { localeFormat } from '../core/shared/format/locale-format';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { rawKeys } from './support/raw-keys';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { text, type Language } from './support/strings';

// A department view in the browser, as a user holding only FH: the marketing department's month
// against the month before (headline figures, the change, the trend chart, no raw key) and its
// dashboard widget, in en and in ru. The figures come from records the admin books through the API:
// one marketing division, one employee, income and spend this month and last month.

let server: ProductionServer;
let admin: Api;
let hanna: RoleUser;

/** The first day of this month and of last month, as the server counts months (UTC). */
function monthStarts(): { thisMonth: string; lastMonth: string } {
  const now = new Date();
  const first = (offset: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
  return { thisMonth: first(0), lastMonth: first(-1) };
}

test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  hanna = await userWithCodes(admin, 'hanna', ['FH']);
  const division = await admin.create<ApiRecord>('/api/finance/divisions', {
    name: 'E2E media buying',
    department_type: 'marketing',
  });
  await admin.create('/api/finance/employees', {
    full_name: 'E2E buyer',
    hired_date: '2024-01-01',
    division_id: division.id,
  });
  const wallet = await admin.create<ApiRecord>('/api/finance/wallets', { name: 'E2E USD', currency: 'USD' });
  const income = await admin.create<ApiRecord>('/api/finance/articles', { name: 'E2E payouts', direction: 'income' });
  const expense = await admin.create<ApiRecord>('/api/finance/articles', { name: 'E2E ads', direction: 'expense' });
  const { thisMonth, lastMonth } = monthStarts();
  // This month: 1500.25 − 300.5 = 1199.75; last month: 1000 − 200 = 800; the change +399.75 (+49.97 %).
  for (const [date_fact, article, amount] of [
    [thisMonth, income, '1500.25'],
    [thisMonth, expense, '300.5'],
    [lastMonth, income, '1000'],
    [lastMonth, expense, '200'],
  ] as const) {
    await admin.create('/api/finance/transactions', {
      date_fact,
      wallet_id: wallet.id,
      article_id: article.id,
      amount: { amount, currency: 'USD' },
      division_id: division.id,
    });
  }
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

test('a department view and its dashboard widget show the month against the previous one, in en and ru', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const language of ['en', 'ru'] as const satisfies readonly Language[]) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, hanna.email, hanna.password);
    if (language === 'ru') await speakRussian(page);
    const main = page.getByRole('main');

    // The dashboard widget: the month's result, its change and the headcount, linking to the page.
    const widget = main.locator('[data-department="marketing"]');
    const forms = localeFormat(language);
    await expect(widget.locator('[data-value]')).toHaveText(forms.money('1199.75', 'USD'));
    await expect(widget.locator('[data-change]')).toContainText(
      `+${forms.money('399.75', 'USD')} (+${forms.percent('49.97')})`,
    );
    await expect(widget.locator('[data-headcount]')).toContainText('1');
    expect((await rawKeys(widget)).keys).toEqual([]);
    await widget.getByRole('link').click();

    // The page: headline figures with the previous month and the change, the trend chart.
    await expect(page).toHaveURL(/\/departments\/marketing$/);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(text(language, 'finance:nav.departmentMarketing'));
    const result = main.locator('[data-figure="result_usd"]');
    await expect(result.locator('[data-value]')).toHaveText(forms.money('1199.75', 'USD'));
    await expect(result.locator('[data-previous]')).toContainText(forms.money('800.00', 'USD'));
    await expect(result.locator('[data-change]')).toHaveAttribute('data-change', 'up');
    await expect(result.locator('[data-change]')).toContainText(text(language, 'finance:departments.change.up'));
    await expect(main.locator('[data-figure="headcount"] [data-value]')).toHaveText('1');
    // No motivation computed: the payroll says so rather than $0.00, and the result says it lacks it.
    await expect(main.locator('[data-figure="payroll_usd"] [data-value]')).toHaveText(
      text(language, 'finance:departments.payrollStatus.none'),
    );
    await expect(result.locator('[data-result-without-payroll]')).toHaveText(
      text(language, 'finance:departments.resultWithoutPayroll'),
    );
    await expect(main.locator('figure[aria-label] svg').first()).toBeVisible();
    await expect(main.getByRole('table', { name: text(language, 'finance:departments.byArticle') })).toContainText(
      'E2E payouts',
    );
    expect((await rawKeys(main)).keys).toEqual([]);
    await context.close();
  }
});

test('a widget hidden from the dashboard stays hidden in another browser', async ({ browser }) => {
  const open = async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, hanna.email, hanna.password);
    await expect(page.locator('[data-widget-id="finance-department-sales"]')).toBeVisible();
    return { context, page };
  };
  const first = await open();
  await first.page.getByRole('button', { name: 'Customize', exact: true }).click();
  const saved = first.page.waitForResponse(
    (response) => response.url().endsWith('/preferences/dashboard') && response.request().method() === 'PUT',
  );
  await first.page.getByRole('switch', { name: 'Show Marketing department' }).click();
  await expect(first.page.locator('[data-widget-id="finance-department-marketing"]')).toHaveCount(0);
  expect((await saved).ok()).toBe(true);

  const second = await open();
  await expect(second.page.locator('[data-widget-id="finance-department-marketing"]')).toHaveCount(0);
  await second.page.getByRole('button', { name: 'Customize', exact: true }).click();
  await second.page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(second.page.locator('[data-widget-id="finance-department-marketing"]')).toBeVisible();
  await first.context.close();
  await second.context.close();
});
