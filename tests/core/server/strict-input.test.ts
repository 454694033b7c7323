import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultLogEntry } from '@core/server/http/error-handler';
import { NUL_MESSAGE } from '@core/server/http/text-input';
import admin from '@plugins/admin/server';
import finance from '@plugins/finance/server';
import type { Database } from '@core/server/database/database';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  mintToken,
  TEMPLATE_CODES,
} from '../../support/server/test-database';

// Strict input: a body is taken as sent, ids are canonical, text never holds a NUL.
let db: Database;
let app: FastifyInstance;
const everyCode = () => bearer(mintToken(TEMPLATE_CODES));

beforeAll(async () => {
  db = await freshDatabase();
  app = await buildServer({ db, plugins: [admin, finance] });
}, DB_TIMEOUT);

afterAll(async () => {
  await app.close();
  await db.close();
});

async function count(table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

async function send(method: 'POST' | 'PATCH' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: everyCode(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let day = 0;
/** A fresh day per rate: one rate per currency and day. */
function nextDate(): string {
  day += 1;
  return new Date(Date.UTC(2020, 0, day)).toISOString().slice(0, 10);
}

async function addRate(): Promise<number> {
  const response = await send('POST', '/api/finance/exchange-rates', {
    currency: 'EUR',
    usd_rate: '1.1',
    rate_date: nextDate(),
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`rate not created: ${response.body}`);
  return response.json<{ data: { id: number } }>().data.id;
}

describe('bulk delete takes ids only as a list of JSON integers', () => {
  it.each([
    { ids: [true] },
    { ids: '21' },
    { ids: 24 },
    { ids: ['1'] },
    { ids: [1.5] },
    { ids: [null] },
    { ids: [{}] },
  ])('refuses %j with 422 on ids and deletes nothing', async (body) => {
    await addRate();
    const before = await count('finance.exchange_rates');
    const response = await send('POST', '/api/finance/exchange-rates/bulk-delete', body);
    expect(response.statusCode, response.body).toBe(422);
    expect(
      Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).some((field) =>
        field.startsWith('ids'),
      ),
    ).toBe(true);
    expect(await count('finance.exchange_rates')).toBe(before);
  });

  it('still deletes the record a well-formed list names', async () => {
    const id = await addRate();
    const response = await send('POST', '/api/finance/exchange-rates/bulk-delete', { ids: [id] });
    expect(response.json()).toEqual({ data: { deleted: 1 } });
  });
});

describe('a path id is a canonical positive integer', () => {
  it.each(['+ID', '0ID', '00ID', 'ID.0', 'ID e0', ' ID', '0x1', '-ID', '0', '1e3', 'abc', '%00', '9007199254740993'])(
    'GET /exchange-rates/%s is 404',
    async (written) => {
      const id = await addRate();
      const url = `/api/finance/exchange-rates/${encodeURIComponent(written.replace('ID', String(id))).replace('%2500', '%00')}`;
      const response = await send('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    },
  );

  it('the canonical form addresses the record', async () => {
    const id = await addRate();
    expect((await send('GET', `/api/finance/exchange-rates/${id}`)).statusCode).toBe(200);
  });

  it('auth and admin routes refuse non-canonical ids the same way', async () => {
    for (const url of ['/api/auth/users/+1', '/api/auth/users/01', '/api/auth/roles/1e0/update']) {
      const response = await send(
        url.endsWith('update') ? 'PUT' : 'GET',
        url,
        url.endsWith('update') ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('auth and admin bodies are never coerced', () => {
  const user = {
    username: 'strict-user',
    email: 'strict@example.com',
    password: 'Password-123',
    roles: [] as number[],
  };

  it.each([
    ['tg_user_id', { tg_user_id: '1' }],
    ['roles', { roles: '7' }],
    ['roles.0', { roles: ['1'] }],
    ['manager_id', { manager_id: '1' }],
    ['username', { username: 12345 }],
  ])('POST users with a wrong type in %s is 422 and creates nobody', async (field, change) => {
    const before = await count('core.users');
    const response = await send('POST', '/api/auth/users', { ...user, ...change });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty([field]);
    expect(await count('core.users')).toBe(before);
  });

  it('a role named by a number is refused, not named "1"', async () => {
    const before = await count('core.roles');
    const response = await send('POST', '/api/auth/roles/add', { name: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['name']);
    expect(await count('core.roles')).toBe(before);
  });

  it('permissions granted to a role must be JSON integers', async () => {
    const role = await send('POST', '/api/auth/roles/add', { name: 'Strict role' });
    const id = role.json<{ data: { id: number } }>().data.id;
    const response = await send('POST', `/api/auth/roles/${id}/assign-permissions`, { permissions: ['1'] });
    expect(response.statusCode, response.body).toBe(422);
  });

  it('issue-tracker groups and spreadsheet tables refuse a number for a name', async () => {
    const groups = await count('admin.you_track_groups');
    const group = await send('POST', '/api/auth/you-track/groups', { name: 1 });
    expect(group.statusCode, group.body).toBe(422);
    expect(await count('admin.you_track_groups')).toBe(groups);
    const tables = await count('finance.google_tables');
    const table = await send('POST', '/api/finance/google-table', {
      name_en: 1,
      name_ru: 'Таблица',
      spreadsheet_id: 'abc',
    });
    expect(table.statusCode, table.body).toBe(422);
    expect(await count('finance.google_tables')).toBe(tables);
  });
});

describe('text with a NUL character', () => {
  it.each([
    [
      'POST',
      '/api/auth/users',
      { username: 'ab\u0000c', email: 'nul@example.com', password: 'Password-123', roles: [] },
      'username',
    ],
    [
      'POST',
      '/api/auth/users',
      { username: 'nul-user', email: 'nu\u0000l@example.com', password: 'Password-123', roles: [] },
      'email',
    ],
    ['PATCH', '/api/auth/users/1', { username: 'a\u0000b' }, 'username'],
    ['POST', '/api/auth/roles/add', { name: 'a\u0000b' }, 'name'],
    ['PUT', '/api/auth/roles/1/update', { name: 'a\u0000b' }, 'name'],
    ['POST', '/api/finance/counterparties', { name: 'x\u0000y' }, 'name'],
    ['POST', '/api/finance/counterparties', { ['na\u0000me']: 'x' }, 'na\u0000me'],
  ] as const)('%s %s is a 422 on the field, not a 500', async (method, url, payload, field) => {
    const users = await count('core.users');
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([NUL_MESSAGE]);
    expect(await count('core.users')).toBe(users);
  });

  it('in a list query as well', async () => {
    const response = await send('GET', '/api/finance/counterparties?q=a%00b');
    expect(response.statusCode).toBe(422);
  });

  it('says so in Russian to a Russian caller', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/roles/add',
      headers: { ...everyCode(), 'accept-language': 'ru' },
      payload: { name: 'a\u0000b' },
    });
    expect(response.json<{ errors: Record<string, string[]> }>().errors.name?.[0]).toMatch(/NUL/);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.name?.[0]).not.toBe(NUL_MESSAGE);
  });
});

describe('a fault is logged with its code and route only', () => {
  it('leaves out the statement and its parameters that a driver error carries', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      query: 'INSERT INTO core.users (password_hash) VALUES ($1)',
      params: ['$argon2id$secret-hash'],
      detail: 'Key (email)=(someone@example.com) already exists.',
    }) as unknown as FastifyError;
    const entry = JSON.stringify(faultLogEntry(error, '/api/auth/users', 'POST'));
    expect(entry).toContain('23505');
    expect(entry).toContain('POST /api/auth/users');
    for (const secret of ['secret-hash', 'INSERT INTO', 'someone@example.com']) expect(entry).not.toContain(secret);
  });
});

describe('transport hardening', () => {
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'erp-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      join(webRoot, 'main.0123456789abcdef.js'),
      'console.log(1);\n//# sourceMappingURL=main.0123456789abcdef.js.map',
    );
    writeFileSync(join(webRoot, 'main.0123456789abcdef.js.map'), '{"version":3}');
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('sends HSTS only for requests that arrived over https through a trusted proxy', async () => {
    const behindProxy = await buildServer({ db, trustProxy: 1 });
    try {
      const https = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const http = await behindProxy.inject({ url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
    // An untrusted caller cannot claim https for itself.
    const direct = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('does not serve source maps unless configured, and never answers a missing file with the page', async () => {
    const hidden = await buildServer({ db, webRoot });
    const shown = await buildServer({ db, webRoot, serveSourceMaps: true });
    try {
      expect((await hidden.inject({ url: '/main.0123456789abcdef.js' })).statusCode).toBe(200);
      expect((await hidden.inject({ url: '/main.0123456789abcdef.js.map' })).statusCode).toBe(404);
      expect((await hidden.inject({ url: '/missing.0123456789abcdef.js' })).statusCode).toBe(404);
      expect((await hidden.inject({ url: '/users/5' })).headers['content-type']).toMatch(/text\/html/);
      expect((await shown.inject({ url: '/main.0123456789abcdef.js.map' })).statusCode).toBe(200);
    } finally {
      await hidden.close();
      await shown.close();
    }
  });
});
