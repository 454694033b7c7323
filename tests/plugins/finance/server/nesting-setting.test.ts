import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type Database } from '@core/sdk/server';
import admin from '@plugins/admin/server';
import { createFinanceServerPlugin } from '@plugins/finance/server';
import { bearer, buildServer, DB_TIMEOUT, freshDatabase, mintToken } from '@core/sdk/testing';

// The nesting limit set on the admin's system-settings screen is the one the tree enforces.
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const plugins = [admin, createFinanceServerPlugin({ env: {} })];
  db = await freshDatabase(plugins);
  app = await buildServer({ db, plugins });
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await db.close();
});

const asAdmin = bearer(mintToken(['JS', 'FG']));
const add = async (name: string, parent: number | null) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/finance/google-table',
    headers: asAdmin,
    payload: { name_en: name, name_ru: name, spreadsheet_id: 'abc', parent_id: parent },
  });
  return {
    status: response.statusCode,
    id: response.json<{ data?: { id: number } }>().data?.id ?? 0,
    message: response.json<{ message?: string }>().message,
  };
};

describe('the maximum nesting level as a system setting', { timeout: DB_TIMEOUT }, () => {
  it('is listed with its default and, once changed there, limits the tree', async () => {
    const listed = await app.inject({ method: 'GET', url: '/api/auth/system-settings', headers: asAdmin });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json<{ data: { key: string; value?: unknown }[] }>()
        .data.find((entry) => entry.key === 'finance.googleTables.maxNestingLevel'),
    ).toMatchObject({ value: 3 });

    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/system-settings',
      headers: asAdmin,
      payload: { 'finance.googleTables.maxNestingLevel': 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const root = await add('Root', null);
    const child = await add('Child', root.id);
    expect(child.status).toBe(201);
    expect(await add('Grandchild', child.id)).toMatchObject({ status: 422, message: 'Max nesting level is reached' });
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/auth/system-settings',
      headers: asAdmin,
      payload: { 'finance.googleTables.maxNestingLevel': 0 },
    });
    expect(refused.statusCode).toBe(422);
  });
});
