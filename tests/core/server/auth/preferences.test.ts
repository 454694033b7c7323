import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { MAX_SAVED_VIEWS, type SavedListViews } from '@core/shared/preferences';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import {
  addUser,
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  mintToken,
} from '../../../support/server/test-database';

/*
 * Per-user preferences: the dashboard's layout and each list's saved views, kept on the server for
 * the signed-in user only, in a strict shape.
 */

const finance = AVAILABLE_SERVER_PLUGINS.find((plugin) => plugin.manifest.id === 'finance');
if (!finance) throw new Error('the finance plugin is not available');
const transactions = finance.resources?.find(
  (definition) => definition.id === 'finance.transactions',
) as ResourceDefinition;
const readCode = typeof transactions.access.read === 'string' ? transactions.access.read : null;
if (!readCode) throw new Error('finance.transactions reads by one code');

let db: Database;
let app: FastifyInstance;
let first: number;
let second: number;
beforeAll(async () => {
  db = await freshDatabase();
  app = await buildServer({ db, plugins: [finance] });
  first = await addUser(db, { username: 'prefs-one', email: 'prefs-one@example.com', password: 'password-one-1' });
  second = await addUser(db, { username: 'prefs-two', email: 'prefs-two@example.com', password: 'password-two-1' });
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await db.close();
});

function as(sub: number, codes: readonly string[] = [readCode as string], language = 'en') {
  const headers = { ...bearer(mintToken(codes, { sub })), 'accept-language': language };
  return (method: 'GET' | 'PUT' | 'DELETE', key: string, payload?: unknown) => {
    const options: InjectOptions = { method, url: `/api/auth/preferences/${key}`, headers };
    return app.inject(payload === undefined ? options : { ...options, payload: payload as object });
  };
}

const VIEWS: SavedListViews = {
  views: [
    {
      name: 'Unpaid this month',
      params: { 'filter[date_plan][preset]': 'this_month', sort: '-date_plan' },
      columns: ['date_plan', 'amount'],
    },
  ],
};

describe('dashboard layout', () => {
  it('is null until saved, then follows the user and nobody else', async () => {
    const one = as(first);
    expect((await one('GET', 'dashboard')).json()).toEqual({ data: { key: 'dashboard', value: null } });
    const saved = await one('PUT', 'dashboard', {
      value: { order: ['finance.kpi', 'shop.sales'], hidden: ['shop.sales'] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await one('GET', 'dashboard')).json().data.value).toEqual({
      order: ['finance.kpi', 'shop.sales'],
      hidden: ['shop.sales'],
    });
    expect((await as(second)('GET', 'dashboard')).json().data.value).toBeNull();
    expect((await one('DELETE', 'dashboard')).statusCode).toBe(200);
    expect((await one('GET', 'dashboard')).json().data.value).toBeNull();
  });

  it('refuses a wrong shape with 422, never converting it', async () => {
    const one = as(first, [readCode as string], 'ru');
    for (const value of [
      null,
      [],
      { order: 'x', hidden: [] },
      { order: [1], hidden: [] },
      { order: [], hidden: [], extra: 1 },
      { order: ['a', 'a'], hidden: [] },
    ]) {
      const answer = await one('PUT', 'dashboard', { value });
      expect(answer.statusCode, JSON.stringify(value)).toBe(422);
    }
    expect((await one('PUT', 'dashboard', { value: { order: [1], hidden: [] } })).json().errors).toEqual({
      'value.order.0': ['Значение неверного типа.'],
    });
    expect((await one('PUT', 'dashboard', {})).statusCode).toBe(422);
  });

  it('needs a signed-in caller', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/preferences/dashboard' })).statusCode).toBe(401);
  });
});

describe('saved list views', () => {
  const key = 'list-views.finance.transactions';

  it('keeps named views of a list the caller may read', async () => {
    const one = as(first);
    const saved = await one('PUT', key, { value: { views: [{ ...VIEWS.views[0], name: '  Unpaid this month ' }] } });
    expect(saved.statusCode).toBe(200);
    expect((await one('GET', key)).json().data.value).toEqual(VIEWS);
  });

  it('refuses views of a list the caller may not read, and unknown keys', async () => {
    expect((await as(first, [])('GET', key)).statusCode).toBe(403);
    expect((await as(first, [])('PUT', key, { value: VIEWS })).statusCode).toBe(403);
    expect((await as(first)('GET', 'list-views.nobody.nothing')).statusCode).toBe(404);
    expect((await as(first)('GET', 'theme')).statusCode).toBe(404);
  });

  it('refuses filters the list does not offer, duplicate names and too many views', async () => {
    const one = as(first);
    const view = VIEWS.views[0];
    const bad = [
      { views: [{ ...view, params: { 'filter[nothing][eq]': '1' } }] },
      { views: [{ ...view, params: { page: '2' } }] },
      { views: [{ ...view, params: { sort: 3 } }] },
      { views: [{ ...view, params: { sort: '-nothing' } }] },
      { views: [{ ...view, params: { 'filter[amount][contains]': '1' } }] },
      { views: [{ ...view, params: { 'filter[article_id][preset]': 'this_month' } }] },
      { views: [{ ...view, name: '' }] },
      { views: [{ ...view, columns: ['Robert); DROP'] }] },
      { views: [view, { ...view, name: 'UNPAID THIS MONTH' }] },
      { views: Array.from({ length: MAX_SAVED_VIEWS + 1 }, (_, index) => ({ ...view, name: `v${index}` })) },
    ];
    for (const value of bad)
      expect((await one('PUT', key, { value })).statusCode, JSON.stringify(value).slice(0, 80)).toBe(422);
    expect((await one('GET', key)).json().data.value).toEqual(VIEWS);
  });
});
