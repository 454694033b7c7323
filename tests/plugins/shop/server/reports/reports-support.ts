import type { LightMyRequestResponse } from 'fastify';
import type { ReportSummary } from '@plugins/shop/shared/reports';
import { bearer, mintToken } from '@core/sdk/testing';
import { SHOP_CODES, type ShopTestApp } from '../shop-support';

/** What the reports' tests stock the shop with: two teams, a category and a product, by name and id. */
export interface ReportFixtures {
  readonly alpha: number;
  readonly beta: number;
  readonly category: number;
  readonly product: number;
}

export async function reportFixtures(t: ShopTestApp): Promise<ReportFixtures> {
  const category = await t.create('categories', { name: 'Accounts', format: 'login:password' });
  const product = await t.create('products', {
    name: 'Farm account',
    price: { amount: '12.50', currency: 'USD' },
    category,
    status: 'active',
    type: 'ad-account',
  });
  const alpha = await t.create('teams', { name: 'Alpha', timezone: 'UTC' });
  const beta = await t.create('teams', { name: 'Beta', timezone: 'UTC' });
  return { alpha, beta, category, product };
}

export const importCsv = (t: ShopTestApp, csv: string, codes = SHOP_CODES) =>
  t.shop(codes, 'POST', 'reports/import', { csv });
export const loadRows = (t: ShopTestApp, rows: unknown, codes = SHOP_CODES) =>
  t.shop(codes, 'POST', 'reports/rows', { rows });

/** A row in the resource's JSON shape. */
export const row = (ads: string, day: string, spent: string, values: Readonly<Record<string, unknown>> = {}) => ({
  ads_account_id: ads,
  report_date: day,
  status: 'active',
  spent_usd: { amount: spent, currency: 'USD' },
  ...values,
});

export async function summary(t: ShopTestApp, query = ''): Promise<ReportSummary> {
  const answer = await t.shop(['SR'], 'GET', `reports/summary${query}`);
  if (answer.statusCode !== 200) throw new Error(`summary: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ data: ReportSummary }>().data;
}

/** The live report rows as the list answers them (secrets masked). */
export async function listed(t: ShopTestApp, query = ''): Promise<Record<string, unknown>[]> {
  const answer = await t.shop(['SR'], 'GET', `reports?per_page=100${query}`);
  if (answer.statusCode !== 200) throw new Error(`list: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ data: { data: Record<string, unknown>[] } }>().data.data;
}

/** A request in Russian (Accept-Language), as a holder of SR. */
export function inRussian(
  t: ShopTestApp,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/shop/${path}`,
    headers: { ...bearer(mintToken(['SR'])), 'accept-language': 'ru' },
    ...(payload ? { payload } : {}),
  });
}

export const errorsOf = (answer: LightMyRequestResponse) =>
  answer.json<{ message: string; errors: Record<string, string[]> }>();
