import { expect, test } from '@playwright/test';
import { localeFormat } from '../core/shared/format/locale-format';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { rawKeys } from './support/raw-keys';
import { columnTexts, expectToast, pickReference, recordToasts } from './support/resource-page';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { text, type Language } from './support/strings';

// A month's motivation in the browser, as a user holding FE and FF: a tiered model (10 % of the
// profit up to 5,000 USD, 15 % above) assigned through the API (the pay models' spec does that in
// the browser), then on the motivation page the month computed in one step, the line explained
// and corrected with a reason, the month approved into a EUR wallet, and its payroll drafts opened;
// in en (May 2025) and ru (June 2025), each month with 8000 − 1000 = 7000 USD of profit, so
// 10 % × 5000 + 15 % × 2000 = 800.00, corrected by 50 to 850.00 = 680 EUR at 1.25.

let server: ProductionServer;
let admin: Api;
let maya: RoleUser;
let employee: ApiRecord;

test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  maya = await userWithCodes(admin, 'maya', ['FE', 'FF']);
  const usd = await admin.create<ApiRecord>('/api/finance/wallets', { name: 'E2E operating USD', currency: 'USD' });
  await admin.create('/api/finance/wallets', { name: 'E2E payroll EUR', currency: 'EUR' });
  await admin.create('/api/finance/exchange-rates', { currency: 'EUR', rate_date: '2025-05-01', usd_rate: '1.25' });
  const income = await admin.create<ApiRecord>('/api/finance/articles', { name: 'E2E payouts', direction: 'income' });
  const expense = await admin.create<ApiRecord>('/api/finance/articles', {
    name: 'E2E ad spend',
    direction: 'expense',
  });
  for (const month of ['2025-05', '2025-06']) {
    await admin.create('/api/finance/transactions', {
      date_fact: `${month}-10`,
      wallet_id: usd.id,
      article_id: income.id,
      amount: { amount: '8000', currency: 'USD' },
    });
    await admin.create('/api/finance/transactions', {
      date_fact: `${month}-12`,
      wallet_id: usd.id,
      article_id: expense.id,
      amount: { amount: '1000', currency: 'USD' },
    });
  }
  employee = await admin.create<ApiRecord>('/api/finance/employees', { full_name: 'E2E Buyer' });
  const model = await admin.create<ApiRecord>('/api/finance/calculation-models', {
    name: 'E2E tiered model',
    valid_from: '2025-01-01',
  });
  await admin.create('/api/finance/calculation-model-rules', {
    model_id: model.id,
    position: 1,
    kind: 'tiered',
    measure: 'profit',
    source: 'finance',
    scope: 'all',
    tiers: { '0': '10', '5000': '15' },
  });
  await admin.create('/api/finance/employee-models', {
    employee_id: employee.id,
    model_id: model.id,
    date_start: '2025-01-01',
  });
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

test('a month is computed, a line corrected with a reason, the month approved into a wallet and its payroll drafts seen, in en and ru', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const journeys: readonly { language: Language; month: string }[] = [
    { language: 'en', month: '2025-05' },
    { language: 'ru', month: '2025-06' },
  ];
  for (const { language, month } of journeys) {
    const t = (key: string, values?: Readonly<Record<string, string | number>>) => text(language, key, values);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
    await recordToasts(context);
    const page = await context.newPage();
    await signIn(page, maya.email, maya.password);
    if (language === 'ru') await speakRussian(page);
    await page.goto(`/motivation?month=${month}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('finance:nav.motivation'));

    // Computed from the model in one step (the month's sheet made on the way): one line of 800.00 explained rule by rule.
    const forms = localeFormat(language);
    await expect(main).toContainText(t('finance:motivation.noSheet', { month: forms.month(month) }));
    await expectToast(page, t('finance:motivation.computed'), () =>
      main.getByRole('button', { name: t('finance:motivation.compute'), exact: true }).click(),
    );
    const lines = main.getByRole('table', { name: t('finance:motivation.lines') });
    const row = lines.getByRole('row').filter({ hasText: 'E2E Buyer' });
    await expect(row).toContainText(forms.money('800.00', 'USD'));
    await row
      .getByRole('button', {
        name: t('finance:motivation.explainFor', {
          employee: 'E2E Buyer',
          action: t('finance:motivation.showExplanation'),
        }),
      })
      .click();
    const explanation = main.getByRole('table', { name: t('finance:motivation.explanation') });
    await expect(explanation).toContainText('10% × 5000.00 + 15% × 2000.00 = 800.00');
    await expect(explanation).toContainText(
      t('finance:motivation.figureFrom', {
        figure: forms.money('7000.00', 'USD'),
        source: t('finance:motivation.sources.finance'),
      }),
    );
    expect((await rawKeys(main)).keys).toEqual([]);

    // Corrected with a reason: the total follows.
    await row.getByRole('button', { name: t('finance:motivation.correctFor', { employee: 'E2E Buyer' }) }).click();
    const correct = page.getByRole('dialog', { name: t('finance:motivation.correctTitle', { employee: 'E2E Buyer' }) });
    await correct.getByRole('textbox', { name: t('finance:fields.correctionUsd') }).fill('50');
    await correct.getByRole('textbox', { name: t('finance:fields.correctionComment') }).fill('Launch week overtime');
    await correct.getByRole('button', { name: t('resource:form.save') }).click();
    await expect(correct).toBeHidden();
    await expect(row).toContainText(forms.money('850.00', 'USD'));
    await expect(row).toContainText('Launch week overtime');

    // Approved into the EUR wallet: the payroll drafts are made and linked.
    await main.getByRole('button', { name: t('finance:motivation.approve'), exact: true }).click();
    const approve = page.getByRole('dialog', {
      name: t('finance:motivation.approveTitle', { month: forms.month(month) }),
    });
    await pickReference(page, approve, t('finance:fields.payrollWallet'), 'E2E', 'E2E payroll EUR');
    expect((await rawKeys(approve)).keys).toEqual([]);
    await expectToast(page, t('finance:motivation.approved'), () =>
      approve.getByRole('button', { name: t('finance:motivation.approve'), exact: true }).click(),
    );
    await expect(main.getByRole('button', { name: t('finance:motivation.correct') })).toHaveCount(0);
    expect((await rawKeys(main)).keys).toEqual([]);

    await main.getByRole('link', { name: t('finance:motivation.payrollDrafts') }).click();
    await expect(page).toHaveURL(/\/transaction-drafts\?filter%5Bhash%5D%5BstartsWith%5D=payroll%3A/);
    const drafts = t('finance:nav.drafts');
    await expect
      .poll(() => columnTexts(page, drafts, t('finance:fields.hash')))
      .toEqual([`payroll:${month}:${employee.id}`]);
    await expect
      .poll(() => columnTexts(page, drafts, t('finance:fields.amount')))
      .toEqual([forms.money('680.00', 'EUR')]);
    expect((await rawKeys(page.getByRole('main'))).keys).toEqual([]);
    await context.close();
  }
});
