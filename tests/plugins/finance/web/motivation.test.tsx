import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/sdk/shared';
import type { PayRuleLine } from '@plugins/finance/shared/pay';
import {
  buttonByText,
  click,
  FakeService,
  jsonResponse,
  listAnswer,
  query,
  referencesAnswer,
  renderPluginPage,
  type SeenRequest,
  serviceBase,
  testRecord,
  typeInto,
  setupPopupTests,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';

// The page under test is in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });
const finance = webPlugin(financeManifest, financeCode);

const RULES: PayRuleLine[] = [
  {
    rule_id: 1,
    kind: 'fixed_salary',
    measure: null,
    source: 'salary_history',
    scope: 'all',
    scope_label: null,
    measure_value: '2000.00',
    formula: '2000 USD = 2000.00',
    amount_usd: '2000.00',
    capped: false,
    gap: null,
  },
  {
    rule_id: 2,
    kind: 'tiered',
    measure: 'profit',
    source: 'finance',
    scope: 'project',
    scope_label: 'Nutra EU',
    measure_value: '7000.45',
    formula: '10% × 5000.00 + 15% × 2000.45 = 800.07',
    amount_usd: '800.07',
    capped: true,
    gap: null,
  },
  {
    rule_id: 3,
    kind: 'per_unit',
    measure: 'leads',
    source: 'tracker',
    scope: 'all',
    scope_label: null,
    measure_value: null,
    formula: '—',
    amount_usd: '0.00',
    capped: false,
    gap: 'tracker_disabled',
  },
];

const draftSheet = (extra: object = {}) =>
  testRecord(5, {
    month: '2025-09',
    status: 'draft',
    total_usd: '2950.07',
    computed_at: '2025-10-01T08:00:00.000Z',
    wallet_id: null,
    approved_by: null,
    approved_at: null,
    comment: null,
    _labels: {},
    ...extra,
  });
const line = (id: number, employee: string, extra: object = {}) =>
  testRecord(id, {
    sheet_id: 5,
    employee_id: id,
    model_id: 3,
    base_usd: '2000.00',
    bonus_usd: '800.07',
    computed_usd: '2800.07',
    correction_usd: '0.00',
    correction_comment: null,
    total_usd: '2800.07',
    explanation: JSON.stringify(RULES),
    transaction_draft_id: null,
    _labels: { employee_id: employee, model_id: 'Buyer on tiers' },
    ...extra,
  });
const LINES = [
  line(12, 'Zoe Tiered', { base_usd: '0.00', computed_usd: '150.00', bonus_usd: '150.00', total_usd: '150.00' }),
  line(11, 'Anna Salaried'),
];

const param = (request: SeenRequest | undefined, name: string): string | null =>
  request ? new URL(request.url).searchParams.get(name) : null;
const dialog = (): HTMLElement => query(document, '.fui-DialogSurface');
const rowOf = (root: HTMLElement, text: string): HTMLElement => {
  const row = [...root.querySelectorAll<HTMLElement>('tbody tr')].find((candidate) =>
    candidate.textContent?.includes(text),
  );
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

function api(sheets: () => object[], lines: () => object[] = () => LINES): FakeService {
  return new FakeService(serviceBase('finance'))
    .on('GET', 'motivation-sheets', () => jsonResponse(200, listAnswer(sheets() as never[])))
    .on('GET', 'motivation-lines', () => jsonResponse(200, listAnswer(lines() as never[], 500)));
}

describe('the motivation page', () => {
  it('shows last month by default and computes a missing sheet in one step', async () => {
    let sheets: object[] = [];
    const server = api(
      () => sheets,
      () => [],
    ).on('POST', 'motivation-sheets/compute-month', () => {
      sheets = [draftSheet({ total_usd: '0.00' })];
      return jsonResponse(200, { data: sheets[0] });
    });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation',
      codes: ['FE', 'FF'],
      api: server,
    });
    await waitInAct(() =>
      expect(view.element.textContent).toContain(
        `There is no motivation sheet for ${english.month(lastMonth)} yet: Compute makes it from the calculation models.`,
      ),
    );
    expect(param(server.requests('GET', 'motivation-sheets')[0], 'filter[month][eq]')).toBe(lastMonth);
    expect([...view.element.querySelectorAll('button')].map((button) => button.textContent)).not.toContain(
      'Prepare the month',
    );
    await click(buttonByText(view.element, 'Compute'));
    await waitInAct(() => expect(view.element.textContent).toContain('Nobody has a calculation model for this month.'));
    expect(server.requests('POST', 'motivation-sheets/compute-month')[0]?.body).toEqual({ month: lastMonth });
    expect(server.requests('POST', 'motivation-sheets')).toHaveLength(0);
    expect(query(view.element, '[data-status]').textContent).toBe('Draft');
  });

  it('lists the lines with totals, explains a line rule by rule, and recomputes', async () => {
    const server = api(() => [draftSheet()]).on('POST', 'motivation-sheets/compute-month', { data: draftSheet() });
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation?month=2025-09',
      codes: ['FE'],
      api: server,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Salaried'));
    expect(param(server.requests('GET', 'motivation-lines')[0], 'filter[sheet_id][eq]')).toBe('5');
    const names = [...view.element.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['Anna Salaried', 'Zoe Tiered']);
    expect(rowOf(view.element, 'Anna Salaried').textContent).toContain('$2,800.07');
    expect(view.element.textContent).toContain('$2,950.07');
    // Without FF there is nothing to approve with.
    expect([...view.element.querySelectorAll('button')].some((button) => button.textContent === 'Approve')).toBe(false);

    await click(buttonByText(rowOf(view.element, 'Anna Salaried'), 'Show'));
    const explanation = query(view.element, 'table[aria-label="Explanation"]');
    const cells = [...explanation.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Fixed salary',
      'Salary',
      'salary history',
      'Whole agency',
      '$2,000.00 (salary history)',
      '2000 USD = 2000.00',
      '$2,000.00',
      '',
    ]);
    expect(cells[1]).toEqual([
      'Tiers',
      'Profit',
      'finance',
      'Project: Nutra EU',
      '$7,000.45 (finance)',
      '10% × 5000.00 + 15% × 2000.45 = 800.07',
      '$800.07',
      'Cut down by the cap',
    ]);
    expect(cells[2]).toEqual([
      'Per unit',
      'Leads',
      'tracker',
      'Whole agency',
      'Not available',
      '—',
      '$0.00',
      'The tracker is off: no figure, paid 0',
    ]);

    await click(buttonByText(view.element, 'Recompute'));
    await waitInAct(() =>
      expect(server.requests('POST', 'motivation-sheets/compute-month')[0]?.body).toEqual({ month: '2025-09' }),
    );
    await waitInAct(() => expect(server.requests('GET', 'motivation-lines').length).toBeGreaterThan(1));
  });

  it('corrects a line with a reason, refusing it without one', async () => {
    const server = api(() => [draftSheet()]).on('PATCH', 'motivation-lines/11', () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { correction_usd: ['The correction cannot take the total below 0.'] },
      }),
    );
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation?month=2025-09',
      codes: ['FE'],
      api: server,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Salaried'));
    await click(buttonByText(rowOf(view.element, 'Anna Salaried'), 'Correct'));
    await typeInto(query<HTMLInputElement>(dialog(), 'input'), '-5000');
    await click(buttonByText(dialog(), 'Save'));
    await waitInAct(() => expect(dialog().textContent).toContain('Say why the line is corrected.'));
    expect(server.requests('PATCH', 'motivation-lines/11')).toHaveLength(0);

    await typeInto(query<HTMLTextAreaElement>(dialog(), 'textarea'), 'Advance paid');
    await click(buttonByText(dialog(), 'Save'));
    await waitInAct(() => expect(dialog().textContent).toContain('The correction cannot take the total below 0.'));
    expect(server.requests('PATCH', 'motivation-lines/11')[0]?.body).toEqual({
      correction_usd: '-5000',
      correction_comment: 'Advance paid',
      version: 1,
    });
  });

  it('approves into a chosen wallet and then links to the payroll drafts, with no correcting', async () => {
    let approved = false;
    const server = api(() => [
      approved
        ? draftSheet({
            status: 'approved',
            wallet_id: 2,
            approved_by: 1,
            approved_at: '2025-10-02T08:00:00.000Z',
            _labels: { wallet_id: 'EUR bank', approved_by: 'Admin' },
          })
        : draftSheet(),
    ])
      .on('GET', 'references/wallets', referencesAnswer([{ id: 2, label: 'EUR bank' }]))
      .on('POST', 'motivation-sheets/5/approve', () => {
        approved = true;
        return jsonResponse(200, { data: draftSheet({ status: 'approved' }) });
      });
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation?month=2025-09',
      codes: ['FE', 'FF'],
      api: server,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Salaried'));
    await click(buttonByText(view.element, 'Approve'));
    await click(buttonByText(dialog(), 'Approve'));
    await waitInAct(() => expect(dialog().textContent).toContain('Choose the payroll wallet.'));

    await typeInto(query<HTMLInputElement>(dialog(), 'input[role="combobox"]'), 'EUR');
    await waitInAct(() =>
      expect([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toContain(
        'EUR bank',
      ),
    );
    await click(query(document, '[role="option"]'));
    await click(buttonByText(dialog(), 'Approve'));
    await waitInAct(() => expect(view.element.textContent).toContain('Payroll drafts'));
    expect(server.requests('POST', 'motivation-sheets/5/approve')[0]?.body).toEqual({ wallet_id: 2, version: 1 });

    const link = [...view.element.querySelectorAll<HTMLAnchorElement>('a')].find(
      (anchor) => anchor.textContent === 'Payroll drafts',
    );
    expect(decodeURIComponent(link?.getAttribute('href') ?? '')).toBe(
      '/transaction-drafts?filter[hash][startsWith]=payroll:2025-09:',
    );
    expect(
      [...view.element.querySelectorAll('button')].some(
        (button) => button.textContent === 'Correct' || button.textContent === 'Recompute',
      ),
    ).toBe(false);
    expect(view.element.textContent).toContain('Approved');
  });

  it('asks first before approving a month that has not ended, and opens nothing on no', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const server = api(() => [draftSheet({ month })]).on(
      'GET',
      'references/wallets',
      referencesAnswer([{ id: 2, label: 'EUR bank' }]),
    );
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: `/motivation?month=${month}`,
      codes: ['FE', 'FF'],
      api: server,
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Salaried'));
    await click(buttonByText(view.element, 'Approve'));
    const question = query(document, '[role="alertdialog"]');
    await waitInAct(() => expect(question.textContent).toContain('Are you sure?'));
    expect(question.textContent).toContain(`${english.month(month)} has not ended yet`);
    await click(buttonByText(question, 'Cancel'));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());

    await click(buttonByText(view.element, 'Approve'));
    await click(buttonByText(query(document, '[role="alertdialog"]'), 'Yes'));
    await waitInAct(() => expect(dialog().textContent).toContain(`Approve the motivation of ${english.month(month)}`));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it('reads in Russian with no raw key, and shows no access without FE', async () => {
    const server = api(() => [draftSheet()]);
    const { view } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation?month=2025-09',
      codes: ['FE'],
      api: server,
      language: 'ru',
    });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Salaried'));
    await click(buttonByText(rowOf(view.element, 'Anna Salaried'), 'Показать'));
    expect(view.element.textContent).toContain('Мотивация');
    expect(view.element.textContent).toContain('история окладов');
    expect(view.element.textContent).not.toMatch(/motivation\.|fields\.|finance:/);

    const denied = api(() => [draftSheet()]);
    const { view: other } = await renderPluginPage({
      plugins: [finance],
      path: '/motivation',
      codes: ['FF'],
      api: denied,
    });
    await waitInAct(() => expect(other.element.textContent).toContain('No access'));
    expect(denied.requests('GET', 'motivation-sheets')).toHaveLength(0);
  });
});
