import { expect } from 'vitest';
import { financeManifest } from '@plugins/finance/manifest';
import type { FinanceTestApp } from './finance-support';

/** Every finance code, for callers the tests do not mean to refuse. */
export const ALL_FINANCE = (financeManifest.permissions ?? []).map((permission) => permission.code);

export interface Money {
  readonly amount: string;
  readonly currency: string;
}

export interface Row {
  readonly id: number;
  readonly version: number;
  readonly [field: string]: unknown;
}

/** POST a record and return it (the test fails on anything but 201). */
export async function create(t: FinanceTestApp, path: string, body: object): Promise<Row> {
  const response = await t.call(ALL_FINANCE, 'POST', path, body);
  expect(response.statusCode, `POST ${path} ${response.body}`).toBe(201);
  return response.json<{ data: Row }>().data;
}

export async function read(t: FinanceTestApp, path: string): Promise<Row> {
  const response = await t.call(ALL_FINANCE, 'GET', path);
  expect(response.statusCode, `GET ${path} ${response.body}`).toBe(200);
  return response.json<{ data: Row }>().data;
}

export async function importRates(t: FinanceTestApp, csv: string): Promise<void> {
  const response = await t.call(ALL_FINANCE, 'POST', 'exchange-rates/import', { csv });
  expect(response.statusCode, response.body).toBe(200);
}

export const money = (amount: string, currency: string): Money => ({ amount, currency });
