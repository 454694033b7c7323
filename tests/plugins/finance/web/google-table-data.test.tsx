import { describe, expect, it } from 'vitest';
import { act } from 'react';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

const TABLE = {
  id: 4,
  name_en: 'Payroll',
  name_ru: 'Зарплаты',
  spreadsheet_id: 'sheet-4',
  parent_id: null,
  position: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const UNCONFIGURED = 'Google Sheets is not configured: set ERP_GOOGLE_SHEETS_API_KEY or ERP_GOOGLE_SHEETS_CREDENTIALS.';

async function openData(server: FakeFinanceServer, path = '/google-table-data/4') {
  server.on('GET', 'google-tables/4', { data: TABLE });
  const kernel = await financeKernel(['FG']);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path });
  return { view, toasts };
}

describe('Google table data page', () => {
  it('shows the rows of the spreadsheet under its header row', async () => {
    const server = new FakeFinanceServer().on('GET', 'google-tables/4/data', {
      data: {
        table: TABLE,
        spreadsheet_id: 'sheet-4',
        sheets: ['January'],
        range: "'January'!A1:C3",
        values: [
          ['Name', 'Amount', 'Paid'],
          ['Ann', '1,200.50', 'yes'],
          ['Bob', '990.00'],
        ],
      },
    });
    const { view } = await openData(server);
    await waitInAct(() => expect(view.element.querySelector('table')).not.toBeNull());
    expect(query(view.element, 'h1').textContent).toBe('Payroll');
    const headers = [...view.element.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Amount', 'Paid']);
    const rows = [...view.element.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Ann', '1,200.50', 'yes'],
      ['Bob', '990.00', ''],
    ]);
  });

  it('says what to configure when the spreadsheet adapter is not configured (503), and shows no rows', async () => {
    const server = new FakeFinanceServer().on('GET', 'google-tables/4/data', () =>
      jsonResponse(503, { message: UNCONFIGURED }),
    );
    const { view, toasts } = await openData(server);
    await waitInAct(() => expect(view.element.textContent).toContain(UNCONFIGURED));
    expect(view.element.textContent).toContain('The spreadsheet service is not configured');
    expect(view.element.querySelector('table')).toBeNull();
    // The page says it once; no toast repeats it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(toasts).toEqual([]);
  });

  it('reports a failure of Google Sheets (502) clearly', async () => {
    const server = new FakeFinanceServer().on('GET', 'google-tables/4/data', () =>
      jsonResponse(502, {
        message: 'Google Sheets could not read the values: 403 The caller does not have permission',
      }),
    );
    const { view } = await openData(server);
    await waitInAct(() =>
      expect(view.element.textContent).toContain('The spreadsheet could not be read from Google Sheets'),
    );
    expect(view.element.textContent).toContain('403 The caller does not have permission');
    expect(view.element.querySelector('table')).toBeNull();
  });

  it('reads another sheet of the spreadsheet when one is chosen', async () => {
    const server = new FakeFinanceServer().on('GET', 'google-tables/4/data', (_request, url) => {
      const range = url.searchParams.get('range');
      const sheet = range === "'February'" ? 'February' : 'January';
      return jsonResponse(200, {
        data: {
          table: TABLE,
          sheets: ['January', 'February'],
          range: `'${sheet}'!A1:B2`,
          values: [['Month'], [sheet]],
        },
      });
    });
    const { view } = await openData(server);
    await waitInAct(() => expect(view.element.querySelector('tbody')?.textContent).toBe('January'));
    const select = query<HTMLSelectElement>(view.element, 'select');
    expect(select.value).toBe('January');
    await act(async () => {
      select.value = 'February';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitInAct(() => expect(view.element.querySelector('tbody')?.textContent).toBe('February'));
    expect(
      server.requests('GET', 'google-tables/4/data').map((request) => new URL(request.url).searchParams.get('range')),
    ).toEqual([null, "'February'"]);
  });

  it('reads the sheet again with Refresh after a failure', async () => {
    let asked = 0;
    const server = new FakeFinanceServer().on('GET', 'google-tables/4/data', () =>
      asked++ === 0
        ? jsonResponse(502, { message: 'Google Sheets could not read the values: 500 Backend Error' })
        : jsonResponse(200, {
            data: { table: TABLE, sheets: ['January'], range: "'January'!A1:A2", values: [['Month'], ['January']] },
          }),
    );
    const { view } = await openData(server);
    await waitInAct(() => expect(view.element.textContent).toContain('500 Backend Error'));
    await click(buttonByText(view.element, 'Refresh'));
    await waitInAct(() => expect(view.element.querySelector('tbody')?.textContent).toBe('January'));
    expect(view.element.textContent).not.toContain('500 Backend Error');
    expect(server.requests('GET', 'google-tables/4/data')).toHaveLength(2);
  });
});
