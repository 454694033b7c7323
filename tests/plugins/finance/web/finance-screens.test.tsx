import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { RouteContributionToken } from '@core/sdk/web';
import { financeManifest } from '@plugins/finance/manifest';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  type SeenRequest,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

const ALL_CODES = ['FP', 'FW', 'FG', 'FN', 'FD', 'FC', 'FA', 'FT', 'FF', 'FS', 'FL', 'FJ', 'FZ'];

const page = (rows: readonly object[]) => ({
  data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length },
});
const meta = (id: number) => ({
  id,
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const DRAFT = {
  ...meta(5),
  wallet_id: 1,
  amount: { amount: '150.25', currency: 'EUR' },
  amount_usd: '162.27',
  commission: null,
  commission_usd: null,
  hash: '0xabc',
  draft_date: '2026-03-14',
  transaction_id: null,
  _labels: { wallet_id: 'Main EUR', transaction_id: null },
};

const query_ = (request: SeenRequest, name: string) => new URL(request.url).searchParams.get(name);

describe('Finance screens', () => {
  it('contribute a page for every route of the manifest', async () => {
    new FakeFinanceServer();
    const kernel = await financeKernel(ALL_CODES);
    await kernel.host.ensureLoaded('finance');
    const paths = kernel.container.getAll(RouteContributionToken).map((route) => route.path);
    expect([...paths].sort()).toEqual(financeManifest.pages.map((page) => page.path).sort());
  });

  it.each([
    ['/service-payment', 'service-payments', 'Service payments'],
    ['/projects-finance', 'projects', 'Projects'],
    ['/agency-team', 'agencies', 'Agencies'],
    ['/wallets', 'wallets', 'Wallets'],
  ])('%s is the generated list of %s', async (path, api, title) => {
    const server = new FakeFinanceServer().on('GET', api, page([]));
    const kernel = await financeKernel(ALL_CODES);
    const view = await renderAppInKernel(kernel, { path });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe(title));
    await waitInAct(() => expect(server.requests('GET', api)).toHaveLength(1));
  });
});

describe('Exchange rates import', () => {
  async function openRates() {
    const server = new FakeFinanceServer().on('GET', 'exchange-rates', page([]));
    const kernel = await financeKernel(['FT']);
    const toasts = recordToasts(kernel);
    const view = await renderAppInKernel(kernel, { path: '/exchange-rates' });
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toBe('Exchange rates'));
    await click(buttonByText(view.element, 'Import CSV'));
    const dialog = query(document, '[role="dialog"]');
    return { server, view, toasts, dialog };
  }

  it('sends the CSV text and reports what was imported', async () => {
    const { server, dialog, toasts } = await openRates();
    server.on('POST', 'exchange-rates/import', { data: { total: 3, inserted: 2, updated: 1, unchanged: 0 } });
    await typeInto(
      query<HTMLTextAreaElement>(dialog, 'textarea'),
      'currency,date,rate\nEUR,2026-03-01,1.08\nGBP,2026-03-01,1.27\nBTC,2026-03-01,65000.5',
    );
    await click(buttonByText(dialog, 'Import'));
    await waitInAct(() => expect(server.requests('POST', 'exchange-rates/import')).toHaveLength(1));
    expect(server.requests('POST', 'exchange-rates/import')[0]?.body).toEqual({
      csv: 'currency,date,rate\nEUR,2026-03-01,1.08\nGBP,2026-03-01,1.27\nBTC,2026-03-01,65000.5',
    });
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(['Rates imported: 3 (2 new, 1 changed, 0 unchanged)']),
    );
    // The list is read again to show them.
    await waitInAct(() => expect(server.requests('GET', 'exchange-rates').length).toBeGreaterThanOrEqual(2));
  });

  it('lists every refused line of a 422, in line order, and keeps the dialog open', async () => {
    const { server, dialog, toasts } = await openRates();
    server.on('POST', 'exchange-rates/import', () =>
      jsonResponse(422, {
        message: 'Nothing was imported: 2 line(s) have problems.',
        errors: {
          line_12: ['Line 12: "ABC" is not a known currency.'],
          line_3: ['Line 3: "2026-02-30" is not a date.', 'Line 3: the rate must be a number.'],
        },
      }),
    );
    await typeInto(query<HTMLTextAreaElement>(dialog, 'textarea'), 'EUR,2026-02-30,x');
    await click(buttonByText(dialog, 'Import'));
    await waitInAct(() => expect(dialog.querySelectorAll('li')).toHaveLength(3));
    expect([...dialog.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Line 3: "2026-02-30" is not a date.',
      'Line 3: the rate must be a number.',
      'Line 12: "ABC" is not a known currency.',
    ]);
    expect(dialog.textContent).toContain('Nothing was imported: 2 line(s) have problems.');
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(toasts).toEqual([]);
  });

  it('asks for text before sending anything', async () => {
    const { server, dialog } = await openRates();
    await click(buttonByText(dialog, 'Import'));
    expect(dialog.textContent).toContain('Paste the CSV text or choose a file.');
    expect(server.requests('POST', 'exchange-rates/import')).toEqual([]);
  });
});

