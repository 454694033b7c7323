import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  renderPluginPage,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';
import type { ImportReport, ReportAnswer, ReportMeasures } from '@plugins/tracker/shared/report';
import { TRACKER_API, TRACKER_PLUGINS } from './tracker-web';

setupPopupTests({ quiet: true });

const MEASURES: ReportMeasures = {
  clicks: '10',
  unique_clicks: '8',
  leads: '1',
  sales: '0',
  revenue: '5.00',
  cost: '2.00',
  profit: '3.00',
  roi: '150.00',
  cr: '12.50',
  epc: '0.5000',
  epl: '5.0000',
};

const ANSWER: ReportAnswer = {
  source: 'statistics',
  tracker_id: null,
  period: { from: '2026-11-01', to: '2026-11-30' },
  grouping: ['offer'],
  rows: [{ keys: [{ value: '5', label: 'Casino' }], measures: MEASURES }],
  totals: MEASURES,
  empty: null,
  currency: 'USD',
  unconverted: [],
};

function service(): FakeService {
  return new FakeService(TRACKER_API)
    .on('GET', 'report', () => jsonResponse(200, { data: ANSWER }))
    .on('GET', 'report/trackers', () => jsonResponse(200, { data: [{ id: 3, slug: 'plain', source: 'statistics' }] }))
    .on(
      'GET',
      'report/export',
      () =>
        new Response('offer,clicks\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="tracker-report-2026-11-01-2026-11-30.csv"',
          },
        }),
    )
    .on('POST', 'statistics/import', (request) => {
      const body = request.body as { first_line: number };
      const report: ImportReport = {
        lines: 2,
        imported: 1,
        updated: 0,
        duplicates: 0,
        errors: [{ line: body.first_line + 2, column: 'clicks', message: 'Not a whole number of at least 0.' }],
      };
      return jsonResponse(200, { data: report });
    });
}

async function open(api: FakeService) {
  const page = await renderPluginPage({
    plugins: TRACKER_PLUGINS,
    path: '/tracker-report-full?period=this_month&group=offer',
    codes: ['TR'],
    api,
  });
  await waitInAct(() => expect(page.view.element.querySelector('[data-testid="report-totals"]')).not.toBeNull());
  return page;
}

describe('the full report’s actions', () => {
  it('draws the chart, loaded apart from the page', async () => {
    const { view } = await open(service());
    const chart = () => view.element.querySelector('[data-testid="report-chart"]');
    await waitInAct(() => expect(chart()?.querySelector('svg')).not.toBeNull());
    // The library's figure keeps the accessible name e2e finds it by.
    expect(chart()?.querySelector('figure[aria-label]')?.getAttribute('aria-label')).toBe('Revenue, cost and profit');
    // Its legend names the measures drawn.
    expect(chart()?.textContent).toContain('Revenue');
    expect(chart()?.textContent).toContain('Profit');
  });

  it('exports the same report as CSV', async () => {
    const api = service();
    const { view } = await open(api);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await click(buttonByText(view.element, 'Export CSV'));
    await waitInAct(() => expect(saved).toEqual(['tracker-report-2026-11-01-2026-11-30.csv']));
    expect(api.requests('GET', 'report/export')).toHaveLength(1);
    expect(Object.fromEntries(api.lastQuery('GET', 'report/export'))).toEqual({ preset: 'this_month', group: 'offer' });
  });

  it('imports a tracker’s CSV export and lists each refused line', async () => {
    const api = service();
    const { view } = await open(api);
    await click(buttonByText(view.element, 'Import CSV'));
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    await click(dialog.querySelector<HTMLElement>('[role="combobox"]') ?? dialog);
    const plain = () =>
      [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((option) => option.textContent === 'plain');
    await waitInAct(() => expect(plain()).toBeDefined());
    await click(plain() ?? dialog);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const file = new File(
      [
        'day,clicks,unique_clicks,leads,sales,revenue,cost\n2026-11-01,10,8,1,0,5.00,2.00\n2026-11-02,x,8,1,0,5.00,2.00\n',
      ],
      'export.csv',
      { type: 'text/csv' },
    );
    Object.defineProperty(input, 'files', { value: [file] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(buttonByText(dialog, 'Import'));
    await waitInAct(() =>
      expect(dialog.textContent).toContain('2 lines read: 1 imported, 0 updated, 0 already there.'),
    );
    expect(dialog.textContent).toContain('Line 3, clicks: Not a whole number of at least 0.');
    expect(api.requests('POST', 'statistics/import').map((request) => request.body)).toEqual([
      {
        tracker: 3,
        csv: 'day,clicks,unique_clicks,leads,sales,revenue,cost\n2026-11-01,10,8,1,0,5.00,2.00\n2026-11-02,x,8,1,0,5.00,2.00',
        first_line: 1,
      },
    ]);
    // What was stored is read again.
    await waitInAct(() => expect(api.requests('GET', 'report')).toHaveLength(2));
  });
});
