import { describe, expect, it } from 'vitest';
import {
  click,
  FakeService,
  jsonResponse,
  query,
  type RenderedView,
  renderPluginPage,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { ReportAnswer, ReportMeasures, ReportTracker } from '@plugins/tracker/shared/report';
import { TRACKER_API, TRACKER_PLUGINS } from './tracker-web';

setupPopupTests({ quiet: true });

const measures = (values: Partial<ReportMeasures> = {}): ReportMeasures => ({
  clicks: '1000',
  unique_clicks: '800',
  leads: '24',
  sales: '10',
  revenue: '480.00',
  cost: '300.00',
  profit: '180.00',
  roi: '60.00',
  cr: '3.00',
  epc: '0.4800',
  epl: '20.0000',
  ...values,
});

const TRACKERS: ReportTracker[] = [
  { id: 2, slug: 'eu-main', source: 'keitaro' },
  { id: 3, slug: 'plain', source: 'statistics' },
];

function answer(values: Partial<ReportAnswer> = {}): ReportAnswer {
  return {
    source: 'statistics',
    tracker_id: null,
    period: { from: '2026-11-01', to: '2026-11-07' },
    grouping: ['day'],
    rows: [
      { keys: [{ value: '2026-11-01', label: '2026-11-01' }], measures: measures() },
      {
        keys: [{ value: '2026-11-02', label: '2026-11-02' }],
        measures: measures({ profit: '-64.75', roi: null, cr: null }),
      },
    ],
    totals: measures({ clicks: '1500', revenue: '1234567.50', roi: '23.04' }),
    empty: null,
    currency: 'USD',
    unconverted: [],
    ...values,
  };
}

function api(report: ReportAnswer = answer()): FakeService {
  return new FakeService(TRACKER_API)
    .on('GET', 'report', () => jsonResponse(200, { data: report }))
    .on('GET', 'report/trackers', () => jsonResponse(200, { data: TRACKERS }));
}

async function open(path: string, service: FakeService, language?: 'ru') {
  const page = await renderPluginPage({
    plugins: TRACKER_PLUGINS,
    path,
    codes: ['TR'],
    api: service,
    ...(language ? { language } : {}),
  });
  await waitInAct(() => expect(page.view.element.querySelector('[data-testid="report-totals"]')).not.toBeNull());
  return page;
}

const text = (view: RenderedView, selector: string) => view.element.querySelector(selector)?.textContent ?? '';

async function choose(view: RenderedView, label: string, option: string): Promise<void> {
  const field = [...view.element.querySelectorAll('label')].find((element) => element.textContent === label);
  const control = field?.htmlFor ? document.getElementById(field.htmlFor) : null;
  if (!control) throw new Error(`no control labelled ${label}`);
  await click(control);
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].some((element) => element.textContent === option)).toBe(
      true,
    ),
  );
  await click(
    [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((element) => element.textContent === option) ??
      query(document, '[role="option"]'),
  );
}

