import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import { bearer, catalogueCodes, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { ALL_FINANCE, create, importRates, money, read, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;
let usdWallet: Row;
let eurWallet: Row;
let income: Row;
let expense: Row;

beforeAll(async () => {
  t = await financeApp();
  usdWallet = await create(t, 'wallets', { name: 'Main USD', currency: 'USD' });
  eurWallet = await create(t, 'wallets', { name: 'Ops EUR', currency: 'EUR' });
  income = await create(t, 'articles', { name: 'Payouts', direction: 'income' });
  expense = await create(t, 'articles', { name: 'Ad spend', direction: 'expense' });
  await importRates(t, 'currency,date,rate\nEUR,2026-01-10,1.1\nEUR,2026-01-20,1.2\n');
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const balanceOf = async (wallet: Row): Promise<Money> => (await read(t, `wallets/${wallet.id}`)).balance as Money;
type Money = { amount: string; currency: string };

describe('transactions', { timeout: DB_TIMEOUT }, () => {
  it('keeps decimals exact: 0.1 + 0.2 is 0.3, and 2 to 8 decimals round-trip unchanged', async () => {
    const row = await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: usdWallet.id,
      article_id: income.id,
      amount: money('0.1', 'USD'),
      commission: money('0.2', 'USD'),
    });
    expect(row).toMatchObject({
      summary: money('0.3', 'USD'),
      amount_usd: money('0.1', 'USD'),
      commission_usd: money('0.2', 'USD'),
      summary_usd: money('0.3', 'USD'),
    });
    for (const amount of [
      '12.34',
      '1234567.891',
      '0.0001',
      '98765.43210',
      '1.123456',
      '7.1234567',
      '0.12345678',
      '123456789012.12345678',
    ]) {
      const created = await create(t, 'transactions', {
        date_fact: '2026-01-15',
        wallet_id: usdWallet.id,
        article_id: income.id,
        amount: money(amount, 'USD'),
      });
      const stored = await read(t, `transactions/${created.id}`);
      expect((stored.amount as Money).amount).toBe(amount.replace(/0+$/, ''));
      expect(stored.amount_usd).toEqual(stored.amount);
    }
  });

  it('computes dollars from the rate of the latest date on or before the fact date', async () => {
    const before = await create(t, 'transactions', {
      date_fact: '2026-01-19',
      wallet_id: eurWallet.id,
      article_id: income.id,
      amount: money('100', 'EUR'),
      commission: money('0.5', 'EUR'),
    });
    expect(before).toMatchObject({
      amount_usd: money('110', 'USD'),
      commission_usd: money('0.55', 'USD'),
      summary: money('100.5', 'EUR'),
      summary_usd: money('110.55', 'USD'),
    });
    const on = await create(t, 'transactions', {
      date_fact: '2026-01-20',
      wallet_id: eurWallet.id,
      article_id: income.id,
      amount: money('100', 'EUR'),
    });
    expect(on).toMatchObject({
      amount_usd: money('120', 'USD'),
      commission: money('0', 'EUR'),
      commission_usd: money('0', 'USD'),
    });
    // Moving the fact date recomputes the dollars.
    const moved = await t.call(ALL_FINANCE, 'PATCH', `transactions/${before.id}`, {
      version: before.version,
      date_fact: '2026-02-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: Row }>().data).toMatchObject({
      amount_usd: money('120', 'USD'),
      summary_usd: money('120.6', 'USD'),
    });
  });

  it('refuses a missing rate with 422 naming the currency and the date, and another currency than the wallet’s', async () => {
    const missing = await t.call(ALL_FINANCE, 'POST', 'transactions', {
      date_fact: '2026-01-05',
      wallet_id: eurWallet.id,
      article_id: income.id,
      amount: money('1', 'EUR'),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.date_fact?.[0]).toContain('EUR');
    expect(missing.json<{ message: string }>().message).toBe(
      'There is no EUR exchange rate on or before 01/05/26: add one on the exchange rates screen.',
    );
    // A Russian reader gets the refusal in Russian, its date in the Russian form.
    const body = { date_fact: '2026-01-05', wallet_id: eurWallet.id, article_id: income.id, amount: money('1', 'EUR') };
    const russian = await t.app.inject({
      method: 'POST',
      url: '/api/finance/transactions',
      headers: { ...bearer(mintToken(ALL_FINANCE)), 'accept-language': 'ru' },
      payload: body,
    });
    expect(russian.json<{ message: string }>().message).toBe(
      'Нет курса EUR на 05.01.2026 или раньше: добавьте его на экране курсов валют.',
    );
    const wrong = await t.call(ALL_FINANCE, 'POST', 'transactions', {
      date_fact: '2026-01-25',
      wallet_id: eurWallet.id,
      article_id: income.id,
      amount: money('1', 'USD'),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      amount: ["The amount must be in the wallet's currency (EUR)."],
    });
    const typed = await t.call(ALL_FINANCE, 'POST', 'transactions', {
      date_fact: '2026-01-25',
      wallet_id: eurWallet.id,
      article_id: income.id,
      amount: money('1', 'EUR'),
      amount_usd: money('5', 'USD'),
    });
    expect(typed.statusCode).toBe(422);
    expect(Object.keys(typed.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['amount_usd']);
  });

  it('keeps the wallet balance equal to income − expense − commissions through create, edit and delete', async () => {
    const wallet = await create(t, 'wallets', { name: 'Balance USD', currency: 'USD' });
    expect(wallet.balance).toEqual(money('0', 'USD'));
    const a = await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: wallet.id,
      article_id: income.id,
      amount: money('100.10', 'USD'),
      commission: money('0.10', 'USD'),
    });
    const b = await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: wallet.id,
      article_id: expense.id,
      amount: money('30.05', 'USD'),
      commission: money('1', 'USD'),
    });
    expect(await balanceOf(wallet)).toEqual(money('68.95', 'USD'));
    const edited = await t.call(ALL_FINANCE, 'PATCH', `transactions/${b.id}`, {
      version: b.version,
      article_id: income.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await balanceOf(wallet)).toEqual(money('129.05', 'USD'));
    // Moved to another wallet: both balances follow.
    const moved = await t.call(ALL_FINANCE, 'PATCH', `transactions/${a.id}`, {
      version: a.version,
      wallet_id: eurWallet.id,
    });
    expect(moved.statusCode).toBe(422);
    const other = await create(t, 'wallets', { name: 'Second USD', currency: 'USD' });
    const moved2 = await t.call(ALL_FINANCE, 'PATCH', `transactions/${a.id}`, {
      version: a.version,
      wallet_id: other.id,
    });
    expect(moved2.statusCode, moved2.body).toBe(200);
    expect(await balanceOf(wallet)).toEqual(money('29.05', 'USD'));
    expect(await balanceOf(other)).toEqual(money('100', 'USD'));
    expect((await t.call(ALL_FINANCE, 'DELETE', `transactions/${b.id}`)).statusCode).toBe(200);
    expect(await balanceOf(wallet)).toEqual(money('0', 'USD'));
    // An article that changes direction moves every balance it touches.
    const article = await read(t, `articles/${income.id}`);
    const flipped = await t.call(ALL_FINANCE, 'PATCH', `articles/${income.id}`, {
      version: article.version,
      direction: 'expense',
    });
    expect(flipped.statusCode).toBe(200);
    expect(await balanceOf(other)).toEqual(money('-100.2', 'USD'));
    const back = await t.call(ALL_FINANCE, 'PATCH', `articles/${income.id}`, {
      version: article.version + 1,
      direction: 'income',
    });
    expect(back.statusCode).toBe(200);
    expect(await balanceOf(other)).toEqual(money('100', 'USD'));
    // The balance is never typed, and a wallet with transactions keeps its currency.
    const typed = await t.call(ALL_FINANCE, 'PATCH', `wallets/${other.id}`, {
      version: (await read(t, `wallets/${other.id}`)).version,
      balance: money('5', 'USD'),
    });
    expect(typed.statusCode).toBe(422);
    const recurrency = await t.call(ALL_FINANCE, 'PATCH', `wallets/${other.id}`, {
      version: (await read(t, `wallets/${other.id}`)).version,
      currency: 'EUR',
    });
    expect(recurrency.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      currency: ['A wallet with transactions keeps its currency.'],
    });
  });

  it('moves the balance without a version bump or history entry: an edit opened before a posting saves', async () => {
    const wallet = await create(t, 'wallets', { name: 'Open in a dialog', currency: 'USD' });
    const posted = await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: wallet.id,
      article_id: income.id,
      amount: money('12.50', 'USD'),
    });
    expect((await t.call(ALL_FINANCE, 'DELETE', `transactions/${posted.id}`)).statusCode).toBe(200);
    await create(t, 'transactions', {
      date_fact: '2026-01-16',
      wallet_id: wallet.id,
      article_id: expense.id,
      amount: money('2', 'USD'),
    });
    const now = await read(t, `wallets/${wallet.id}`);
    expect([now.version, now.balance]).toEqual([wallet.version, money('-2', 'USD')]);
    const history = await t.call(ALL_FINANCE, 'GET', `wallets/${wallet.id}/history`);
    expect(history.json<{ data: { action: string }[] }>().data.map((entry) => entry.action)).toEqual(['create']);
    const renamed = await t.call(ALL_FINANCE, 'PATCH', `wallets/${wallet.id}`, {
      version: wallet.version,
      name: 'Renamed while posting',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('agrees with its transactions after 50 concurrent inserts', async () => {
    const wallet = await create(t, 'wallets', { name: 'Busy USD', currency: 'USD' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.call(ALL_FINANCE, 'POST', 'transactions', {
          date_fact: '2026-01-15',
          wallet_id: wallet.id,
          article_id: index % 4 === 0 ? expense.id : income.id,
          amount: money(`${index + 1}.${String(index * 7).padStart(2, '0')}`, 'USD'),
          commission: money(index % 5 === 0 ? '0.01' : '0', 'USD'),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const { rows } = await t.db.query<{ sum: string; n: number }>(
      `SELECT trim_scale(sum(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - t.commission))::text AS sum, count(*)::int AS n
         FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = $1`,
      [wallet.id],
    );
    expect(rows[0]?.n).toBe(50);
    expect((await balanceOf(wallet)).amount).toBe(rows[0]?.sum);
  });

  it('answers 403 on every transactions call to a caller without FT, and 401 without a token', async () => {
    const routes = t.app.routeAccessTable.filter(
      (route) => route.url.startsWith('/api/finance/transactions') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const withoutFt = catalogueCodes([createFinanceServerPlugin()]).filter((code) => code !== 'FT');
    for (const route of routes) {
      const url = route.url.replace('/api/finance/', '').replace(/:[a-z_]+/g, '1');
      const response = await t.call(withoutFt, route.method as 'GET', url, route.method === 'GET' ? undefined : {});
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(/:[a-z_]+/g, '1') });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('transaction drafts', { timeout: DB_TIMEOUT }, () => {
  it('computes draft dollars from the draft date and converts a draft once, linking both records', async () => {
    const draft = await create(t, 'transaction-drafts', {
      wallet_id: eurWallet.id,
      amount: money('200', 'EUR'),
      commission: money('2', 'EUR'),
      hash: '0xabc',
      draft_date: '2026-01-12',
    });
    expect(draft).toMatchObject({
      amount_usd: money('220', 'USD'),
      commission_usd: money('2.2', 'USD'),
      transaction_id: null,
    });
    const balance = await balanceOf(eurWallet);

    const converted = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: income.id,
      comment: 'From the bank feed',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    const linked = converted.json<{ data: Row & { transaction: Row } }>().data;
    expect(typeof linked.transaction_id).toBe('number');
    expect(linked.transaction.id).toBe(linked.transaction_id);
    expect(linked.version).toBe(draft.version + 1);
    const transaction = await read(t, `transactions/${String(linked.transaction_id)}`);
    expect(transaction).toMatchObject({
      date_fact: '2026-01-12',
      wallet_id: eurWallet.id,
      amount: money('200', 'EUR'),
      commission: money('2', 'EUR'),
      amount_usd: money('220', 'USD'),
      hash: '0xabc',
      transaction_draft_id: draft.id,
      comment: 'From the bank feed',
    });
    const { rows } = await t.db.query<{ sum: string }>('SELECT trim_scale($1::numeric + 198)::text AS sum', [
      balance.amount,
    ]);
    expect((await balanceOf(eurWallet)).amount).toBe(rows[0]?.sum);

    const again = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: income.id,
    });
    expect(again.statusCode).toBe(409);
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM finance.transactions WHERE transaction_draft_id = $1',
      [draft.id],
    );
    expect(count.rows[0]?.n).toBe(1);
    // A converted draft is no longer edited.
    const edit = await t.call(ALL_FINANCE, 'PATCH', `transaction-drafts/${draft.id}`, {
      version: linked.version,
      hash: '0xdef',
    });
    expect(edit.statusCode).toBe(409);
  });

  it('converts at most once when two requests race, and needs both FF and FT', async () => {
    const draft = await create(t, 'transaction-drafts', {
      wallet_id: usdWallet.id,
      amount: money('5', 'USD'),
      hash: '0xrace',
      draft_date: '2026-01-12',
    });
    const [first, second] = await Promise.all([
      t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, { article_id: income.id }),
      t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, { article_id: income.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(
      (await t.call(['FF'], 'POST', `transaction-drafts/${draft.id}/convert`, { article_id: income.id })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(['FT'], 'POST', `transaction-drafts/${draft.id}/convert`, { article_id: income.id })).statusCode,
    ).toBe(403);
  });

  it('refuses a conversion without an article, with unknown fields, or with a missing rate, and changes nothing', async () => {
    const draft = await create(t, 'transaction-drafts', {
      wallet_id: eurWallet.id,
      amount: money('1', 'EUR'),
      hash: '0xnone',
      draft_date: '2026-01-12',
    });
    const stale = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: income.id,
      version: draft.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const noArticle = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {});
    expect(noArticle.statusCode).toBe(422);
    expect(Object.keys(noArticle.json<{ errors: object }>().errors)).toEqual(['article_id']);
    const extra = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: income.id,
      amount: money('9', 'EUR'),
    });
    expect(extra.statusCode).toBe(422);
    const early = await t.call(['FF', 'FT'], 'POST', `transaction-drafts/${draft.id}/convert`, {
      article_id: income.id,
      date_fact: '2025-12-31',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toContain('EUR');
    expect((await read(t, `transaction-drafts/${draft.id}`)).transaction_id).toBeNull();
    expect(
      (await t.call(['FF', 'FT'], 'POST', 'transaction-drafts/999999/convert', { article_id: income.id })).statusCode,
    ).toBe(404);
  });
});

describe('a wallet open in an edit form while its balance moves', { timeout: DB_TIMEOUT }, () => {
  it('saves at the version it was opened at: the balance is derived, never a version bump', async () => {
    const wallet = await create(t, 'wallets', { name: 'Open USD', currency: 'USD' });
    const opened = await read(t, `wallets/${wallet.id}`);
    await create(t, 'transactions', {
      date_fact: '2026-01-15',
      wallet_id: wallet.id,
      article_id: income.id,
      amount: money('12.5', 'USD'),
    });
    const moved = await read(t, `wallets/${wallet.id}`);
    expect([moved.version, moved.balance]).toEqual([opened.version, money('12.5', 'USD')]);
    const saved = await t.call(ALL_FINANCE, 'PATCH', `wallets/${wallet.id}`, {
      name: 'Open USD, renamed',
      version: opened.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: { version: number; balance: unknown } }>().data).toMatchObject({
      version: opened.version + 1,
      balance: money('12.5', 'USD'),
    });
  });
});
