import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@core/sdk/shared';
import { REPORT_ROWS_MAX } from '@plugins/shop/shared/reports';
import { logLine } from '../../../messenger/server/messenger-support';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';
import {
  errorsOf,
  importCsv,
  inRussian,
  listed,
  loadRows,
  reportFixtures,
  row,
  type ReportFixtures,
} from './reports-support';

/** Loading asset reports: the CSV import and the JSON route, one write path, all rows or none. */

let t: ShopTestApp;
let fx: ReportFixtures;
const SECRET = 'login7:pa55-w0rd:mail@example.com';

beforeAll(async () => {
  t = await shopApp();
  fx = await reportFixtures(t);
}, DB_TIMEOUT);
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts with no reports at all.
  await t.db.query('DELETE FROM shop.reports');
});

const count = async () =>
  Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM shop.reports')).rows[0]?.n);

describe('access', () => {
  it('refuses every reports route without SR, and lets SR in', async () => {
    const csv = 'report_date,ads_account_id,status,spent_usd\n2026-03-01,100,active,1.00';
    expect((await importCsv(t, csv, ['SO'])).statusCode).toBe(403);
    expect((await loadRows(t, [row('100', '2026-03-01', '1.00')], ['SO'])).statusCode).toBe(403);
    expect((await t.shop(['SO'], 'GET', 'reports/summary')).statusCode).toBe(403);
    expect((await t.shop(['SO'], 'GET', 'reports')).statusCode).toBe(403);
    expect((await importCsv(t, csv, ['SR'])).statusCode).toBe(200);
    expect((await t.shop(['SR'], 'GET', 'reports/summary')).statusCode).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe('the CSV import', () => {
  it('stores every line, references by name, e-mail or id, and answers what it created', async () => {
    const csv = [
      'Report_Date,ads_account_id,bm_id,status,disable_reason,spent_usd,vertical,team,product,category,user,data',
      `2026-03-01,1001,55,active,,10.10,Nutra,Alpha,Farm account,Accounts,admin@example.com,${SECRET}`,
      `2026-03-01,1002,,disabled,Policy,0.20,Gambling,${fx.beta},${fx.product},${fx.category},1,`,
      // A quoted cell may hold a comma and a line break; the next line is still counted as the file's line 5.
      '2026-03-02,1003,,limited,,3,"Crypto, EU",,,,,"two\nlines"',
      '2026-03-02,1004,,active,,0,,,,,,',
    ].join('\r\n');
    const answer = await importCsv(t, csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { created: 4, updated: 0 } });
    // Amounts come back canonical, as the engine keeps them.
    const rows = await listed(t, '&sort=ads_account_id');
    expect(
      rows.map((record) => [
        record.ads_account_id,
        record.team,
        record.product,
        record.category,
        record.user,
        record.status,
        record.spent_usd,
        record.vertical,
      ]),
    ).toEqual([
      ['1001', fx.alpha, fx.product, fx.category, 1, 'active', { amount: '10.1', currency: 'USD' }, 'Nutra'],
      ['1002', fx.beta, fx.product, fx.category, 1, 'disabled', { amount: '0.2', currency: 'USD' }, 'Gambling'],
      ['1003', null, null, null, null, 'limited', { amount: '3', currency: 'USD' }, 'Crypto, EU'],
      ['1004', null, null, null, null, 'active', { amount: '0', currency: 'USD' }, null],
    ]);
    expect(rows[0]?.data).toBe(SECRET_MASK);
  });

  it('writes nothing when any line fails, and names each line and column at fault', async () => {
    const csv = [
      'report_date,ads_account_id,status,spent_usd,team,order',
      '2026-03-01,2001,active,1.00,Alpha,',
      '2026-02-30,2002,active,1.00,,',
      '2026-03-01,20x3,paused,-1,Gamma,',
      '2026-03-01,2004,active,1.005,,first',
      '2026-03-01,2005,active',
      '2026-03-01,2006,active,1.00,,999999',
    ].join('\n');
    const answer = await importCsv(t, csv);
    expect(answer.statusCode).toBe(422);
    const { message, errors } = errorsOf(answer);
    expect(message).toBe('Nothing was written: every line must be valid. Fix the lines named and send them again.');
    expect(Object.keys(errors).sort()).toEqual([
      'line.3.report_date',
      'line.4.ads_account_id',
      'line.4.spent_usd',
      'line.4.status',
      'line.4.team',
      'line.5.order',
      'line.5.spent_usd',
      'line.6',
    ]);
    expect(errors['line.4.team']).toEqual(['There is no team named “Gamma”.']);
    expect(errors['line.5.order']).toEqual(['Name an order by its number.']);
    expect(errors['line.6']).toEqual(['The line has 3 cells where the header has 6.']);
    expect(await count()).toBe(0);
    // The lines that read well but point at no record are told too, and still nothing is written.
    const missing = await importCsv(
      t,
      'report_date,ads_account_id,status,spent_usd,order\n2026-03-01,2001,active,1.00,\n2026-03-01,2006,active,1.00,999999',
    );
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(errorsOf(missing).errors)).toEqual(['line.3.order']);
    expect(await count()).toBe(0);
  });

  it('refuses a header it cannot read, an empty file and an unclosed quote', async () => {
    const header = await importCsv(t, 'report_date,ads_account_id,colour,spent_usd,spent_usd\n2026-03-01,1,red,1,1');
    expect(header.statusCode).toBe(422);
    expect(errorsOf(header).errors['line.1']).toEqual([
      'The column colour is not one of the report’s columns.',
      'The column spent_usd appears twice.',
      'The header lacks the column status.',
    ]);
    const empty = await importCsv(t, 'report_date,ads_account_id,status,spent_usd\n\n');
    expect(errorsOf(empty).errors).toEqual({ csv: ['The file has no lines besides its header.'] });
    const open = await importCsv(t, 'report_date,ads_account_id,status,spent_usd\n2026-03-01,1,active,"1');
    expect(errorsOf(open).errors).toEqual({ csv: ['A quoted cell opened on line 2 is never closed.'] });
    expect((await t.shop(SHOP_CODES, 'POST', 'reports/import', { csv: 5 })).statusCode).toBe(422);
    expect((await t.shop(SHOP_CODES, 'POST', 'reports/import', { csv: 'x', extra: 1 })).statusCode).toBe(422);
  });

  it('refuses more than the line limit at once', async () => {
    const lines = Array.from({ length: REPORT_ROWS_MAX + 1 }, (_, at) => `2026-03-01,${at + 1},active,1`);
    const answer = await importCsv(t, ['report_date,ads_account_id,status,spent_usd', ...lines].join('\n'));
    expect(errorsOf(answer).errors).toEqual({ csv: [`Send at most ${REPORT_ROWS_MAX} lines at once.`] });
  });

  it('updates the ads account’s day it holds instead of adding one; columns left out keep their values', async () => {
    await importCsv(
      t,
      `report_date,ads_account_id,status,spent_usd,team,data\n2026-03-01,3001,active,5.00,Alpha,${SECRET}\n2026-03-02,3001,active,6.00,Alpha,`,
    );
    const again = await importCsv(
      t,
      'report_date,ads_account_id,status,disable_reason,spent_usd,data\n2026-03-01,3001,disabled,Spend limit,7.25,\n2026-03-03,3001,active,,1.00,',
    );
    expect(again.json()).toEqual({ data: { created: 1, updated: 1 } });
    const rows = await listed(t, '&sort=report_date');
    expect(
      rows.map((record) => [
        record.report_date,
        record.status,
        record.disable_reason,
        record.spent_usd,
        record.team,
        record.version,
      ]),
    ).toEqual([
      ['2026-03-01', 'disabled', 'Spend limit', { amount: '7.25', currency: 'USD' }, fx.alpha, 2],
      ['2026-03-02', 'active', null, { amount: '6', currency: 'USD' }, fx.alpha, 1],
      ['2026-03-03', 'active', null, { amount: '1', currency: 'USD' }, null, 1],
    ]);
    // A blank data cell kept the stored data.
    const stored = await t.db.query<{ data: string | null }>(
      "SELECT data FROM shop.reports WHERE report_date = '2026-03-01'",
    );
    expect(stored.rows[0]?.data).not.toBeNull();
    // The update is in the record's history, as any engine write.
    const history = await t.shop(['SR'], 'GET', `reports/${String(rows[0]?.id)}/history`);
    expect(history.json<{ data: { action: string }[] }>().data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
  });

  it('refuses one file giving the same ads account and day twice', async () => {
    const answer = await importCsv(
      t,
      'report_date,ads_account_id,status,spent_usd\n2026-03-01,4001,active,1\n2026-03-02,4001,active,1\n2026-03-01,4001,active,2',
    );
    expect(errorsOf(answer).errors).toEqual({
      'line.4.ads_account_id': ['Line 2 already gives this ads account and report date.'],
    });
    expect(await count()).toBe(0);
  });

  it('speaks Russian to a Russian reader', async () => {
    const answer = await inRussian(t, 'POST', 'reports/import', {
      csv: 'report_date,ads_account_id,status,spent_usd,team\n2026-03-01,1,active,1,Gamma',
    });
    const { message, errors } = errorsOf(answer);
    expect(message).toBe(
      'Ничего не записано: все строки должны быть верными. Исправьте указанные строки и отправьте их снова.',
    );
    expect(errors['line.2.team']).toEqual(['Команды с названием «Gamma» нет.']);
  });
});

describe('the JSON route', () => {
  it('stores rows in the resource’s shape and upserts on the ads account’s day', async () => {
    const first = await loadRows(t, [
      row('5001', '2026-03-01', '0.10', { team: fx.alpha, vertical: 'Nutra' }),
      row('5002', '2026-03-01', '0.20'),
    ]);
    expect(first.json()).toEqual({ data: { created: 2, updated: 0 } });
    const second = await loadRows(t, [row('5001', '2026-03-01', '0.15')]);
    expect(second.json()).toEqual({ data: { created: 0, updated: 1 } });
    const rows = await listed(t, '&sort=ads_account_id');
    expect(rows.map((record) => [record.ads_account_id, record.spent_usd, record.team, record.vertical])).toEqual([
      ['5001', { amount: '0.15', currency: 'USD' }, fx.alpha, 'Nutra'],
      ['5002', { amount: '0.2', currency: 'USD' }, null, null],
    ]);
  });

  it('takes JSON types as they are: a wrong type is a 422 naming the row and field, and nothing is written', async () => {
    const answer = await loadRows(t, [
      row('6001', '2026-03-01', '1.00'),
      { ...row('6002', '2026-03-01', '1.00'), spent_usd: 1 },
      { ...row('6003', '2026-03-01', '1.00'), team: String(fx.alpha) },
      { ...row('6004', '2026-03-01', '1.00'), ads_account_id: 6004 },
      { ...row('6005', '2026-03-01', '1.00'), colour: 'red' },
      { ...row('6006', '2026-03-01', '1.00'), order: 999999 },
      row('6001', '2026-03-01', '2.00'),
    ]);
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(errorsOf(answer).errors).sort()).toEqual([
      'rows.1.spent_usd',
      'rows.2.team',
      'rows.3.ads_account_id',
      'rows.4.colour',
      'rows.6.ads_account_id',
    ]);
    expect(errorsOf(answer).errors['rows.6.ads_account_id']).toEqual([
      'Row 0 already gives this ads account and report date.',
    ]);
    expect(await count()).toBe(0);
    for (const body of [
      { rows: 'x' },
      { rows: [] },
      { rows: [5] },
      { rows: [row('1', '2026-03-01', '1')], more: true },
      {},
      { rows: [{ ...row('1', '2026-03-01', '1'), version: 1 }] },
    ]) {
      expect((await t.shop(SHOP_CODES, 'POST', 'reports/rows', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const many = Array.from({ length: REPORT_ROWS_MAX + 1 }, (_, at) => row(String(at + 1), '2026-03-01', '1'));
    expect((await loadRows(t, many)).statusCode).toBe(422);
    expect(await count()).toBe(0);
  });

  it('leaves one row when loads and the engine’s form write the same ads account’s day at once', async () => {
    const answers = await Promise.all([
      loadRows(t, [row('9001', '2026-03-01', '1.00')]),
      loadRows(t, [row('9001', '2026-03-01', '2.00')]),
      importCsv(t, 'report_date,ads_account_id,status,spent_usd\n2026-03-01,9001,active,3.00'),
      t.shop(SHOP_CODES, 'POST', 'reports', row('9001', '2026-03-01', '4.00')),
    ]);
    const loads = answers
      .slice(0, 3)
      .map((answer) => answer.json<{ data: { created: number; updated: number } }>().data);
    const form = answers[3]?.statusCode;
    // The form wins the day only if it goes first; a load never refuses a held day, it updates it.
    expect(loads.reduce((sum, load) => sum + load.created, 0) + (form === 201 ? 1 : 0)).toBe(1);
    expect([201, 409]).toContain(form);
    expect(await count()).toBe(1);
  });

  it('refuses a second report of an ads account’s day through the engine’s own form', async () => {
    await loadRows(t, [row('7001', '2026-03-01', '1.00')]);
    const duplicate = await t.shop(SHOP_CODES, 'POST', 'reports', row('7001', '2026-03-01', '2.00'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toBe(
      'The ads account 7001 already has a report for 03/01/26.',
    );
    expect((await t.shop(SHOP_CODES, 'POST', 'reports', row('7001', '2026-03-02', '2.00'))).statusCode).toBe(201);
  });
});

describe('the asset’s data', () => {
  it('never appears in the list, the export, the load answers or the logs', async () => {
    const csv = `report_date,ads_account_id,status,spent_usd,data\n2026-03-01,8001,active,1.00,${SECRET}\n2026-03-01,8002,paused,1.00,${SECRET}`;
    const refused = await importCsv(t, csv);
    expect(refused.body).not.toContain(SECRET);
    const stored = await loadRows(t, [row('8003', '2026-03-01', '1.00', { data: SECRET })]);
    expect(stored.body).not.toContain(SECRET);
    await importCsv(t, `report_date,ads_account_id,status,spent_usd,data\n2026-03-01,8001,active,1.00,${SECRET}`);
    const list = await t.shop(['SR'], 'GET', 'reports');
    expect(list.body).not.toContain(SECRET);
    const exported = await t.shop(['SR'], 'GET', 'reports/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('8003');
    expect(exported.body).not.toContain(SECRET);
    expect(t.logs.map(logLine).join('\n')).not.toContain('pa55-w0rd');
  });
});
