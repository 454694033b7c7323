import { describe, expect, it, vi } from 'vitest';
import {
  buttonByText,
  click,
  FakeJobs,
  FakeService,
  installJobs,
  jsonResponse,
  query,
  renderPluginPage,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import { resolveDatePreset } from '@core/sdk/shared';
import type { ReportFigures, SocialReport } from '@plugins/social/shared/report';
import { dialog, references, SOCIAL_API, social } from './social-web';

setupPopupTests({ quiet: true });

const FIGURES: ReportFigures = {
  clicks: 120,
  views: 4800,
  leads: 0,
  spent: '60.00',
  currency: 'EUR',
  spent_usd: '64.80',
  unconverted: [],
  rates_currency: 'EUR',
  cpc: '0.50',
  cpm: '12.50',
  cpl: null,
  ctr: '2.50',
};

const REPORT: SocialReport = {
  rows: [
    { key: '5', label: 'Spring sale', ...FIGURES },
    {
      key: '6',
      label: 'Autumn',
      ...FIGURES,
      clicks: 0,
      views: 0,
      leads: 2,
      spent: '0.00',
      spent_usd: '0.00',
      cpc: null,
      cpm: null,
      cpl: '0.00',
      ctr: null,
    },
  ],
  totals: { ...FIGURES, clicks: 120, leads: 2, spent: '60.00', cpl: '30.00' },
  usd_available: true,
};

function service(report: SocialReport = REPORT): FakeService {
  return new FakeService(SOCIAL_API)
    .on('GET', 'report', () => jsonResponse(200, { data: report }))
    .on(
      'GET',
      'report.csv',
      () =>
        new Response('campaign,clicks\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="social-report-2026-11-18-2026-11-24.csv"',
          },
        }),
    )
    .on('GET', 'references/ad-accounts', references([{ id: 4, label: 'Main account' }]))
    .on('GET', 'references/campaigns', references([{ id: 5, label: 'Spring sale' }]))
    .on('POST', 'insights/sync', () => jsonResponse(202, { data: { job: 81 } }));
}

async function open(api: FakeService, search: string, language: 'en' | 'ru' = 'en') {
  const page = await renderPluginPage({
    plugins: [social],
    path: `/facebook-ad-reports?${search}`,
    codes: ['MA'],
    api,
    language,
  });
  await waitInAct(() => expect(page.view.element.querySelector('[data-report-totals]')).not.toBeNull());
  return page;
}

const cells = (root: Element, row: string) =>
  Object.fromEntries(
    [...query(root, row).querySelectorAll('[data-column]')].map((cell) => [
      cell.getAttribute('data-column'),
      cell.textContent,
    ]),
  );

async function choose(root: HTMLElement, current: string, option: string): Promise<void> {
  const box = [...root.querySelectorAll<HTMLButtonElement>('button[role="combobox"]')].find(
    (candidate) => candidate.textContent === current,
  );
  if (!box) throw new Error(`no dropdown showing "${current}"`);
  await click(box);
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].map((item) => item.textContent)).toContain(option),
  );
  const item = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent === option,
  );
  if (!item) throw new Error(`no option "${option}"`);
  await click(item);
}

