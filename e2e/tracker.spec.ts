import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, userWithCodes, type ApiRecord, type RoleUser } from './support/api';
import { addRecord, expectToast, localDay, pickReference, recordToasts, rowMenu, rowOf } from './support/resource-page';
import { freshDataDir, startProductionServer, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { navigation } from './support/sidebar';
import { english, text } from './support/strings';

// The tracker plugin in the browser, as a user holding only the tracker codes, on the demo data
// (a month of statistics): an advertiser with offer params and an offer added in the browser with
// the merged landing URL, the default stream moving, the day's cap refusing an approval, and the
// full report with its chart, kept across a reload and exported. What a journey only needs to exist
// is made through the API, as the same user.

const TRACKER_CODES = ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'] as const;
const trackerText = (key: string) => english(`tracker:${key}`);

let server: ProductionServer;
let admin: Api;
let tina: RoleUser;
/** The tracker user through the API: what the journeys act on is made with the tracker codes alone. */
let tinaApi: Api;
let noReport: RoleUser;
test.beforeAll(async () => {
  server = await startProductionServer({
    plugins: 'admin,finance,tracker',
    dataDir: freshDataDir(),
    env: { ERP_DEMO: '1' },
  });
  admin = await Api.signIn(server.url);
  tina = await userWithCodes(admin, 'tina', TRACKER_CODES);
  noReport = await userWithCodes(
    admin,
    'ned',
    TRACKER_CODES.filter((code) => code !== 'TR'),
  );
  tinaApi = await Api.signIn(server.url, tina.email, tina.password);
});
test.afterAll(async () => {
  await tinaApi?.dispose();
  await admin?.dispose();
  await server?.stop();
});

async function open(browser: Browser, user: RoleUser, path?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1600, height: 900 },
    acceptDownloads: true,
  });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  if (path) await page.goto(path);
  return { context, page };
}

test('a tracker user adds an advertiser with offer params and an offer, and sees the merged landing URL', async ({
  browser,
}) => {
  const { context, page } = await open(browser, tina);
  await addRecord(page, '/advertisers', trackerText('records.advertiser'), async (dialog) => {
    await dialog.getByLabel(trackerText('fields.name')).fill('E2E Advertiser');
    await dialog.getByLabel(trackerText('fields.alias')).fill('e2e-adv');
    const params = dialog.getByRole('group', { name: trackerText('fields.offerParams') });
    for (const [key, value] of [
      ['aff_id', '42'],
      ['sub1', '{subid}'],
    ] as const) {
      await params.getByRole('button', { name: english('resource:form.addEntry') }).click();
      await params
        .getByRole('textbox', { name: english('resource:form.key') })
        .last()
        .fill(key);
      await params
        .getByRole('textbox', { name: english('resource:form.entryValue') })
        .last()
        .fill(value);
    }
  });
  await addRecord(page, '/offers', trackerText('records.offer'), async (dialog) => {
    await dialog.getByLabel(trackerText('fields.name')).fill('E2E Offer');
    await pickReference(page, dialog, trackerText('fields.advertiser'), 'E2E', 'E2E Advertiser');
    await dialog.getByLabel(trackerText('fields.landingUrl')).fill('https://landing.example/keto?lang=de');
    // The group is one of finance's verticals (the demo's), picked rather than typed.
    await pickReference(page, dialog, trackerText('fields.group'), 'Nut', 'Nutra');
    // The kernel's countries, found by name.
    const countries = dialog.getByRole('combobox', { name: trackerText('fields.countries') });
    await countries.click();
    await countries.fill('Spain');
    await page.getByRole('option', { name: 'Spain', exact: true }).click();
  });
  await rowMenu(page, 'E2E Offer', trackerText('actions.previewLanding'));
  const dialog = page.getByRole('dialog');
  // The advertiser's params join the landing URL's own query; Keitaro's macros stay as they are.
  const preview = dialog.getByText(/^https:\/\/landing\.example\/keto\?lang=de&/).first();
  await expect(preview).toContainText('aff_id=42');
  await expect(preview).toContainText('sub1={subid}');
  await page.keyboard.press('Escape');

  // A Russian reader sees the offer's country in Russian and finds countries by their Russian names.
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Russian' }).click();
  await page.reload();
  await expect(page.getByRole('row', { name: /E2E Offer/ })).toContainText('Испания');
  await page
    .getByRole('main')
    .getByRole('button', { name: text('ru', 'resource:toolbar.add'), exact: true })
    .click();
  const countries = page.getByRole('dialog').getByRole('combobox', { name: text('ru', 'tracker:fields.countries') });
  await countries.click();
  await countries.fill('Испан');
  await expect(page.getByRole('option', { name: 'Испания', exact: true })).toBeVisible();
  await context.close();
});

