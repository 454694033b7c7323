import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinanceServerPlugin, seedFinanceDemo } from '@plugins/finance/server';
import { FINANCE_RESOURCES } from '@plugins/finance/shared/finance-resources';
import { catalogueCodes, DB_TIMEOUT, demoContext, requirementCodes, satisfies } from '@core/sdk/testing';
import { ALL_FINANCE, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;

beforeAll(async () => {
  t = await financeApp();
  await seedFinanceDemo(t.db, await demoContext(t.db, [createFinanceServerPlugin()]));
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const EVERY_CODE = catalogueCodes([createFinanceServerPlugin()]);
const financeRoutes = () =>
  t.app.routeAccessTable.filter((route) => route.url.startsWith('/api/finance/') && route.method !== 'HEAD');
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('every finance route', { timeout: DB_TIMEOUT }, () => {
  it('requires a permission code (none is public or open to any signed-in user)', () => {
    const routes = financeRoutes();
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) expect('requires' in route.access, `${route.method} ${route.url}`).toBe(true);
  });

  it('answers 401 without a token and 403 to a caller holding every other code', async () => {
    for (const route of financeRoutes()) {
      if (!('requires' in route.access)) continue;
      const payload = route.method === 'GET' ? undefined : {};
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const required = new Set(requirementCodes(route.access.requires));
      const others = EVERY_CODE.filter((code) => !required.has(code));
      expect(satisfies(new Set(others), route.access.requires)).toBe(false);
      const response = await t.call(
        others,
        route.method as 'GET',
        concrete(route.url).replace('/api/finance/', ''),
        payload,
      );
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('demo data', { timeout: DB_TIMEOUT }, () => {
  it('fills every finance list, with decimal strings for money and rates', async () => {
    for (const definition of FINANCE_RESOURCES) {
      const query = definition.path === 'employees' ? '?status=all' : '';
      const response = await t.call(ALL_FINANCE, 'GET', `${definition.path}${query}`);
      expect(response.statusCode, definition.path).toBe(200);
      expect(response.json<{ data: { total: number } }>().data.total, definition.path).toBeGreaterThan(0);
    }
    const rates = await t.call(ALL_FINANCE, 'GET', 'exchange-rates?per_page=5');
    for (const rate of rates.json<{ data: { data: Row[] } }>().data.data) expect(typeof rate.usd_rate).toBe('string');
    const tables = await t.call(ALL_FINANCE, 'GET', 'google-tables');
    expect(tables.json<{ data: { data: unknown[] } }>().data.data.length).toBeGreaterThanOrEqual(5);
    const month = await t.call(ALL_FINANCE, 'GET', 'dashboard/month');
    expect(month.json<{ data: { income: string } }>().data.income).not.toBe('0');
    const balances = await t.call(ALL_FINANCE, 'GET', 'dashboard/balances');
    expect(balances.json<{ data: { data: unknown[] } }>().data.data.length).toBeGreaterThanOrEqual(5);
  });

  it('bulk-deleting transactions keeps every balance in step', async () => {
    const { rows: picked } = await t.db.query<{ id: number }>(
      'SELECT id::int AS id FROM finance.transactions WHERE transaction_draft_id IS NULL ORDER BY id LIMIT 12',
    );
    const response = await t.call(ALL_FINANCE, 'POST', 'transactions/bulk-delete', {
      ids: picked.map((row) => row.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { deleted: number } }>().data.deleted).toBe(12);
    // A transaction its draft points at is not deleted (409), and nothing else is either.
    const { rows: linked } = await t.db.query<{ id: number }>(
      'SELECT id::int AS id FROM finance.transactions WHERE transaction_draft_id IS NOT NULL LIMIT 1',
    );
    const refused = await t.call(ALL_FINANCE, 'POST', 'transactions/bulk-delete', {
      query: { 'filter[date_fact][gte]': '2000-01-01' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await t.call(ALL_FINANCE, 'GET', `transactions/${linked[0]?.id ?? 0}`)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM finance.wallets w
        WHERE w.balance <> coalesce((SELECT sum(CASE WHEN a.direction = 'income' THEN t.amount ELSE -t.amount END - t.commission)
                                       FROM finance.transactions t JOIN finance.articles a ON a.id = t.article_id WHERE t.wallet_id = w.id), 0)`,
    );
    expect(rows[0]?.bad).toBe(0);
  });
});
