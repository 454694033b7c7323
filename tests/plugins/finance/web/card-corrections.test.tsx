import { describe, expect, it } from 'vitest';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';
import { localeFormat } from '@core/sdk/shared';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  listAnswer,
  openRowMenu,
  query,
  recordToasts,
  renderPluginPage,
  runRowAction,
  serviceBase,
  testRecord,
  typeInto,
  setupPopupTests,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';

// The screens under test are in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });
const finance = webPlugin(financeManifest, financeCode);
const APPROVER = ['FW', 'FT'];

const usd = (amount: string) => ({ amount, currency: 'USD' });
const correction = (id: number, date: string, values: Readonly<Record<string, unknown>>) =>
  testRecord(id, {
    wallet_id: 4,
    correction_date: date,
    statement_balance: usd('760'),
    book_balance: usd('748.25'),
    reason: 'Monthly statement',
    approved_by: null,
    approved_at: null,
    transaction_id: null,
    reverses_id: null,
    comment: null,
    _labels: { wallet_id: 'Corporate card', approved_by: null, transaction_id: null, reverses_id: null },
    ...values,
  });

const OPEN = correction(7, '2026-03-10', { status: 'open', difference: usd('11.75') });
const APPROVED = correction(8, '2026-03-01', {
  status: 'approved',
  difference: usd('-60'),
  approved_by: 1,
  approved_at: '2026-03-02T10:00:00.000Z',
  transaction_id: 41,
  _labels: {
    wallet_id: 'Corporate card',
    approved_by: 'Anna Admin',
    transaction_id: 'card-correction-8',
    reverses_id: null,
  },
});
const SUMMARY = {
  data: [
    {
      wallet_id: 4,
      wallet_name: 'Corporate card',
      book_balance: usd('748.25'),
      latest_statement: { date: '2026-03-10', balance: usd('760') },
      open_difference: usd('11.75'),
      open_count: 1,
    },
    {
      wallet_id: 5,
      wallet_name: 'Spare card',
      book_balance: usd('0'),
      latest_statement: null,
      open_difference: usd('0'),
      open_count: 0,
    },
  ],
};

function service(): FakeService {
  return new FakeService(serviceBase('finance'))
    .on('GET', 'card-corrections', listAnswer([OPEN, APPROVED]))
    .on('GET', 'card-corrections/summary', SUMMARY);
}

async function open(codes: readonly string[] = APPROVER, language?: 'en' | 'ru') {
  const api = service();
  const rendered = await renderPluginPage({
    plugins: [finance],
    path: '/card-corrections',
    codes,
    api,
    ...(language ? { language } : {}),
  });
  await waitInAct(() => expect(rendered.view.element.querySelectorAll('[data-correction-status]')).toHaveLength(2));
  return { ...rendered, api, page: rendered.view.element };
}

const rowOf = (page: HTMLElement, date: string): HTMLElement => {
  const cell = [...page.querySelectorAll<HTMLElement>('[role="row"], tr')].find(
    (row) => row.textContent?.includes(english.date(date)) && row.querySelector('[data-correction-status]'),
  );
  if (!cell) throw new Error(`no row for ${date}`);
  return cell;
};