test('making a stream the default clears the campaign’s previous default', async ({ browser }) => {
  const tracker = await tinaApi.create<ApiRecord>('/api/tracker/trackers', { slug: 'e2e-streams', credits: 10 });
  const advertiser = await tinaApi.create<ApiRecord>('/api/tracker/advertisers', {
    name: 'E2E Streams Adv',
    alias: 'e2e-streams-adv',
    trackers: [tracker.id],
  });
  const offer = await tinaApi.create<ApiRecord>('/api/tracker/offers', {
    name: 'E2E Stream Offer',
    advertiser: advertiser.id,
    tracker: tracker.id,
  });
  const stream = (site: string, isDefault: boolean) =>
    tinaApi.create<ApiRecord>('/api/tracker/streams', {
      campaign_id: 9001,
      campaign_name: 'E2E campaign',
      offer: offer.id,
      site,
      is_default: isDefault,
    });
  const firstStream = await stream('first.example', true);
  const secondStream = await stream('second.example', false);

  const { context, page } = await open(browser, tina, '/streams');
  const defaultBadge = trackerText('fields.isDefault');
  const first = rowOf(page, trackerText('nav.streams'), firstStream.id);
  const second = rowOf(page, trackerText('nav.streams'), secondStream.id);
  await expect(first.getByText(defaultBadge, { exact: true })).toBeVisible();
  await expect(second.getByText(defaultBadge, { exact: true })).toHaveCount(0);

  await second.getByRole('button', { name: /E2E campaign/ }).click();
  await page.getByRole('menuitem', { name: english('resource:row.edit'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: defaultBadge }).check();
  await expectToast(page, english('resource:toast.updated'), () =>
    dialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(second.getByText(defaultBadge, { exact: true })).toBeVisible();
  await expect(first.getByText(defaultBadge, { exact: true })).toHaveCount(0);
  await context.close();
});

test('the second request of a day cannot be approved past the day’s limit', async ({ browser }) => {
  const tracker = await tinaApi.create<ApiRecord>('/api/tracker/trackers', { slug: 'e2e-caps', credits: 10 });
  const day = localDay();
  await tinaApi.create('/api/tracker/bizdev-limits', { date: day, cap: 50, tracker: tracker.id });
  const firstRequest = await tinaApi.create<ApiRecord>('/api/tracker/bizdev-requests', {
    cap: 30,
    tracker: tracker.id,
    date: day,
  });
  const secondRequest = await tinaApi.create<ApiRecord>('/api/tracker/bizdev-requests', {
    cap: 25,
    tracker: tracker.id,
    date: day,
  });

  const { context, page } = await open(browser, tina, '/bizdev-requests?filter%5Btracker%5D%5Beq%5D=' + tracker.id);
  const title = trackerText('nav.bizdevRequests');
  const first = rowOf(page, title, firstRequest.id);
  const second = rowOf(page, title, secondRequest.id);
  await expect(first).toContainText('limit 50 · 50 left');
  await first.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: trackerText('actions.approve') }).click();
  await expect(first).toContainText(trackerText('fields.statusValues.approved'));
  await expect(second).toContainText('limit 50 · 20 left');

  await second.getByRole('button', { name: /^Actions for / }).click();
  const [year, month, date] = day.split('-');
  await expectToast(
    page,
    `Approving 25 leads would take tracker e2e-caps over its limit for ${month}/${date}/${year?.slice(2)}: 20 remain.`,
    () => page.getByRole('menuitem', { name: trackerText('actions.approve') }).click(),
  );
  await expect(second).toContainText(trackerText('fields.statusValues.pending'));
  await context.close();
});

