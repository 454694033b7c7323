import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, demoContext, freshDatabase, mintToken } from '@core/sdk/testing';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import { seedFinanceDemo } from '@plugins/finance/server/demo/demo-data';
import { create, importRates, money, read, type Money, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;
let card: Row;
let eurCard: Row;
let plain: Row;
let income: Row;
let expense: Row;

const APPROVER = ['FW', 'FT'] as const;

beforeAll(async () => {
  t = await financeApp();
  card = await create(t, 'wallets', { name: 'Corporate card USD', source: 'Card', currency: 'USD' });
  eurCard = await create(t, 'wallets', { name: 'Travel card EUR', source: 'Card', currency: 'EUR' });
  plain = await create(t, 'wallets', { name: 'Reserve USD', source: 'Bank', currency: 'USD' });
  income = await create(t, 'articles', { name: 'Payouts', direction: 'income' });
  expense = await create(t, 'articles', { name: 'Ad spend', direction: 'expense' });
  await importRates(t, 'currency,date,rate\nEUR,2026-02-01,1.1\n');
  const book = (date_fact: string, article: Row, amount: string, commission = '0') =>
    create(t, 'transactions', {
      date_fact,
      wallet_id: card.id,
      article_id: article.id,
      amount: money(amount, 'USD'),
      commission: money(commission, 'USD'),
    });
  // Books of the card on 2026-03-10: 1000 − 250.5 − 1.25 = 748.25; the 2026-03-20 income comes after.
  await book('2026-03-01', income, '1000');
  await book('2026-03-05', expense, '250.5', '1.25');
  await book('2026-03-20', income, '500');
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const correction = (wallet: Row, correction_date: string, amount: string, currency = 'USD') =>
  create(t, 'card-corrections', {
    wallet_id: wallet.id,
    correction_date,
    statement_balance: money(amount, currency),
    reason: 'Monthly statement',
  });
const approve = (id: number, codes: readonly string[] = APPROVER) =>
  t.call([...codes], 'POST', `card-corrections/${id}/approve`);
const reverse = (
  id: number,
  body: object = { reason: 'Booked twice by the bank' },
  codes: readonly string[] = APPROVER,
) => t.call([...codes], 'POST', `card-corrections/${id}/reverse`, body);
const dataOf = (response: { json: <T>() => T }): Row => response.json<{ data: Row }>().data;
const balanceOf = async (wallet: Row): Promise<Money> => (await read(t, `wallets/${wallet.id}`)).balance as Money;
const transactionsWithHash = async (hash: string) =>
  (
    await t.db.query<{ id: number; article: string; amount: string }>(
      `SELECT t.id::int AS id, a.code AS article, trim_scale(t.amount)::text AS amount
       FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.hash = $1 ORDER BY t.id`,
      [hash],
    )
  ).rows;

describe('book balance and difference', { timeout: DB_TIMEOUT }, () => {
  it('computes the books at the correction date (later transactions not counted) and recomputes them on every edit', async () => {
    const row = await correction(card, '2026-03-10', '760');
    expect(row).toMatchObject({
      status: 'open',
      book_balance: money('748.25', 'USD'),
      difference: money('11.75', 'USD'),
      transaction_id: null,
    });
    const moved = await t.call(['FW'], 'PATCH', `card-corrections/${row.id}`, {
      version: row.version,
      correction_date: '2026-03-20',
      statement_balance: money('1200', 'USD'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(dataOf(moved)).toMatchObject({ book_balance: money('1248.25', 'USD'), difference: money('-48.25', 'USD') });
    expect((await t.call(['FW'], 'DELETE', `card-corrections/${row.id}`)).statusCode).toBe(200);
    expect((await t.call(['FW'], 'GET', `card-corrections/${row.id}`)).statusCode).toBe(404);
  });

  it('refuses a statement in another currency than the wallet’s, a future date, and typed figures', async () => {
    const wrong = await t.call(['FW'], 'POST', 'card-corrections', {
      wallet_id: card.id,
      correction_date: '2026-03-10',
      statement_balance: money('1', 'EUR'),
      reason: 'x',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: object }>().errors).toEqual({
      statement_balance: ["The statement balance must be in the wallet's currency (USD)."],
    });
    const future = await t.call(['FW'], 'POST', 'card-corrections', {
      wallet_id: card.id,
      correction_date: '2999-01-01',
      statement_balance: money('1', 'USD'),
      reason: 'x',
    });
    expect(future.statusCode).toBe(422);
    expect(Object.keys(future.json<{ errors: object }>().errors)).toEqual(['correction_date']);
    const typed = await t.call(['FW'], 'POST', 'card-corrections', {
      wallet_id: card.id,
      correction_date: '2026-03-10',
      statement_balance: money('1', 'USD'),
      reason: 'x',
      difference: money('1', 'USD'),
      status: 'approved',
    });
    expect(typed.statusCode).toBe(422);
    expect(Object.keys(typed.json<{ errors: object }>().errors).sort()).toEqual(['difference', 'status']);
    const russian = await t.app.inject({
      method: 'POST',
      url: '/api/finance/card-corrections',
      headers: { ...bearer(mintToken(['FW'])), 'accept-language': 'ru' },
      payload: { wallet_id: card.id, correction_date: '2999-01-01', statement_balance: money('1', 'USD'), reason: 'x' },
    });
    expect(russian.json<{ errors: Record<string, string[]> }>().errors.correction_date).toEqual([
      'Дата выписки не может быть в будущем.',
    ]);
  });
});

describe('approve', { timeout: DB_TIMEOUT }, () => {
  it('books the adjusting transaction under the income correction article, after which the books equal the statement on that day', async () => {
    const row = await correction(card, '2026-03-10', '760');
    const approved = await approve(row.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const data = dataOf(approved);
    expect(data).toMatchObject({
      status: 'approved',
      difference: money('11.75', 'USD'),
      approved_by: expect.any(Number),
      approved_at: expect.any(String),
    });
    const booked = await transactionsWithHash(`card-correction-${row.id}`);
    expect(booked).toEqual([{ id: data.transaction_id, article: 'card-correction-income', amount: '11.75' }]);
    const transaction = await read(t, `transactions/${String(data.transaction_id)}`);
    expect(transaction).toMatchObject({
      date_fact: '2026-03-10',
      wallet_id: card.id,
      amount_usd: money('11.75', 'USD'),
      comment: `Card correction #${row.id}`,
    });
    // The transaction stays, as it is, while its correction points at it.
    expect((await t.call(['FT'], 'DELETE', `transactions/${String(data.transaction_id)}`)).statusCode).toBe(409);
    const edited = await t.call(['FT'], 'PATCH', `transactions/${String(data.transaction_id)}`, {
      version: transaction.version,
      amount: money('1', 'USD'),
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json<{ message: string }>().message).toBe(
      'This transaction books an approved card correction: reverse the correction instead of changing it.',
    );
    // A new statement on the same day now finds the books equal to it: nothing left to correct.
    const check = await correction(card, '2026-03-10', '760');
    expect(check.difference).toEqual(money('0', 'USD'));
    // A zero difference is approved without a transaction.
    const closed = dataOf(await approve(check.id));
    expect(closed).toMatchObject({ status: 'approved', transaction_id: null });
    expect((await balanceOf(card)).amount).toBe('1260');
    const history = await t.call(['FW'], 'GET', `card-corrections/${row.id}/history`);
    expect(JSON.stringify(history.json())).toContain('"approve"');
  });

  it('books a lower statement as an expense and creates the expense article once', async () => {
    const row = await correction(card, '2026-03-25', '1200');
    const approved = dataOf(await approve(row.id));
    expect(approved.difference).toEqual(money('-60', 'USD'));
    expect(await transactionsWithHash(`card-correction-${row.id}`)).toEqual([
      { id: approved.transaction_id, article: 'card-correction-expense', amount: '60' },
    ]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM finance.articles WHERE code LIKE 'card-correction-%'",
    );
    expect(rows[0]?.n).toBe(2);
    expect((await balanceOf(card)).amount).toBe('1200');
  });

  it('never changes or deletes an approved correction (409), and approves it once even when two requests race', async () => {
    const row = await correction(card, '2026-03-26', '1300.25');
    const [first, second] = await Promise.all([approve(row.id), approve(row.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await transactionsWithHash(`card-correction-${row.id}`)).toHaveLength(1);
    const stored = await read(t, `card-corrections/${row.id}`);
    const edit = await t.call(['FW'], 'PATCH', `card-corrections/${row.id}`, {
      version: stored.version,
      reason: 'Changed my mind',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe(
      'This correction is approved: it cannot be changed or deleted, only reversed by another.',
    );
    expect((await t.call(['FW'], 'DELETE', `card-corrections/${row.id}`)).statusCode).toBe(409);
    expect((await t.call(['FW'], 'POST', 'card-corrections/bulk-delete', { ids: [row.id] })).statusCode).toBe(409);
    expect((await read(t, `card-corrections/${row.id}`)).status).toBe('approved');
  });

  it('surfaces a missing exchange rate as the transaction’s 422 and writes nothing', async () => {
    const row = await correction(eurCard, '2026-01-15', '100', 'EUR');
    const refused = await approve(row.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'There is no EUR exchange rate on or before 01/15/26: add one on the exchange rates screen.',
    );
    expect(await read(t, `card-corrections/${row.id}`)).toMatchObject({
      status: 'open',
      transaction_id: null,
      version: row.version,
    });
    expect(await transactionsWithHash(`card-correction-${row.id}`)).toEqual([]);
    expect((await balanceOf(eurCard)).amount).toBe('0');
  });

  it('needs FT besides FW, and takes no input', async () => {
    const row = await correction(plain, '2026-03-01', '5');
    expect((await approve(row.id, ['FW'])).statusCode).toBe(403);
    expect((await approve(row.id, ['FT'])).statusCode).toBe(403);
    expect(
      (await t.call([...APPROVER], 'POST', `card-corrections/${row.id}/approve`, { amount: '1' })).statusCode,
    ).toBe(422);
    expect((await t.call([...APPROVER], 'POST', 'card-corrections/999999/approve')).statusCode).toBe(404);
    expect((await read(t, `card-corrections/${row.id}`)).status).toBe('open');
  });
});

describe('reverse', { timeout: DB_TIMEOUT }, () => {
  it('creates an approved reversal with the opposite transaction and marks the original reversed, once', async () => {
    const row = await correction(plain, '2026-03-02', '40.5');
    const approved = dataOf(await approve(row.id));
    expect((await balanceOf(plain)).amount).toBe('40.5');
    const reversed = await reverse(row.id);
    expect(reversed.statusCode, reversed.body).toBe(200);
    const answer = reversed.json<{ data: Row & { reversal: Row } }>().data;
    expect(answer).toMatchObject({ id: row.id, status: 'reversed', transaction_id: approved.transaction_id });
    expect(answer.reversal).toMatchObject({
      status: 'approved',
      reverses_id: row.id,
      difference: money('-40.5', 'USD'),
      reason: 'Booked twice by the bank',
    });
    expect(await transactionsWithHash(`card-correction-${answer.reversal.id}`)).toEqual([
      { id: answer.reversal.transaction_id, article: 'card-correction-expense', amount: '40.5' },
    ]);
    expect((await balanceOf(plain)).amount).toBe('0');

    expect((await reverse(row.id)).statusCode).toBe(409);
    const again = await reverse(answer.reversal.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'A reversal cannot be reversed: record a new correction instead.',
    );
    const final = await t.call(['FW'], 'PATCH', `card-corrections/${row.id}`, { version: answer.version, reason: 'x' });
    expect(final.statusCode).toBe(409);
    expect(final.json<{ message: string }>().message).toBe(
      'This correction has been reversed: it cannot be changed or deleted.',
    );
  });

  it('asks for a reason, refuses other input and open corrections, and needs FT besides FW', async () => {
    const row = await correction(plain, '2026-03-03', '10');
    expect((await reverse(row.id)).statusCode).toBe(409);
    await approve(row.id);
    expect((await reverse(row.id, { reason: '  ' })).statusCode).toBe(422);
    expect((await reverse(row.id, {})).statusCode).toBe(422);
    expect((await reverse(row.id, { reason: 7 })).statusCode).toBe(422);
    expect((await reverse(row.id, { reason: 'x', amount: '1' })).statusCode).toBe(422);
    expect((await reverse(row.id, undefined as unknown as object, ['FW'])).statusCode).toBe(403);
    expect((await read(t, `card-corrections/${row.id}`)).status).toBe('approved');
  });
});

describe('reading and the per-wallet summary', { timeout: DB_TIMEOUT }, () => {
  it('lets FW read the list and the summary, and refuses callers without FW', async () => {
    expect((await t.call(['FW'], 'GET', 'card-corrections')).statusCode).toBe(200);
    expect((await t.call(['FT'], 'GET', 'card-corrections')).statusCode).toBe(403);
    expect((await t.call(['FT'], 'GET', 'card-corrections/summary')).statusCode).toBe(403);
    expect((await t.call(['FW'], 'GET', 'card-corrections/summary?wallet=1')).statusCode).toBe(422);
  });

  it('lists every card wallet and wallet with corrections, with the open differences summed', async () => {
    const idle = await create(t, 'wallets', { name: 'Spare card', source: 'Virtual card', currency: 'USD' });
    await create(t, 'wallets', { name: 'Cash box', source: 'Cash', currency: 'USD' });
    // Open differences of −0.25 and +0.5.
    await correction(card, '2026-03-27', '1300');
    await correction(card, '2026-03-28', '1300.75');
    const response = await t.call(['FW'], 'GET', 'card-corrections/summary');
    expect(response.statusCode).toBe(200);
    const rows = response.json<{
      data: {
        wallet_id: number;
        wallet_name: string;
        open_count: number;
        open_difference: Money;
        book_balance: Money;
        latest_statement: unknown;
      }[];
    }>().data;
    expect(rows.map((row) => row.wallet_name)).toEqual([
      'Corporate card USD',
      'Reserve USD',
      'Spare card',
      'Travel card EUR',
    ]);
    const ofCard = rows.find((row) => row.wallet_id === card.id);
    expect(ofCard).toMatchObject({
      open_count: 2,
      book_balance: money('1300.25', 'USD'),
      latest_statement: { date: '2026-03-28', balance: money('1300.75', 'USD') },
    });
    expect(ofCard?.open_difference).toEqual(money('0.25', 'USD'));
    expect(rows.find((row) => row.wallet_id === idle.id)).toMatchObject({
      open_count: 0,
      latest_statement: null,
      open_difference: money('0', 'USD'),
    });
  });
});

describe('demo', { timeout: DB_TIMEOUT }, () => {
  it('seeds an approved correction with its transaction, an open one with a difference, and a reversed pair on the card wallets', async () => {
    const db = await freshDatabase([createFinanceServerPlugin()]);
    try {
      expect(await seedFinanceDemo(db, await demoContext(db, [createFinanceServerPlugin()]))).toBe(true);
      const { rows } = await db.query<{
        wallet: string;
        status: string;
        difference: string;
        booked: boolean;
        reverses: boolean;
      }>(
        `SELECT w.name AS wallet, c.status, trim_scale(c.difference)::text AS difference, c.transaction_id IS NOT NULL AS booked, c.reverses_id IS NOT NULL AS reverses
           FROM finance.card_corrections c JOIN finance.wallets w ON w.id = c.wallet_id ORDER BY c.id`,
      );
      expect(rows).toEqual([
        { wallet: 'RUB card', status: 'approved', difference: '-149.5', booked: true, reverses: false },
        { wallet: 'Operations EUR', status: 'reversed', difference: '45', booked: true, reverses: false },
        { wallet: 'Operations EUR', status: 'approved', difference: '-45', booked: true, reverses: true },
        { wallet: 'RUB card', status: 'open', difference: '-2350', booked: false, reverses: false },
      ]);
    } finally {
      await db.close();
    }
  });
});
