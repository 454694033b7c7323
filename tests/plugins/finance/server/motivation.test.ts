import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, demoContext, freshDatabase } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import { seedFinanceDemo } from '@plugins/finance/server/demo/demo-data';
import type { PayRuleLine } from '@plugins/finance/shared/pay';
import { ALL_FINANCE, money, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

/*
 * Motivation: a month computed from a tiered model to the cent, corrections kept across a
 * recompute and refused without a reason, approval's payroll drafts (wallet currency, hashes,
 * links), and the lock an approval puts on the sheet and its lines.
 */

const SETUP = [...ALL_FINANCE, 'FE'];
const PAY = ['FE', 'FF'];
const MONTH = '2025-09';
const LAST_DAY = '2025-09-30';

let t: FinanceTestApp;
let walletUsd: Row;
let walletEur: Row;
let walletGbp: Row;
let salaried: Row;
let tiered: Row;
let unassigned: Row;

async function post(codes: readonly string[], path: string, body?: object) {
  return t.call(codes, 'POST', path, body);
}

async function created(path: string, body: object): Promise<Row> {
  const response = await post(SETUP, path, body);
  expect(response.statusCode, `POST ${path} ${response.body}`).toBe(201);
  return response.json<{ data: Row }>().data;
}

async function sheetFor(month: string): Promise<Row> {
  return created('motivation-sheets', { month });
}

async function linesOf(sheet: Row): Promise<Row[]> {
  const response = await t.call(
    PAY,
    'GET',
    `motivation-lines?filter[sheet_id][eq]=${sheet.id}&sort=employee_id&per_page=100`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { data: Row[] } }>().data.data;
}

async function readSheet(sheet: Row): Promise<Row> {
  const response = await t.call(PAY, 'GET', `motivation-sheets/${sheet.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Row }>().data;
}

async function compute(sheet: Row): Promise<Row> {
  const response = await post(['FE'], `motivation-sheets/${sheet.id}/compute`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Row }>().data;
}

const lineOf = (lines: readonly Row[], employee: Row): Row => {
  const line = lines.find((entry) => entry.employee_id === employee.id);
  if (!line) throw new Error(`no line for employee ${employee.id}`);
  return line;
};

beforeAll(async () => {
  t = await financeApp();
  const income = await created('articles', { name: 'Payouts', direction: 'income' });
  const expense = await created('articles', { name: 'Ad spend', direction: 'expense' });
  walletUsd = await created('wallets', { name: 'USD bank', currency: 'USD' });
  walletEur = await created('wallets', { name: 'EUR bank', currency: 'EUR' });
  walletGbp = await created('wallets', { name: 'GBP bank', currency: 'GBP' });
  await created('exchange-rates', { currency: 'EUR', rate_date: '2025-09-15', usd_rate: '1.25' });
  // Profit in September: 8000.55 − 1000.10 = 7000.45 USD.
  await created('transactions', {
    date_fact: '2025-09-10',
    wallet_id: walletUsd.id,
    article_id: income.id,
    amount: money('8000.55', 'USD'),
  });
  await created('transactions', {
    date_fact: '2025-09-12',
    wallet_id: walletUsd.id,
    article_id: expense.id,
    amount: money('1000.10', 'USD'),
  });

  salaried = await created('employees', { full_name: 'Salaried Buyer' });
  tiered = await created('employees', { full_name: 'Tiered Buyer' });
  unassigned = await created('employees', { full_name: 'Nobody Assigned' });
  await created('salary-history', { employee_id: salaried.id, date_start: '2025-01-01', salary: money('2000', 'USD') });

  const tiers = { '0': '10', '5000': '15' };
  const withSalary = await created('calculation-models', { name: 'Buyer with salary', valid_from: '2025-01-01' });
  await created('calculation-model-rules', {
    model_id: withSalary.id,
    position: 1,
    kind: 'fixed_salary',
    source: 'finance',
    scope: 'all',
  });
  await created('calculation-model-rules', {
    model_id: withSalary.id,
    position: 2,
    kind: 'tiered',
    measure: 'profit',
    source: 'finance',
    scope: 'all',
    tiers,
  });
  const onlyTiers = await created('calculation-models', { name: 'Buyer on tiers', valid_from: '2025-01-01' });
  await created('calculation-model-rules', {
    model_id: onlyTiers.id,
    position: 1,
    kind: 'tiered',
    measure: 'profit',
    source: 'finance',
    scope: 'all',
    tiers,
  });
  await created('employee-models', { employee_id: salaried.id, model_id: withSalary.id, date_start: '2025-01-01' });
  await created('employee-models', { employee_id: tiered.id, model_id: onlyTiers.id, date_start: '2025-01-01' });
}, DB_TIMEOUT);

afterAll(() => t.close());

describe('computing a month', () => {
  it('makes a line per employee with a model, to the cent, with the rules explained', async () => {
    const sheet = await sheetFor(MONTH);
    expect(sheet).toMatchObject({ status: 'draft', computed_at: null });
    const computed = await compute(sheet);
    expect(computed.computed_at).toEqual(expect.any(String));
    expect(computed.total_usd).toBe('3600.14');

    const lines = await linesOf(sheet);
    expect(lines.map((line) => line.employee_id)).toEqual([salaried.id, tiered.id]);
    expect(lines.some((line) => line.employee_id === unassigned.id)).toBe(false);
    // 10% × 5000.00 + 15% × 2000.45 = 800.0675 → 800.07 (half-up, once).
    expect(lineOf(lines, tiered)).toMatchObject({
      base_usd: '0.00',
      bonus_usd: '800.07',
      computed_usd: '800.07',
      correction_usd: '0.00',
      total_usd: '800.07',
    });
    expect(lineOf(lines, salaried)).toMatchObject({
      base_usd: '2000.00',
      bonus_usd: '800.07',
      computed_usd: '2800.07',
      total_usd: '2800.07',
    });

    // The list carries the explanation too: the page explains every line from it.
    expect(lineOf(lines, tiered).explanation).toEqual(expect.any(String));
    const detail = await t.call(PAY, 'GET', `motivation-lines/${lineOf(lines, tiered).id}`);
    const explanation = JSON.parse(String(detail.json<{ data: Row }>().data.explanation)) as PayRuleLine[];
    expect(explanation).toEqual([
      expect.objectContaining({
        kind: 'tiered',
        measure: 'profit',
        source: 'finance',
        scope: 'all',
        measure_value: '7000.45',
        amount_usd: '800.07',
        capped: false,
        gap: null,
      }),
    ]);
    expect(explanation[0]?.formula).toBe('10% × 5000.00 + 15% × 2000.45 = 800.07');
  });

  it("makes a month's missing sheet and computes it in one step, the same sheet again while it is a draft", async () => {
    const first = await post(['FE'], 'motivation-sheets/compute-month', { month: '2025-05' });
    expect(first.statusCode, first.body).toBe(200);
    const sheet = first.json<{ data: Row }>().data;
    expect(sheet).toMatchObject({ month: '2025-05', status: 'draft', computed_at: expect.any(String) });
    expect((await linesOf(sheet)).map((line) => line.employee_id)).toEqual([salaried.id, tiered.id]);

    const again = await post(['FE'], 'motivation-sheets/compute-month', { month: '2025-05' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Row }>().data.id).toBe(sheet.id);
    const months = await t.call(PAY, 'GET', 'motivation-sheets?filter[month][eq]=2025-05');
    expect(months.json<{ data: { total: number } }>().data.total).toBe(1);

    expect((await post(['FF'], 'motivation-sheets/compute-month', { month: '2025-05' })).statusCode).toBe(403);
    expect((await post(['FE'], 'motivation-sheets/compute-month', { month: '2025-13' })).statusCode).toBe(422);
    expect((await post(['FE'], 'motivation-sheets/compute-month', {})).statusCode).toBe(422);
  });

  it('keeps a correction and its comment when recomputing, and drops lines no longer covered', async () => {
    const sheet = await sheetFor('2025-10');
    await compute(sheet);
    const line = lineOf(await linesOf(sheet), salaried);
    const corrected = await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
      version: line.version,
      correction_usd: '-150.50',
      correction_comment: 'Advance paid',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<{ data: Row }>().data).toMatchObject({ correction_usd: '-150.50', total_usd: '1849.50' });
    expect((await readSheet(sheet)).total_usd).toBe('1849.50');

    const assignment = await created('employee-models', {
      employee_id: unassigned.id,
      model_id: (await linesOf(sheet))[0]?.model_id,
      date_start: '2025-10-01',
      date_end: '2025-10-31',
    });
    // October has no profit and the newcomer no salary: their line is 0, the total unchanged.
    expect((await compute(sheet)).total_usd).toBe('1849.50');
    const again = await linesOf(sheet);
    expect(lineOf(again, salaried)).toMatchObject({
      correction_usd: '-150.50',
      correction_comment: 'Advance paid',
      total_usd: '1849.50',
    });
    expect(lineOf(again, unassigned)).toMatchObject({ total_usd: '0.00' });

    expect((await t.call(SETUP, 'DELETE', `employee-models/${assignment.id}`)).statusCode).toBe(200);
    await compute(sheet);
    expect((await linesOf(sheet)).map((entry) => entry.employee_id)).toEqual([salaried.id, tiered.id]);

    const history = await t.call(['FE'], 'GET', `motivation-lines/${line.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Advance paid');
  });

  it('refuses a correction without a reason, one taking the total below 0, and a line made by hand', async () => {
    const sheet = await sheetFor('2025-11');
    await compute(sheet);
    const line = lineOf(await linesOf(sheet), tiered);
    const noComment = await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
      version: line.version,
      correction_usd: '50',
    });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json<{ errors: Record<string, string[]> }>().errors.correction_comment).toEqual([
      'Say why the line is corrected.',
    ]);
    const belowZero = await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
      version: line.version,
      correction_usd: '-5000',
      correction_comment: 'Too much',
    });
    expect(belowZero.statusCode).toBe(422);
    expect(belowZero.json<{ errors: Record<string, string[]> }>().errors.correction_usd).toEqual([
      'The correction cannot take the total below 0.',
    ]);
    const typed = await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
      version: line.version,
      total_usd: '1',
    });
    expect(typed.statusCode).toBe(422);
    const byHand = await post(['FE'], 'motivation-lines', { sheet_id: sheet.id, employee_id: unassigned.id });
    expect(byHand.statusCode).toBe(409);
    const badMonth = await post(['FE'], 'motivation-sheets', { month: '2025-13' });
    expect(badMonth.statusCode).toBe(422);
    const twice = await post(['FE'], 'motivation-sheets', { month: '2025-11' });
    expect(twice.statusCode).toBe(422);
  });
});

