import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportReport, ReportAnswer } from '@plugins/tracker/shared/report';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { trackerApp, type TrackerTestApp } from './tracker-support';

let app: TrackerTestApp;
let tracker: number;
let offer: number;

const HEADER = 'Day,Offer,Country,Clicks,Unique_Clicks,Leads,Sales,Revenue,Cost';

const importCsv = (csv: string, extra: Record<string, unknown> = {}) =>
  app.call(['TR'], 'POST', 'statistics/import', { tracker, csv, ...extra });

async function reportOf(csv: string, extra: Record<string, unknown> = {}): Promise<ImportReport> {
  const answer = await importCsv(csv, extra);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: ImportReport }>().data;
}

beforeAll(async () => {
  app = await trackerApp();
  tracker = await app.create(['TT'], 'trackers', { slug: 'main' });
  const advertiser = await app.create(['TA'], 'advertisers', { name: 'Acme', alias: 'acme' });
  offer = await app.create(['TO'], 'offers', { name: 'Casino', advertiser });
}, DB_TIMEOUT);
afterAll(() => app.close());

it('imports a tracker export, ignores the lines it already holds, and the report reads them', async () => {
  const csv = `${HEADER}\r\n2026-04-01,${offer},DE,1000,800,24,10,480.00,300\r\n2026-04-02,${offer},"FR",500,450,9,3,135.5,200.25\r\n`;
  expect(await reportOf(csv)).toEqual({ lines: 2, imported: 2, updated: 0, duplicates: 0, errors: [] });
  expect(await reportOf(csv)).toEqual({ lines: 2, imported: 0, updated: 0, duplicates: 2, errors: [] });
  const report = await app.call(
    ['TR'],
    'GET',
    `report?from=2026-04-01&to=2026-04-30&group=advertiser&tracker=${tracker}`,
  );
  const data = report.json<{ data: ReportAnswer }>().data;
  expect(data.rows.map((row) => row.keys[0]?.label)).toEqual(['Acme']);
  expect(data.totals).toMatchObject({
    clicks: '1500',
    leads: '33',
    revenue: '615.50',
    cost: '500.25',
    roi: '23.04',
    cr: '2.64',
    epc: '0.4103',
  });
});

it('replaces a day’s numbers with a later export of that day, never counting them twice', async () => {
  const day = (leads: number, revenue: string) =>
    `${HEADER}\n2026-05-01,${offer},DE,100,90,${leads},1,${revenue},10.00`;
  expect(await reportOf(day(2, '40.00'))).toMatchObject({ imported: 1, updated: 0, duplicates: 0 });
  expect(await reportOf(day(3, '60.00'))).toMatchObject({ imported: 0, updated: 1, duplicates: 0 });
  const report = await app.call(['TR'], 'GET', `report?from=2026-05-01&to=2026-05-01&group=day&tracker=${tracker}`);
  expect(report.json<{ data: ReportAnswer }>().data.totals).toMatchObject({
    clicks: '100',
    leads: '3',
    revenue: '60.00',
    epl: '20.0000',
  });
});

it('reports every refused line with its line and column, and imports the others', async () => {
  const csv = [
    HEADER,
    `2026-04-03,${offer},DE,10,5,1,0,1.00,1.00`,
    '2026-02-30,,DE,10,5,1,0,1.00,1.00',
    `2026-04-03,${offer},de,ten,5,1,0,1.001,1.00`,
    `2026-04-03,${offer},DE,10,11,2,3,1.00,1.00`,
    '2026-04-03,999999,DE,10,5,1,0,1.00,1.00',
    '2026-04-03,,DE,10,5',
  ].join('\n');
  const result = await reportOf(csv);
  expect(result).toMatchObject({ lines: 6, imported: 1, updated: 0, duplicates: 0 });
  expect(result.errors.map((error) => [error.line, error.column])).toEqual([
    [3, 'day'],
    [4, 'clicks'],
    [4, 'revenue'],
    [4, 'country'],
    [5, 'unique_clicks'],
    [5, 'sales'],
    [6, 'offer'],
    [7, null],
  ]);
  expect(result.errors[0]?.message).toBe('Not a calendar day (YYYY-MM-DD).');
  expect(result.errors[7]?.message).toBe('The line has 5 cells where the header has 9.');
});

it('names the file’s own lines when a long file comes in parts', async () => {
  const result = await reportOf(`${HEADER}\n2026-04-04,,DE,x,5,1,0,1.00,1.00`, { first_line: 2001 });
  expect(result.errors).toMatchObject([{ line: 2002, column: 'clicks' }]);
});

it('refuses a header without the measures, with unknown or repeated columns', async () => {
  const result = await reportOf('day,clicks,clicks,bananas\n2026-04-04,1,1,1');
  expect(result.imported).toBe(0);
  expect(result.errors.map((error) => error.message)).toEqual([
    'The column clicks appears twice.',
    'The column bananas is not one this import reads.',
    'The header lacks the column unique_clicks.',
    'The header lacks the column leads.',
    'The header lacks the column sales.',
    'The header lacks the column revenue.',
    'The header lacks the column cost.',
  ]);
});

it('tells a Russian caller each line’s problem in Russian', async () => {
  const answer = await app.app.inject({
    method: 'POST',
    url: '/api/tracker/statistics/import',
    headers: { ...bearer(mintToken(['TR'])), 'accept-language': 'ru' },
    payload: { tracker, csv: `${HEADER}\n2026-04-05,,DE,10,11,1,0,1.00,1.00` },
  });
  expect(answer.json<{ data: ImportReport }>().data.errors).toEqual([
    { line: 2, column: 'unique_clicks', message: 'Уникальных кликов не может быть больше, чем кликов.' },
  ]);
});

it.each([
  [{ csv: HEADER }, 'csv'],
  [{ csv: `${HEADER}\n"2026-04-01,1` }, 'csv'],
  [{ csv: `${HEADER}\n2026-04-01,,DE,1,1,0,0,0,0`, tracker: 999999 }, 'tracker'],
  [{ csv: '' }, 'csv'],
  [{ csv: 'x', more: 1 }, 'more'],
])('refuses a file it cannot read (%o) with 422 naming %s', async (body, field) => {
  const answer = await app.call(['TR'], 'POST', 'statistics/import', { tracker, ...body });
  expect(answer.statusCode, answer.body).toBe(422);
  expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors).join(' ')).toContain(field);
});

it('answers 403 without TR', async () => {
  expect((await app.call(['TT', 'TO'], 'POST', 'statistics/import', { tracker, csv: `${HEADER}\n` })).statusCode).toBe(
    403,
  );
});
