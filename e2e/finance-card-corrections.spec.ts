import { expect, test } from '@playwright/test';
import { localeFormat } from '../core/shared/format/locale-format';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { rawKeys } from './support/raw-keys';
import {
  chooseCurrency,
  columnTexts,
  expectToast,
  localDay,
  pickReference,
  recordToasts,
} from './support/resource-page';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { text, type Language } from './support/strings';

// A card correction in the browser, as a user holding FW and FT: recorded through the list's form,
// approved through its row action (the confirmation names what it books), its adjusting transaction
// opened from the approval's link, and the wallet's balance then equal to the statement; in en (the
// statement higher than the books: income) and in ru (lower: expense), with no raw key.

let server: ProductionServer;
let admin: Api;
let carla: RoleUser;

/** The books of the card: 1000 USD of income three days ago. */
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir() });
  admin = await Api.signIn(server.url);
  carla = await userWithCodes(admin, 'carla', ['FW', 'FT']);
  const wallet = await admin.create<ApiRecord>('/api/finance/wallets', {
    name: 'E2E corporate card',
    source: 'Card',
    currency: 'USD',
  });
  const income = await admin.create<ApiRecord>('/api/finance/articles', { name: 'E2E payouts', direction: 'income' });
  await admin.create('/api/finance/transactions', {
    date_fact: localDay(-3),
    wallet_id: wallet.id,
    article_id: income.id,
    amount: { amount: '1000', currency: 'USD' },
  });
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

test('a card correction is recorded, approved, and its transaction moves the wallet to the statement, in en and ru', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const journeys: readonly {
    language: Language;
    day: string;
    statement: string;
    amount: string;
    article: string;
    balance: string;
  }[] = [
    {
      language: 'en',
      day: localDay(-2),
      statement: '1012.5',
      amount: '$12.50',
      article: 'finance:cardCorrections.articleIncome',
      balance: '$1,012.50',
    },
    {
      language: 'ru',
      day: localDay(-1),
      statement: '1000',
      amount: '12,50\u00a0$',
      article: 'finance:cardCorrections.articleExpense',
      balance: '1\u00a0000,00\u00a0$',
    },
  ];
  for (const { language, day, statement, amount, article, balance } of journeys) {
    const t = (key: string, values?: Readonly<Record<string, string | number>>) => text(language, key, values);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 900 } });
    await recordToasts(context);
    const page = await context.newPage();
    await signIn(page, carla.email, carla.password);
    if (language === 'ru') await speakRussian(page);
    await page.goto('/card-corrections');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('finance:nav.cardCorrections'));
    await expect(main.getByRole('region', { name: t('finance:cardCorrections.panelTitle') })).toContainText(
      'E2E corporate card',
    );

    // Recorded through the generated form: the books and the difference are the server's.
    await main.getByRole('button', { name: t('resource:toolbar.add'), exact: true }).click();
    const form = page.getByRole('dialog', {
      name: t('resource:form.addTitle', { record: t('finance:records.cardCorrection') }),
    });
    await pickReference(page, form, t('finance:fields.wallet'), 'E2E', 'E2E corporate card');
    await form.getByLabel(t('finance:fields.correctionDate')).fill(day);
    const money = form.locator('[data-field="statement_balance"]');
    await money.getByRole('textbox', { name: t('resource:form.amount') }).fill(statement);
    await chooseCurrency(page, money, 'USD', 'USD', t('resource:form.currency'));
    await form.getByRole('textbox', { name: t('finance:fields.reason') }).fill('Monthly bank statement');
    await expectToast(page, t('resource:toast.created'), () =>
      form.getByRole('button', { name: t('resource:form.save') }).click(),
    );
    await expect(form).toBeHidden();
    const table = t('finance:nav.cardCorrections');
    await expect
      .poll(() => columnTexts(page, table, t('finance:fields.difference')))
      .toContain(language === 'en' ? amount : `-${amount}`);

    // Approved through the row action: the confirmation names the amount and the article.
    await main
      .getByRole('button', {
        name: t('resource:table.rowActions', { label: localeFormat(language).date(day) }),
        exact: true,
      })
      .click();
    await page.getByRole('menuitem', { name: t('finance:cardCorrections.approve'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t('finance:cardCorrections.approveTitle') });
    await expect(confirm).toContainText(amount);
    await expect(confirm).toContainText(t(article));
    expect((await rawKeys(confirm)).keys).toEqual([]);
    await confirm.getByRole('button', { name: t('finance:cardCorrections.approve'), exact: true }).click();
    const approved = page.getByRole('dialog', { name: t('finance:cardCorrections.approvedTitle') });
    await expect(approved).toBeVisible();
    // The modal hides the main region from the accessibility tree, so the dialog itself is checked.
    expect((await rawKeys(approved)).keys).toEqual([]);

    // The adjusting transaction, opened from the approval.
    await approved.getByRole('link', { name: t('finance:cardCorrections.openTransaction') }).click();
    await expect(page).toHaveURL(/\/transactions\?filter%5Bhash%5D%5Beq%5D=card-correction-\d+$/);
    await expect
      .poll(() => columnTexts(page, t('finance:nav.transactions'), t('finance:fields.amount')))
      .toEqual([amount]);

    // The wallet's balance is now the statement.
    await page.goto('/wallets');
    await expect
      .poll(() => columnTexts(page, t('finance:nav.wallets'), t('finance:fields.balance')))
      .toEqual([balance]);
    expect((await rawKeys(page.getByRole('main'))).keys).toEqual([]);
    await context.close();
  }
});