describe('approving a month', () => {
  let sheet: Row;

  beforeAll(async () => {
    sheet = await sheetFor('2025-08');
    // August has no profit: the tiered-only employee earns 0 and gets no draft; the salaried one 2000.00 + 250.25.
    await compute(sheet);
    const line = lineOf(await linesOf(sheet), salaried);
    const corrected = await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
      version: line.version,
      correction_usd: '250.25',
      correction_comment: 'Bonus for the launch',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });

  it("needs FE and FF, a computed sheet and a wallet with a rate on the month's last day", async () => {
    expect((await post(['FE'], `motivation-sheets/${sheet.id}/approve`, { wallet_id: walletUsd.id })).statusCode).toBe(
      403,
    );
    expect((await post(['FF'], `motivation-sheets/${sheet.id}/compute`)).statusCode).toBe(403);
    expect(
      (await post(PAY, `motivation-sheets/${sheet.id}/approve`, { wallet_id: String(walletUsd.id) })).statusCode,
    ).toBe(422);
    expect(
      (await post(PAY, `motivation-sheets/${sheet.id}/approve`, { wallet_id: walletUsd.id, extra: true })).statusCode,
    ).toBe(422);
    const noRate = await post(PAY, `motivation-sheets/${sheet.id}/approve`, { wallet_id: walletGbp.id });
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json<{ errors: Record<string, string[]> }>().errors.wallet_id?.[0]).toContain('GBP');
    const blank = await sheetFor('2025-07');
    const notComputed = await post(PAY, `motivation-sheets/${blank.id}/approve`, { wallet_id: walletUsd.id });
    expect(notComputed.statusCode).toBe(409);
    expect(notComputed.json<{ message: string }>().message).toBe('Compute the month before approving it.');
    expect((await readSheet(sheet)).status).toBe('draft');
  });

  it('creates the payroll drafts in the wallet currency, links the lines and approves the sheet once', async () => {
    // The EUR rate on the month's last day is the latest on or before it: 1.25 from 15 September.
    const september = await readSheet(await findSheet(MONTH));
    const approved = await post(PAY, `motivation-sheets/${september.id}/approve`, {
      wallet_id: walletEur.id,
      version: september.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ data: Row }>().data).toMatchObject({
      status: 'approved',
      wallet_id: walletEur.id,
      approved_at: expect.any(String),
      approved_by: expect.any(Number),
    });

    const drafts = await t.call(
      ['FF'],
      'GET',
      `transaction-drafts?filter[hash][startsWith]=payroll:${MONTH}:&sort=hash&per_page=100`,
    );
    expect(drafts.statusCode, drafts.body).toBe(200);
    const rows = drafts.json<{ data: { data: Row[] } }>().data.data;
    // 2800.07 / 1.25 = 2240.056 EUR; 800.07 / 1.25 = 640.056 EUR.
    expect(rows.map((row) => [row.hash, row.amount, row.draft_date, row.wallet_id]).sort()).toEqual(
      [
        [`payroll:${MONTH}:${salaried.id}`, money('2240.056', 'EUR'), LAST_DAY, walletEur.id],
        [`payroll:${MONTH}:${tiered.id}`, money('640.056', 'EUR'), LAST_DAY, walletEur.id],
      ].sort(),
    );
    const lines = await linesOf(september);
    for (const line of lines) expect(rows.map((row) => row.id)).toContain(line.transaction_draft_id);

    const twice = await post(PAY, `motivation-sheets/${september.id}/approve`, { wallet_id: walletEur.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe("This month's motivation has already been approved.");
  });

  it('pays a USD wallet the dollars as they are and skips a line of 0', async () => {
    const approved = await post(PAY, `motivation-sheets/${sheet.id}/approve`, { wallet_id: walletUsd.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ data: Row }>().data.total_usd).toBe('2250.25');
    const lines = await linesOf(sheet);
    expect(lineOf(lines, tiered)).toMatchObject({ total_usd: '0.00', transaction_draft_id: null });
    const draftId = lineOf(lines, salaried).transaction_draft_id;
    const draft = await t.call(['FF'], 'GET', `transaction-drafts/${String(draftId)}`);
    const stored = draft.json<{ data: Row }>().data;
    expect(stored).toMatchObject({
      hash: `payroll:2025-08:${salaried.id}`,
      amount: money('2250.25', 'USD'),
      draft_date: '2025-08-31',
    });
    // The approved pay stays as it is: the draft is converted, never edited.
    const edited = await t.call(['FF'], 'PATCH', `transaction-drafts/${String(draftId)}`, {
      version: stored.version,
      amount: money('1', 'USD'),
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json<{ message: string }>().message).toBe(
      "This draft pays an approved month's motivation: it can be converted, not changed.",
    );
  });

  it('locks the approved sheet and its lines: no change, recompute or delete', async () => {
    const line = lineOf(await linesOf(sheet), salaried);
    const current = await readSheet(sheet);
    const refused = [
      await t.call(['FE'], 'PATCH', `motivation-lines/${line.id}`, {
        version: line.version,
        correction_usd: '1',
        correction_comment: 'Late',
      }),
      await t.call(['FE'], 'DELETE', `motivation-lines/${line.id}`),
      await t.call(['FE'], 'PATCH', `motivation-sheets/${sheet.id}`, { version: current.version, comment: 'Changed' }),
      await t.call(['FE'], 'DELETE', `motivation-sheets/${sheet.id}`),
      await post(['FE'], `motivation-sheets/${sheet.id}/compute`),
      await post(['FE'], 'motivation-sheets/compute-month', { month: '2025-08' }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(refused[5]?.json<{ message: string }>().message).toBe(refused[4]?.json<{ message: string }>().message);
    expect(refused[0]?.json<{ message: string }>().message).toBe(
      "This month's motivation is approved: its lines cannot be changed, recomputed or deleted.",
    );
    expect(refused[4]?.json<{ message: string }>().message).toBe(
      "This month's motivation is approved: it cannot be changed, recomputed or deleted.",
    );
    expect(lineOf(await linesOf(sheet), salaried)).toMatchObject({ version: line.version, total_usd: '2250.25' });
  });
});

describe('the demo', () => {
  it(
    'approves the month before last into payroll drafts and leaves last month a computed draft',
    async () => {
      const db = await freshDatabase([createFinanceServerPlugin()]);
      try {
        expect(await seedFinanceDemo(db, await demoContext(db, [createFinanceServerPlugin()]))).toBe(true);
        const { rows: sheets } = await db.query<{
          month: string;
          status: string;
          wallet: string | null;
          computed: boolean;
          total: string;
          lines: string;
        }>(
          `SELECT s.month, s.status, w.name AS wallet, s.computed_at IS NOT NULL AS computed, s.total_usd::text AS total,
                (SELECT round(coalesce(sum(l.total_usd), 0), 2)::text FROM finance.motivation_lines l WHERE l.sheet_id = s.id) AS lines
           FROM finance.motivation_sheets s LEFT JOIN finance.wallets w ON w.id = s.wallet_id ORDER BY s.month`,
        );
        expect(sheets.map(({ status, wallet, computed }) => ({ status, wallet, computed }))).toEqual([
          { status: 'approved', wallet: 'Main account USD', computed: true },
          { status: 'draft', wallet: null, computed: true },
        ]);
        for (const sheet of sheets) expect(sheet.total, `${sheet.month} total follows its lines`).toBe(sheet.lines);
        const { rows: unpaid } = await db.query(
          `SELECT l.id FROM finance.motivation_lines l JOIN finance.motivation_sheets s ON s.id = l.sheet_id
          LEFT JOIN finance.transaction_drafts d ON d.id = l.transaction_draft_id
          WHERE s.status = 'approved' AND l.total_usd > 0 AND (d.id IS NULL OR d.hash <> 'payroll:' || s.month || ':' || l.employee_id OR d.amount <> l.total_usd OR d.amount_currency <> 'USD')`,
        );
        expect(unpaid).toEqual([]);
        const { rows: lines } = await db.query<{ month: string; lines: number; corrected: number; explained: number }>(
          `SELECT s.month, count(*)::int AS lines, count(*) FILTER (WHERE l.correction_usd <> 0 AND l.correction_comment <> '')::int AS corrected,
                count(*) FILTER (WHERE l.explanation LIKE '[{%')::int AS explained
           FROM finance.motivation_lines l JOIN finance.motivation_sheets s ON s.id = l.sheet_id GROUP BY s.month ORDER BY s.month`,
        );
        // The pay models' demo assigns models to several employees; last month has one line corrected.
        expect(
          lines.map(({ lines: count, corrected, explained }) => ({
            some: count > 1,
            corrected,
            allExplained: explained === count,
          })),
        ).toEqual([
          { some: true, corrected: 0, allExplained: true },
          { some: true, corrected: 1, allExplained: true },
        ]);
      } finally {
        await db.close();
      }
    },
    DB_TIMEOUT,
  );
});

async function findSheet(month: string): Promise<Row> {
  const response = await t.call(PAY, 'GET', `motivation-sheets?filter[month][eq]=${month}`);
  const found = response.json<{ data: { data: Row[] } }>().data.data[0];
  if (!found) throw new Error(`no sheet for ${month}`);
  return found;
}
