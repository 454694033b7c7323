import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addDecimals } from '../core/shared/decimal-arithmetic';
import { canonicalDecimal } from '../core/shared/resource/validation';
import { Api, userWithCodes, type RoleUser } from './support/api';
import { recordToasts } from './support/resource-page';
import { rawKeys } from './support/raw-keys';
import { speakRussian } from './support/screen-tour';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { mayBeKey, text } from './support/strings';

// The cash flow in the browser, as a user holding the finance codes, on the demo data: last month
// by article, a figure drilled into (the transactions listed are the figure: their count and sum),
// and the CSV export; in English and in Russian, with no raw i18n key.

const FINANCE_CODES = ['FP', 'FW', 'FG', 'FN', 'FD', 'FC', 'FA', 'FT', 'FF', 'FS', 'FL', 'FJ', 'FZ'] as const;

let server: ProductionServer;
let admin: Api;
let fiona: RoleUser;
test.beforeAll(async () => {
  server = await startProductionServer({ plugins: 'admin,finance', dataDir: freshDataDir(), env: { ERP_DEMO: '1' } });
  admin = await Api.signIn(server.url);
  fiona = await userWithCodes(admin, 'fiona', FINANCE_CODES);
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

test('last month’s cash flow, a figure drilled into and exported, in en and ru with no raw key', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const language of ['en', 'ru'] as const) {
    const t = (key: string, values?: Record<string, string>) => text(language, key, values);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await recordToasts(context);
    const page = await context.newPage();
    await signIn(page, fiona.email, fiona.password);
    if (language === 'ru') await speakRussian(page);
    await page.goto('/cash-flow?period=last_month&group=article');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('finance:nav.cashFlow') })).toBeVisible();
    const grid = main.getByTestId('cash-flow-grid');
    await expect(grid).toBeVisible();
    await expect(main.getByTestId('cash-flow-balances')).toBeVisible();
    await expect(main.locator('figure[aria-label]')).toBeVisible({ timeout: 20_000 });
    expect((await rawKeys(main, mayBeKey)).keys).toEqual([]);

    // The first income figure with money in it: its transactions are exactly that figure.
    const figures = grid.locator('tbody tr').first().locator('xpath=following-sibling::tr[1]').getByRole('button');
    const count = await figures.count();
    let index = 0;
    while (index < count && /^\D*0[.,]00\D*$/.test(((await figures.nth(index).textContent()) ?? '').replace(/\s/g, '')))
      index += 1;
    expect(index).toBeLessThan(count);
    const figure = figures.nth(index);
    const exact = (await figure.getAttribute('title')) ?? '';
    await figure.click();
    const dialog = page.getByRole('dialog');
    const summary = dialog.getByTestId('cash-flow-cell-summary');
    await expect(summary).toContainText(exact);
    const listed = Number(/\d+/.exec((await summary.textContent()) ?? '')?.[0]);
    const rows = dialog.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(listed);
    if (language === 'en') {
      // The dollar column, read back exactly ("$1,234.5678"), adds up to the figure.
      const dollars = await rows.evaluateAll((lines) =>
        lines.map((line) => line.querySelector('td:last-child')?.textContent ?? ''),
      );
      const plain = (value: string) => canonicalDecimal(value.replace(/[$,]/g, ''));
      expect(dollars.reduce((total, value) => addDecimals(total, plain(value)), '0')).toBe(plain(exact));
    }
    await expect(dialog.getByRole('link', { name: t('finance:cashFlow.openInList') })).toBeVisible();
    expect((await rawKeys(dialog, mayBeKey)).keys).toEqual([]);
    await dialog.getByRole('button', { name: t('resource:dialog.close') }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: t('resource:toolbar.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cash-flow-by-article-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    // Months as the reader names them; in Russian `;` between fields, as their spreadsheet expects.
    expect(csv.split('\r\n')[0]).toMatch(
      language === 'en'
        ? /^Direction,Article,[A-Z][a-z]+ \d{4} plan \(USD\),/
        : /^Направление;Статья;[а-я]+ \d{4} г\. план \(USD\);/,
    );
    await context.close();
  }
});
