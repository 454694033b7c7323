import { expect, test } from '@playwright/test';
import { rawKeyCollector } from './support/raw-keys';
import { speakRussian } from './support/screen-tour';
import type { ProductionServer } from './support/server';
import { signIn } from './support/session';
import { mayBeKey, text } from './support/strings';
import {
  axeFindings,
  groupedIdentifiers,
  openScreen,
  rowMenuOffScreen,
  startTourServer,
  TOUR_SCREENS,
} from './support/tour';

// Every screen of the seven plugins on the demo data, as the superadmin, once in English at 1280 px
// and once in Russian at 1600 px, in the light theme: each screen and its add dialog with no raw
// i18n key, no identifier grouped like an amount, no serious or critical axe violation, and (at
// 1280 px) the first row's actions on screen. A pass walks every screen and then names all it found.
// A last pass checks the dark theme with axe alone.

// A bot's handler class (spec: "handler class") and a service's id (the Plugins screen) are data
// that read like keys of their plugins.
const HANDLER_CLASSES = ['shop.orders', 'messenger.notifications'];
const SERVICE_IDS = [
  'finance.exchangeRates',
  'finance.spreadsheets',
  'tracker.performance',
  'messenger.notifications',
  'messenger.botHandlers',
];
const DATA_LIKE_KEYS = new Set([...HANDLER_CLASSES, ...SERVICE_IDS]);
const mayBeRawKey = (token: string) => mayBeKey(token) && !DATA_LIKE_KEYS.has(token);

test('the tour finds a grouped identifier and a row menu off screen, and passes plain ones', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.setContent(`<main>
    <table><thead><tr><td></td><th>Name</th><th>Campaign ID</th><th>Port</th><th>Amount</th><th>Id</th><th></th></tr></thead>
    <tbody>
      <tr data-row-id="1"><td><input type="checkbox"></td><td>Alpha</td><td>1,420</td><td>2\u00a0222</td><td>1,000.00</td><td>17</td><td><button style="margin-left:2000px">…</button></td></tr>
      <tr data-row-id="2"><td><input type="checkbox"></td><td>Beta</td><td>1420</td><td>2222</td><td>2,000.00</td><td><span data-identifier>3,001</span></td><td></td></tr>
    </tbody></table></main>`);
  const main = page.getByRole('main');
  expect(await groupedIdentifiers(main)).toEqual(['Campaign ID: 1,420', 'Port: 2\u00a0222', 'Id: 3,001']);
  expect(await rowMenuOffScreen(page, main)).toMatch(/^first row's actions button at \d+–\d+ px of 1280$/);
  await main.locator('button').evaluate((button) => button.removeAttribute('style'));
  expect(await rowMenuOffScreen(page, main)).toBeNull();
});

const PASSES = [
  { language: 'en', width: 1280 },
  { language: 'ru', width: 1600 },
] as const;

test.describe('every screen on the demo data', () => {
  let server: ProductionServer;
  test.beforeAll(async () => {
    server = await startTourServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const { language, width } of PASSES) {
    test(`every screen in ${language} at ${width} px: no raw key, no grouped identifier, no serious axe violation, row menus on screen`, async ({
      browser,
    }) => {
      test.setTimeout(360_000);
      const context = await browser.newContext({
        baseURL: server.url,
        colorScheme: 'light',
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await signIn(page);
      if (language === 'ru') await speakRussian(page);
      const { check, findings: rawKeys } = rawKeyCollector(mayBeRawKey);
      const findings: string[] = [];
      let lists = 0;
      // Every list adds through the engine's Add but the spreadsheet tables, which have a button of their own.
      const addLabels = [text(language, 'resource:toolbar.add'), text(language, 'finance:googleTables.add')];

      for (const screen of TOUR_SCREENS) {
        const main = await openScreen(page, screen, language);
        await check(screen.path, main);
        findings.push(...(await groupedIdentifiers(main)).map((cell) => `${screen.path}: grouped identifier ${cell}`));
        if ((await main.locator('tbody tr[data-row-id]').count()) > 0) lists += 1;
        if (width === 1280) {
          const offScreen = await rowMenuOffScreen(page, main);
          if (offScreen) findings.push(`${screen.path}: ${offScreen}`);
        }
        findings.push(...(await axeFindings(page)).map((violation) => `${screen.path}: ${violation}`));

        const add = addLabels
          .map((label) => main.getByRole('button', { name: label, exact: true }))
          .reduce((either, next) => either.or(next));
        if ((await add.count()) !== 1) continue;
        await add.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await check(`${screen.path} add dialog`, dialog);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      expect([...rawKeys, ...findings]).toEqual([]);
      // The lists' checks ran on rows (a list's markup that changed would leave them nothing to check).
      expect(lists).toBeGreaterThan(40);
      await context.close();
    });
  }

  test('every screen in the dark theme: no serious axe violation', async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({
      baseURL: server.url,
      colorScheme: 'dark',
      viewport: { width: 1600, height: 900 },
    });
    const page = await context.newPage();
    await signIn(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const findings: string[] = [];
    for (const screen of TOUR_SCREENS) {
      await openScreen(page, screen, 'en');
      findings.push(...(await axeFindings(page)).map((violation) => `${screen.path}: ${violation}`));
    }
    expect(findings).toEqual([]);
    await context.close();
  });
});