test('the full report keeps its period and grouping across a reload, draws its chart and exports CSV', async ({
  browser,
}) => {
  const { context, page } = await open(browser, tina);
  await navigation(page)
    .getByRole('link', { name: trackerText('nav.report'), exact: true })
    .click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: trackerText('nav.report') })).toBeVisible();
  await expect(main.getByTestId('report-source')).toContainText(trackerText('report.source.statistics'));

  await main.getByRole('combobox', { name: trackerText('report.period') }).click();
  await page.getByRole('option', { name: english('resource:filter.presets.this_month') }).click();
  await main.getByRole('combobox', { name: trackerText('report.groupBy') }).click();
  await page.getByRole('option', { name: trackerText('report.groupings.offer') }).click();
  await expect(page).toHaveURL(/this_month/);
  const table = main.getByRole('table', { name: trackerText('report.tableLabel') });
  await expect(main.getByTestId('report-totals')).toContainText(trackerText('report.total'));
  await expect(main.getByRole('figure', { name: trackerText('report.chartTitle') })).toBeVisible();
  const rowsBefore = await table.getByRole('row').count();
  expect(rowsBefore).toBeGreaterThan(2);
  await page.screenshot({ path: 'e2e/output/screens/tracker-report-light-1600.png' });

  await page.reload();
  await expect(main.getByRole('combobox', { name: trackerText('report.period') })).toHaveText(
    english('resource:filter.presets.this_month'),
  );
  await expect(main.getByRole('combobox', { name: trackerText('report.groupBy') })).toHaveText(
    trackerText('report.groupings.offer'),
  );
  await expect(table.getByRole('row')).toHaveCount(rowsBefore);

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: english('resource:toolbar.export') }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  // A byte-order mark, so a spreadsheet reads it as UTF-8 (trim() would drop it with the last line break).
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    `${trackerText('report.groupings.offer')},${trackerText('report.measures.clicks')},${trackerText('report.measures.unique_clicks')},${trackerText('report.measures.leads')},${trackerText('report.measures.sales')},${trackerText('report.measures.revenue')},${trackerText('report.measures.cost')},${trackerText('report.measures.profit')},${trackerText('report.csv.roi')},${trackerText('report.csv.cr')},${trackerText('report.measures.epc')},${trackerText('report.measures.epl')},${trackerText('report.csv.currency')}`,
  );
  expect(lines.at(-1)).toMatch(new RegExp(`^${trackerText('report.total')},`));
  await context.close();
});

test('a user without TR sees neither requests nor the report and gets 403 from their APIs', async ({ browser }) => {
  const { context, page } = await open(browser, noReport);
  await expect(navigation(page).getByRole('link', { name: trackerText('nav.offers'), exact: true })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: trackerText('nav.report'), exact: true })).toHaveCount(0);
  await expect(
    navigation(page).getByRole('link', { name: trackerText('nav.bizdevRequests'), exact: true }),
  ).toHaveCount(0);
  const api = await Api.signIn(server.url, noReport.email, noReport.password);
  expect((await api.call('GET', '/api/tracker/report?preset=today&group=day')).status).toBe(403);
  expect((await api.call('GET', '/api/tracker/bizdev-requests')).status).toBe(403);
  await api.dispose();
  await context.close();
});