describe('the insights report', () => {
  it('reads a preset from the URL as the days it means today, and keeps a new choice in the URL', {
    timeout: 20_000,
  }, async () => {
    const api = service();
    const { view } = await open(api, 'period=last_7_days&level=campaign&group=campaign&ad_account=4');
    const week = resolveDatePreset('last_7_days', new Date());
    expect(Object.fromEntries(api.lastQuery('GET', 'report'))).toEqual({
      from: week.from,
      to: week.to,
      level: 'campaign',
      group: 'campaign',
      ad_account: '4',
    });

    await choose(view.element, 'Last 7 days', 'This month');
    const month = resolveDatePreset('this_month', new Date());
    await waitInAct(() => expect(api.lastQuery('GET', 'report').get('from')).toBe(month.from));
    expect(view.path()).toContain('period=this_month');
    expect(view.path()).toContain('ad_account=4');

    // The account level has no campaigns to group by: the grouping falls back to the date.
    await choose(view.element, 'Campaign', 'Ad account');
    await waitInAct(() => expect(api.lastQuery('GET', 'report').get('level')).toBe('account'));
    expect(api.lastQuery('GET', 'report').get('group')).toBe('date');
  });

  it('shows the figures, a dash for a rate with nothing to divide by, and the totals', async () => {
    const { view } = await open(service(), 'period=this_month&level=campaign&group=campaign');
    const first = cells(view.element, '[data-report-row="5"]');
    expect(first).toMatchObject({
      clicks: '120',
      views: '4,800',
      leads: '0',
      currency: 'EUR',
      cpc: '€0.50',
      cpm: '€12.50',
      cpl: '—',
      ctr: '2.50%',
    });
    expect(first.spent).toBe('€60.00');
    expect(first.spentUsd).toBe('$64.80');
    expect(cells(view.element, '[data-report-row="6"]')).toMatchObject({ cpc: '—', cpm: '—', ctr: '—' });
    expect(query(view.element, '[data-report-totals]').textContent).toContain('Total');
    expect(cells(view.element, '[data-report-totals]')).toMatchObject({ clicks: '120', spent: '€60.00' });
    await waitInAct(() => expect(view.element.querySelector('[data-testid="report-chart"] svg')).not.toBeNull());
  });

  it('names the currencies without a USD rate, their rows and spent in their own currency, beside dollars that leave them out', async () => {
    const partial = (figures: ReportFigures): ReportFigures => ({
      ...figures,
      spent: null,
      currency: null,
      rates_currency: null,
      cpc: null,
      cpm: null,
      cpl: null,
      unconverted: [{ currency: 'XYZ', rows: 3, spent: '1234.5' }],
    });
    const report: SocialReport = {
      rows: [{ ...REPORT.rows[0]!, ...partial(FIGURES) }],
      totals: partial(REPORT.totals),
      usd_available: true,
    };
    const { view } = await open(service(report), 'period=this_month&level=campaign&group=campaign');
    const note = 'No USD rate for XYZ: 3 rows (XYZ\u00a01,234.50) are not in “Spent, USD”.';
    expect(query(view.element, '[data-unconverted="XYZ"]').textContent).toBe(
      `${note} Add the rates on finance’s exchange rates screen to include them.`,
    );
    expect(query(view.element, '[data-report-row="5"] [data-column="spentUsd"]').getAttribute('title')).toBe(note);
    await view.unmount();
    const russian = await open(service(report), 'period=this_month&level=campaign&group=campaign', 'ru');
    expect(query(russian.view.element, '[data-unconverted="XYZ"]').textContent).toContain(
      'Нет курса USD для XYZ: 3 строки (1\u00a0234,50\u00a0XYZ) не вошли в «Расход, USD».',
    );
    expect(cells(russian.view.element, '[data-report-row="5"]')).toMatchObject({
      views: '4\u00a0800',
      spentUsd: '64,80\u00a0$',
      ctr: '2,50\u00a0%',
    });
  });

  it('opens on every ad account over the last 7 days, and says so in the empty picker', async () => {
    const api = service();
    const { view } = await open(api, '');
    const week = resolveDatePreset('last_7_days', new Date());
    expect(Object.fromEntries(api.lastQuery('GET', 'report'))).toEqual({
      from: week.from,
      to: week.to,
      level: 'campaign',
      group: 'date',
    });
    const picker = [...view.element.querySelectorAll<HTMLInputElement>('input[role="combobox"]')].map(
      (input) => input.placeholder,
    );
    expect(picker).toEqual(['All ad accounts', 'All campaigns']);
  });

  it('says spent in USD is unavailable without finance, and leaves out the dollars’ column rather than fill it with dashes', async () => {
    const withoutUsd = (figures: ReportFigures): ReportFigures => ({ ...figures, spent_usd: null });
    const report: SocialReport = {
      rows: REPORT.rows.map((row) => ({ ...row, spent_usd: null })),
      totals: withoutUsd(REPORT.totals),
      usd_available: false,
    };
    const { view } = await open(service(report), 'period=this_month&level=campaign&group=date');
    expect(view.element.querySelector('[data-usd-unavailable]')?.textContent).toContain('unavailable');
    expect(cells(view.element, '[data-report-row="5"]')).not.toHaveProperty('spentUsd');
    expect(cells(view.element, '[data-report-row="5"]').spent).toBe('€60.00');
    expect(view.element.querySelector('[data-hidden-columns]')).toBeNull();
  });

  it('charts the clicks and leaves out spent and its rates, saying why, when the groups mix currencies without every USD rate', async () => {
    const mixed = (figures: ReportFigures): ReportFigures => ({
      ...figures,
      spent: null,
      currency: null,
      spent_usd: null,
      rates_currency: null,
      cpc: null,
      cpm: null,
      cpl: null,
    });
    const report: SocialReport = {
      rows: REPORT.rows.map((row) => ({ ...row, ...mixed(row) })),
      totals: mixed(REPORT.totals),
      usd_available: true,
    };
    const { view } = await open(service(report), 'period=last_7_days&level=campaign&group=campaign');
    const headers = [...view.element.querySelectorAll('thead th[data-column]')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Clicks', 'Views', 'Leads', 'CTR']);
    expect(query(view.element, '[data-hidden-columns]').textContent).toBe(
      'Not shown: “Spent”, “Currency”, “Spent, USD”, “CPC”, “CPM”, “CPL”. These groups spend in different currencies and not every currency has a USD rate in finance. Choose one ad account, or group by ad account, to see them. The chart shows the clicks.',
    );
    expect(view.element.querySelector('[data-chart="needs-rates"]')).toBeNull();
    await waitInAct(() =>
      expect(
        view.element.querySelector('[data-testid="report-chart"] figure[aria-label]')?.getAttribute('aria-label'),
      ).toBe('Clicks by Campaign'),
    );
  });

  it('exports the same query as CSV', async () => {
    const api = service();
    const { view } = await open(api, 'period=last_7_days&level=adset&group=campaign&campaign=5');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await click(buttonByText(view.element, 'Export CSV'));
    await waitInAct(() => expect(saved).toEqual(['social-report-2026-11-18-2026-11-24.csv']));
    expect(Object.fromEntries(api.lastQuery('GET', 'report.csv'))).toEqual(
      Object.fromEntries(api.lastQuery('GET', 'report')),
    );
    expect(api.lastQuery('GET', 'report.csv').get('campaign')).toBe('5');
  });

  it('syncs an ad account’s insights for the report’s days and reads the report again when done', {
    timeout: 20_000,
  }, async () => {
    const api = service();
    installJobs(
      new FakeJobs().job(81, [
        {
          job: { kind: 'social.insights-sync', state: 'succeeded', step: 'ad', percent: 100, result: { rows: 28 } },
          lines: ['Read 28 rows'],
        },
      ]),
    );
    const { view } = await open(api, 'period=last_7_days&level=campaign&group=date&ad_account=4');
    const reads = api.requests('GET', 'report').length;
    await click(buttonByText(view.element, 'Sync insights'));
    await waitInAct(() => expect(dialog().textContent).toContain('Insights sync'));
    await click(buttonByText(dialog(), 'Sync'));
    const week = resolveDatePreset('last_7_days', new Date());
    await waitInAct(() =>
      expect(api.requests('POST', 'insights/sync')[0]?.body).toEqual({ ad_account: 4, from: week.from, to: week.to }),
    );
    await waitInAct(() =>
      expect(dialog().querySelector('[data-sync-result]')?.textContent).toBe('28 insight rows read.'),
    );
    await waitInAct(() => expect(api.requests('GET', 'report').length).toBeGreaterThan(reads));
  });
});
