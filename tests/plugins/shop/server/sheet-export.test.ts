import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin } from '@core/sdk/server';
import { SPREADSHEETS, type AppendResult, type SpreadsheetCell } from '@plugins/finance/server/services';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from './shop-support';

/** A team's orders to its Google sheet, through the connection another plugin provides (`finance.spreadsheets`). */

interface Append {
  readonly spreadsheetId: string;
  readonly sheet: string;
  readonly rows: readonly (readonly SpreadsheetCell[])[];
}
const appended: Append[] = [];

/** Stands in for finance's Google Sheets connection, keeping what it is given. */
const sheetsProvider = defineServerPlugin({
  manifest: {
    id: 'sheets-probe',
    version: '0.0.1',
    sdk: '^1.3.0',
    titleKey: 'probe:title',
    service: 'sheets-probe',
    dependencies: [],
    namespaces: ['probe'],
    pages: [],
    permissions: [],
  },
  migrations: [],
  services: { provides: [SPREADSHEETS] },
  register(_app, context) {
    context.provide(SPREADSHEETS, {
      async append(spreadsheetId, sheet, rows): Promise<AppendResult> {
        appended.push({ spreadsheetId, sheet, rows });
        return { updatedRange: `${sheet}!A1:L${rows.length}`, updatedRows: rows.length };
      },
    });
  },
});

const SHEET_KEY = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
let t: ShopTestApp;
let team: number;
let product: number;

beforeAll(async () => {
  t = await shopApp({ others: [sheetsProvider] });
  const category = await t.create('categories', { name: 'Accounts', format: 'login:password' });
  product = await t.create('products', {
    name: 'Farm account',
    price: { amount: '12.50', currency: 'USD' },
    category,
    status: 'active',
    type: 'ad-account',
  });
  team = await t.create('teams', { name: 'Alpha', timezone: 'UTC', sheet_key: SHEET_KEY });
}, DB_TIMEOUT);
afterAll(() => t.close());

const exportSheet = (id: number, codes = SHOP_CODES, body?: unknown) =>
  t.shop(codes, 'POST', `teams/${id}/export-sheet`, body);
const order = (quantity: number) => t.create('orders', { team, product, quantity, user: 1 });

describe('exporting a team’s orders to its sheet', () => {
  it('appends a header and the orders the first time, then only the orders added since', async () => {
    const first = await order(2);
    await order(3);
    const answer = await exportSheet(team);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(appended).toHaveLength(1);
    const [header, ...rows] = appended[0]?.rows ?? [];
    expect(appended[0]?.spreadsheetId).toBe(SHEET_KEY);
    expect(appended[0]?.sheet).toBe('Orders');
    expect(header?.[0]).toBe('Order');
    expect(rows.map((row) => [row[0], row[2], row[3], row[5], row[6]])).toEqual([
      [first, 'Farm account', 2, '25.00', 'USD'],
      [first + 1, 'Farm account', 3, '37.50', 'USD'],
    ]);
    const record = answer.json<{ data: { sheet_exported_through: number; sheet_exported_at: string } }>().data;
    expect(record.sheet_exported_through).toBe(first + 1);

    const third = await order(1);
    expect((await exportSheet(team)).statusCode).toBe(200);
    expect(appended[1]?.rows.map((row) => row[0])).toEqual([third]);
    // Nothing new: nothing appended.
    expect((await exportSheet(team)).statusCode).toBe(200);
    expect(appended).toHaveLength(2);
    // The export is in the team's history.
    const history = await t.shop(SHOP_CODES, 'GET', `teams/${team}/history`);
    expect(history.body).toContain('export-sheet');
  });

  it('asks for the sheet key first, refuses a body, and needs SO', async () => {
    const bare = await t.create('teams', { name: 'No sheet', timezone: 'UTC' });
    const refused = await exportSheet(bare);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ sheet_key: ["Set the team's sheet key first."] });
    expect((await exportSheet(team, SHOP_CODES, { rows: 5 })).statusCode).toBe(422);
    expect((await exportSheet(team, ['SC', 'SP', 'SQ', 'SM', 'SS', 'SR'])).statusCode).toBe(403);
    expect((await exportSheet(987654)).statusCode).toBe(404);
  });

  it('says it is unavailable while no plugin provides spreadsheets (finance off), in en and ru', {
    timeout: DB_TIMEOUT,
  }, async () => {
    const alone = await shopApp();
    try {
      const teamId = (
        await alone.shop(SHOP_CODES, 'POST', 'teams', { name: 'Beta', timezone: 'UTC', sheet_key: SHEET_KEY })
      ).json<{ data: { id: number } }>().data.id;
      const answer = await alone.shop(SHOP_CODES, 'POST', `teams/${teamId}/export-sheet`);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toBe(
        'Spreadsheet export is unavailable: it needs the finance plugin, which holds the Google Sheets connection.',
      );
      const russian = await alone.shop(SHOP_CODES, 'POST', `teams/${teamId}/export-sheet`, undefined, 1, {
        'accept-language': 'ru',
      });
      expect(russian.json().message).toBe(
        'Выгрузка в таблицы недоступна: нужен плагин финансов, в котором настроено подключение к Google Таблицам.',
      );
    } finally {
      await alone.close();
    }
  });
});