describe('the full report page', () => {
  it('reads its state from the URL and asks the API for it', async () => {
    const service = api();
    await open('/tracker-report-full?period=last_month&group=day,offer&tracker=3', service);
    expect(Object.fromEntries(service.lastQuery('GET', 'report'))).toEqual({
      preset: 'last_month',
      group: 'day,offer',
      tracker: '3',
    });
  });

  it('starts on the last 7 days by day when the URL says nothing, and writes choices back to the URL', async () => {
    const service = api();
    const { view } = await open('/tracker-report-full', service);
    expect(Object.fromEntries(service.lastQuery('GET', 'report'))).toEqual({ preset: 'last_7_days', group: 'day' });
    await choose(view, 'Then by', 'Country');
    await waitInAct(() => expect(view.path()).toBe('/tracker-report-full?period=last_7_days&group=day%2Ccountry'));
    await choose(view, 'Period', 'This month');
    await waitInAct(() =>
      expect(Object.fromEntries(service.lastQuery('GET', 'report'))).toEqual({
        preset: 'this_month',
        group: 'day,country',
      }),
    );
    // A reload opens the same URL, hence the same report.
    const reloaded = api();
    await open(view.path(), reloaded);
    expect(Object.fromEntries(reloaded.lastQuery('GET', 'report'))).toEqual({
      preset: 'this_month',
      group: 'day,country',
    });
  });

  it('sends a custom period only once both days are chosen', async () => {
    const service = api();
    await open('/tracker-report-full?period=custom&from=2026-10-01&to=2026-10-15&group=advertiser', service);
    expect(Object.fromEntries(service.lastQuery('GET', 'report'))).toEqual({
      from: '2026-10-01',
      to: '2026-10-15',
      group: 'advertiser',
    });
    const waiting = api();
    const { view } = await renderPluginPage({
      plugins: TRACKER_PLUGINS,
      path: '/tracker-report-full?period=custom&from=2026-10-01&group=day',
      codes: ['TR'],
      api: waiting,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Choose both days of the custom period.'));
    expect(waiting.requests('GET', 'report')).toEqual([]);
  });

  it('draws a row per group and a totals row, every digit as the server sent it (EPC and EPL in cents), an undefined ratio as a dash', async () => {
    const { view } = await open('/tracker-report-full', api());
    const rows = [...view.element.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows[0]).toEqual([
      '11/01/26',
      '1,000',
      '800',
      '24',
      '10',
      '$480.00',
      '$300.00',
      '$180.00',
      '60.00%',
      '3.00%',
      '$0.48',
      '$20.00',
    ]);
    expect(rows[1]?.slice(7, 10)).toEqual(['-$64.75', '—', '—']);
    expect(rows.at(-1)).toEqual([
      'Total',
      '1,500',
      '800',
      '24',
      '10',
      '$1,234,567.50',
      '$300.00',
      '$180.00',
      '23.04%',
      '3.00%',
      '$0.48',
      '$20.00',
    ]);
    // In Russian, the same figures in Russian forms, the money still in its currency.
    const russian = await open('/tracker-report-full', api(), 'ru');
    const first = [...russian.view.element.querySelectorAll('tbody tr')][0];
    const nbsp = '\u00a0';
    expect([...(first?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      '01.11.2026',
      `1${nbsp}000`,
      '800',
      '24',
      '10',
      `480,00${nbsp}$`,
      `300,00${nbsp}$`,
      `180,00${nbsp}$`,
      `60,00${nbsp}%`,
      `3,00${nbsp}%`,
      `0,48${nbsp}$`,
      `20,00${nbsp}$`,
    ]);
  });

  it('names the statistics left out for want of a USD rate, with what they held in their own currency', async () => {
    const unconverted = [{ currency: 'GBP', rows: 2, revenue: '1500.5', cost: '20' }];
    const { view } = await open('/tracker-report-full', api(answer({ unconverted })));
    expect(text(view, '[data-unconverted="GBP"]')).toBe(
      'No USD rate for GBP: 2 statistics rows are left out of the report (revenue £1,500.50, cost £20.00). Add the rates on finance’s exchange rates screen to include them.',
    );
    const russian = await open('/tracker-report-full', api(answer({ unconverted })), 'ru');
    expect(text(russian.view, '[data-unconverted="GBP"]')).toContain(
      'Нет курса USD для GBP: 2 строки статистики не вошли в отчёт (доход 1\u00a0500,50\u00a0£, расход 20,00\u00a0£).',
    );
  });

  it('right-aligns every measure’s header over its figures', async () => {
    const { view } = await open('/tracker-report-full', api());
    const headers = [...view.element.querySelectorAll<HTMLElement>('thead th[data-measure]')];
    expect(headers.map((header) => header.dataset.measure)).toEqual([
      'clicks',
      'unique_clicks',
      'leads',
      'sales',
      'revenue',
      'cost',
      'profit',
      'roi',
      'cr',
      'epc',
      'epl',
    ]);
    for (const header of headers)
      expect(getComputedStyle(query(header, '.fui-TableHeaderCell__button')).justifyContent).toBe('flex-end');
  });

  it('says which source it shows', async () => {
    const own = await open('/tracker-report-full', api());
    expect(text(own.view, '[data-testid="report-source"]')).toBe(
      'Source: own statistics of every tracker (postbacks and CSV imports).',
    );
    const keitaro = await open('/tracker-report-full?tracker=2', api(answer({ source: 'keitaro', tracker_id: 2 })));
    await waitInAct(() =>
      expect(text(keitaro.view, '[data-testid="report-source"]')).toBe(
        'Source: the Keitaro report of tracker eu-main.',
      ),
    );
  });

  it('tells what to set up when the source is empty, in the reader’s language', async () => {
    const empty = answer({
      rows: [],
      empty: 'connect',
      totals: measures({ clicks: '0', roi: null, cr: null, epc: null, epl: null }),
    });
    const { view } = await open('/tracker-report-full', api(empty), 'ru');
    expect(view.element.textContent).toContain('Статистики пока нет. Назначьте трекеру активный сервер Keitaro');
    expect(text(view, '[data-testid="report-source"]')).toBe(
      'Источник: своя статистика всех трекеров (постбэки и импорт CSV).',
    );
  });

  it('shows "No access" without TR and never asks for the report', async () => {
    const service = api();
    const { view } = await renderPluginPage({
      plugins: TRACKER_PLUGINS,
      path: '/tracker-report-full',
      codes: ['TT'],
      api: service,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('No access'));
    expect(service.calls()).toEqual([]);
  });

  it('reads in Russian: presets, groupings and measures', async () => {
    const { view } = await open(
      '/tracker-report-full?period=last_week&group=advertiser',
      api(answer({ grouping: ['advertiser'], rows: [], empty: 'period' })),
      'ru',
    );
    const text = view.element.textContent ?? '';
    for (const words of [
      'Прошлая неделя',
      'Рекламодатель',
      'Уникальные клики',
      'Итого',
      'За этот период ничего не записано.',
    ])
      expect(text).toContain(words);
  });

  it('tells why Keitaro gave no report, in the server’s words', async () => {
    const message =
      'Keitaro server kt-main could not be reached (no connection): nothing was confirmed there; try again later.';
    const service = new FakeService(TRACKER_API)
      .on('GET', 'report', () => jsonResponse(502, { message }))
      .on('GET', 'report/trackers', () => jsonResponse(200, { data: TRACKERS }));
    const { view } = await renderPluginPage({
      plugins: TRACKER_PLUGINS,
      path: '/tracker-report-full?tracker=2',
      codes: ['TR'],
      api: service,
    });
    await waitInAct(() => expect(view.element.textContent).toContain(message));
  });

  it('offers Try again when the report fails, and Try again asks again', async () => {
    let answers = 0;
    const service = new FakeService(TRACKER_API)
      .on('GET', 'report', () =>
        answers++ === 0
          ? jsonResponse(500, { message: 'The database is busy.' })
          : jsonResponse(200, { data: answer() }),
      )
      .on('GET', 'report/trackers', () => jsonResponse(200, { data: TRACKERS }));
    const { view } = await renderPluginPage({
      plugins: TRACKER_PLUGINS,
      path: '/tracker-report-full',
      codes: ['TR'],
      api: service,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('The database is busy.'));
    const retry = [...view.element.querySelectorAll('button')].find((button) => button.textContent === 'Try again');
    if (!retry) throw new Error('no Try again button');
    await click(retry);
    await waitInAct(() => expect(view.element.querySelector('[data-testid="report-totals"]')).not.toBeNull());
    expect(service.requests('GET', 'report')).toHaveLength(2);
  });
});