describe('Transaction drafts: convert', () => {
  async function openDrafts() {
    const server = new FakeFinanceServer()
      .on(
        'GET',
        'transaction-drafts',
        page([
          DRAFT,
          {
            ...DRAFT,
            ...meta(6),
            hash: '0xdone',
            transaction_id: 9,
            _labels: { wallet_id: 'Main EUR', transaction_id: '0xdone' },
          },
        ]),
      )
      .on('GET', 'references/articles', { data: [{ id: 3, label: 'Sales' }] });
    const kernel = await financeKernel(['FF', 'FT']);
    const toasts = recordToasts(kernel);
    const view = await renderAppInKernel(kernel, { path: '/transaction-drafts' });
    await waitInAct(() => expect(view.element.textContent).toContain('0xdone'));
    return { server, view, toasts };
  }

  async function openMenu(view: { element: HTMLElement }, hash: string): Promise<HTMLElement[]> {
    await click(query(view.element, `tbody tr[data-row-id] button[aria-label="Actions for ${hash}"]`));
    await waitInAct(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBeGreaterThan(0));
    return [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  }

  it('is offered only for drafts not yet converted', async () => {
    const { view } = await openDrafts();
    expect((await openMenu(view, '0xabc')).map((item) => item.textContent)).toContain('Convert to transaction');
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect((await openMenu(view, '0xdone')).map((item) => item.textContent)).not.toContain('Convert to transaction');
  });

  it('asks for the article and fact date, posts convert, and shows the transaction', async () => {
    const { server, view, toasts } = await openDrafts();
    server.on('POST', 'transaction-drafts/5/convert', () =>
      jsonResponse(201, { data: { ...meta(41), amount_usd: '162.27', hash: '0xabc', transaction_draft_id: 5 } }),
    );
    const convert = (await openMenu(view, '0xabc')).find((item) => item.textContent === 'Convert to transaction');
    if (!convert) throw new Error('no convert item');
    await click(convert);
    const dialog = query(document, '[role="dialog"]');
    expect(dialog.textContent).toContain('Convert draft 0xabc');
    expect(dialog.textContent).toContain('€150.25');
    // The draft's day, shown as English writes it.
    expect(query<HTMLInputElement>(dialog, 'input[name="date_fact"]').value).toBe('03/14/26');

    await click(buttonByText(dialog, 'Convert to transaction'));
    expect(server.requests('POST', 'transaction-drafts/5/convert')).toEqual([]);
    expect(dialog.textContent).toContain('Please fill in all required fields.');

    await typeInto(query<HTMLInputElement>(dialog, 'input[role="combobox"]'), 'Sal');
    await waitInAct(() => expect(document.querySelector('[role="option"]')?.textContent).toBe('Sales'));
    await click(query(document, '[role="option"]'));
    await typeInto(query<HTMLInputElement>(dialog, 'input[name="date_fact"]'), '03/15/26');
    await click(buttonByText(dialog, 'Convert to transaction'));

    await waitInAct(() => expect(server.requests('POST', 'transaction-drafts/5/convert')).toHaveLength(1));
    expect(server.requests('POST', 'transaction-drafts/5/convert')[0]?.body).toEqual({
      article_id: 3,
      date_fact: '2026-03-15',
    });
    await waitInAct(() => expect(dialog.textContent).toContain('The draft is now transaction #41'));
    expect(dialog.textContent).toContain('Booked as $162.27');
    expect(query(dialog, 'a').getAttribute('href')).toBe('/transactions?filter%5Bhash%5D%5Beq%5D=0xabc');
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['The draft is now transaction #41']));
    // The list is read again.
    await waitInAct(() => expect(server.requests('GET', 'transaction-drafts').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's refusal in the dialog", async () => {
    const { server, view } = await openDrafts();
    server.on('POST', 'transaction-drafts/5/convert', () =>
      jsonResponse(409, { message: 'This draft has already been converted into a transaction.' }),
    );
    const convert = (await openMenu(view, '0xabc')).find((item) => item.textContent === 'Convert to transaction');
    if (!convert) throw new Error('no convert item');
    await click(convert);
    const dialog = query(document, '[role="dialog"]');
    await typeInto(query<HTMLInputElement>(dialog, 'input[role="combobox"]'), 'Sal');
    await waitInAct(() => expect(document.querySelector('[role="option"]')?.textContent).toBe('Sales'));
    await click(query(document, '[role="option"]'));
    await click(buttonByText(dialog, 'Convert to transaction'));
    await waitInAct(() =>
      expect(dialog.textContent).toContain('This draft has already been converted into a transaction.'),
    );
    expect(query_(server.requests('GET', 'references/articles')[0] as SeenRequest, 'q')).not.toBeNull();
  });
});