describe('Card corrections page', () => {
  it('shows the open differences per card wallet above the list, the states as badges, and links an approved one to its transaction', async () => {
    const { page } = await open();
    expect(page.querySelector('h1')?.textContent).toBe('Card corrections');
    const panel = query(page, '[role="region"][aria-label="Open differences per card wallet"]');
    expect(panel.textContent).toContain('Corporate card');
    expect(panel.textContent).toContain('$760.00 on');
    expect(panel.textContent).toContain('$11.75 (open: 1)');
    expect(panel.textContent).toContain('No statement yet');
    expect(panel.textContent).toContain('Nothing open');
    expect(query(rowOf(page, '2026-03-10'), '[data-correction-status]').textContent).toBe('Open');
    // The open row with a difference is toned, with words for screen readers.
    expect(rowOf(page, '2026-03-10').textContent).toContain('Open difference');
    const approvedRow = rowOf(page, '2026-03-01');
    expect(query(approvedRow, '[data-correction-status]').textContent).toBe('Approved');
    expect(approvedRow.textContent).not.toContain('Open difference');
    // The date links to the correction's own page; the transaction column to the transactions list.
    expect(query(approvedRow, 'a[href="/card-corrections/8"]').textContent).toBe(english.date('2026-03-01'));
    expect(query(approvedRow, 'a[href^="/transactions"]').textContent).toBe('Transaction #41');
    expect(query(approvedRow, 'a[href^="/transactions"]').getAttribute('href')).toBe(
      '/transactions?filter%5Bhash%5D%5Beq%5D=card-correction-8',
    );
  });

  it('offers approve and reverse by state, and neither without FT (no link to transactions either)', async () => {
    const { page } = await open();
    expect(await openRowMenu(page, english.date('2026-03-10'))).toContain('Approve');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    const approvedMenu = await openRowMenu(page, english.date('2026-03-01'));
    expect(approvedMenu).toContain('Reverse');
    expect(approvedMenu).not.toContain('Approve');

    const { page: reader } = await open(['FW']);
    const menu = await openRowMenu(reader, english.date('2026-03-10'));
    expect(menu).not.toContain('Approve');
    expect(rowOf(reader, '2026-03-01').querySelector('a[href^="/transactions"]')).toBeNull();
    expect(rowOf(reader, '2026-03-01').textContent).toContain('Transaction #41');
  });

  it('confirms the approval naming the amount, the article and the wallet, then links to the adjusting transaction', async () => {
    const { page, api } = await open();
    api.on('POST', 'card-corrections/7/approve', { data: { ...OPEN, status: 'approved', transaction_id: 52 } });
    await runRowAction(page, english.date('2026-03-10'), 'Approve');
    const dialog = query(document, '[role="dialog"]');
    expect(dialog.textContent).toContain(
      `Approving books $11.75 as income under the article “Card correction (income)” in Corporate card on ${english.date('2026-03-10')}.`,
    );
    expect(api.requests('POST', 'card-corrections/7/approve')).toEqual([]);
    await click(buttonByText(dialog, 'Approve'));
    await waitInAct(() => expect(api.requests('POST', 'card-corrections/7/approve')).toHaveLength(1));
    expect(api.requests('POST', 'card-corrections/7/approve')[0]?.body).toBeUndefined();
    await waitInAct(() =>
      expect(query(document, '[role="dialog"]').textContent).toContain('The adjusting transaction #52 is booked'),
    );
    expect(query(document, '[role="dialog"] a').getAttribute('href')).toBe(
      '/transactions?filter%5Bhash%5D%5Beq%5D=card-correction-7',
    );
    // The list and the panel are read again.
    await waitInAct(() => expect(api.requests('GET', 'card-corrections').length).toBeGreaterThanOrEqual(2));
    await waitInAct(() => expect(api.requests('GET', 'card-corrections/summary').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's refusal of an approval (a missing rate) in the dialog", async () => {
    const { page, api } = await open();
    const refusal = 'There is no USD exchange rate on or before 2026-03-10: add one on the exchange rates screen.';
    api.on('POST', 'card-corrections/7/approve', () =>
      jsonResponse(422, { message: refusal, errors: { date_fact: [refusal] } }),
    );
    await runRowAction(page, english.date('2026-03-10'), 'Approve');
    await click(buttonByText(query(document, '[role="dialog"]'), 'Approve'));
    await waitInAct(() => expect(query(document, '[role="dialog"]').textContent).toContain(refusal));
  });

  it('asks for the reason before reversing, then posts it', async () => {
    const { page, api, kernel } = await open();
    const toasts = recordToasts(kernel);
    api.on('POST', 'card-corrections/8/reverse', { data: { ...APPROVED, status: 'reversed' } });
    await runRowAction(page, english.date('2026-03-01'), 'Reverse');
    const dialog = query(document, '[role="dialog"]');
    await click(buttonByText(dialog, 'Reverse'));
    expect(dialog.textContent).toContain('Please fill in all required fields.');
    expect(api.requests('POST', 'card-corrections/8/reverse')).toEqual([]);
    await typeInto(query<HTMLTextAreaElement>(dialog, 'textarea[name="reason"]'), 'Booked twice by the bank');
    await click(buttonByText(dialog, 'Reverse'));
    await waitInAct(() => expect(api.requests('POST', 'card-corrections/8/reverse')).toHaveLength(1));
    expect(api.requests('POST', 'card-corrections/8/reverse')[0]?.body).toEqual({ reason: 'Booked twice by the bank' });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('The correction is reversed'));
  });

  it('speaks Russian with no raw key', async () => {
    const { page } = await open(APPROVER, 'ru');
    expect(page.querySelector('h1')?.textContent).toBe('Корректировки карт');
    const text = page.textContent ?? '';
    expect(text).toContain('Открытые разницы по картам');
    expect(text).toContain('Утверждена');
    expect(text).toContain('Транзакция №41');
    expect(text).not.toMatch(/cardCorrections\.|fields\.|finance:/);
  });
});
