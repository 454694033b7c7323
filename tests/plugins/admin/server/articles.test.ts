import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import type { ListPage } from '@core/shared/envelopes';
import admin from '@plugins/admin/server';
import type { Article } from '@plugins/admin/shared/article';
import { bearer, buildServer, DB_TIMEOUT, freshDatabase, mintToken } from '../../../support/server/test-database';

const ARTICLES = '/api/auth/articles';
const EDITOR = mintToken(['JA']);

interface Server {
  readonly db: Database;
  readonly app: FastifyInstance;
}

async function openServer(): Promise<Server> {
  const db = await freshDatabase();
  return { db, app: await buildServer({ db, plugins: [admin] }) };
}

async function closeServer(server: Server): Promise<void> {
  await server.app.close();
  await server.db.close();
}

interface ValidationBody {
  readonly message: string;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

function expectFieldError(response: LightMyRequestResponse, field: string): ValidationBody {
  expect(response.statusCode).toBe(422);
  const body = response.json<ValidationBody>();
  expect(Object.keys(body.errors)).toEqual([field]);
  expect(body.errors[field]?.length).toBeGreaterThan(0);
  expect(body.message).toEqual(expect.any(String));
  return body;
}

describe('listing articles', () => {
  let server: Server;
  const list = (query = '', token: string | null = EDITOR) =>
    server.app.inject({ method: 'GET', url: `${ARTICLES}${query}`, headers: token === null ? {} : bearer(token) });

  beforeAll(async () => {
    server = await openServer();
    // 25 articles, ERP-1 the oldest and ERP-25 the newest.
    await server.db.query(
      `INSERT INTO admin.articles (url, external_id, created_at)
       SELECT 'https://example.com/a/' || n, 'ERP-' || n, now() - make_interval(mins => 100 - n) FROM generate_series(1, 25) AS n`,
    );
  }, DB_TIMEOUT);
  afterAll(async () => {
    await closeServer(server);
  });

  it('answers 401 without a token and 403 with a token lacking JA', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    const forbidden = await list('', mintToken(['JU', 'JS', 'JT']));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('pages newest first in the list envelope, 20 a page by default', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: ListPage<Article> }>();
    expect(Object.keys(data).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(data).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(data.data).toHaveLength(20);
    expect(data.data[0]).toEqual({ id: expect.any(Number), url: 'https://example.com/a/25', external_id: 'ERP-25', created_at: expect.any(String) });
    expect(data.data.map((article) => article.external_id).slice(0, 3)).toEqual(['ERP-25', 'ERP-24', 'ERP-23']);
  });

  it('answers the page and page size asked for', async () => {
    const { data } = (await list('?page=2&per_page=10')).json<{ data: ListPage<Article> }>();
    expect(data).toMatchObject({ current_page: 2, last_page: 3, per_page: 10, total: 25 });
    expect(data.data.map((article) => article.external_id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `ERP-${15 - index}`),
    );
    const last = (await list('?page=3&per_page=10')).json<{ data: ListPage<Article> }>().data;
    expect(last.data.map((article) => article.external_id)).toEqual(['ERP-5', 'ERP-4', 'ERP-3', 'ERP-2', 'ERP-1']);
  });

  it('answers an empty page past the last one', async () => {
    const { data } = (await list('?page=9')).json<{ data: ListPage<Article> }>();
    expect(data).toEqual({ data: [], current_page: 9, last_page: 2, per_page: 20, total: 25 });
  });

  it('accepts up to 100 a page', async () => {
    const { data } = (await list('?per_page=100')).json<{ data: ListPage<Article> }>();
    expect(data).toMatchObject({ per_page: 100, last_page: 1 });
    expect(data.data).toHaveLength(25);
  });

  it.each([
    ['per_page', '?per_page=101'],
    ['per_page', '?per_page=0'],
    ['per_page', '?per_page=ten'],
    ['page', '?page=0'],
    ['page', '?page=1.5'],
    // Past any real list: the offset would overflow a SQL bigint.
    ['page', '?page=99999999999999999999'],
  ])('answers 422 on %s for %s', async (field, query) => {
    expectFieldError(await list(query), field);
  });
});

describe('creating articles', () => {
  let server: Server;
  const create = (payload: object, token: string | null = EDITOR) =>
    server.app.inject({ method: 'POST', url: ARTICLES, payload, headers: token === null ? {} : bearer(token) });
  const count = async (): Promise<number> =>
    Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM admin.articles')).rows[0]?.n);

  beforeAll(async () => {
    server = await openServer();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await closeServer(server);
  });

  it('lists nothing on an empty table, with one (empty) page', async () => {
    const response = await server.app.inject({ method: 'GET', url: ARTICLES, headers: bearer(EDITOR) });
    expect(response.json()).toEqual({ data: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 } });
  });

  it('answers 401 without a token and 403 without JA, creating nothing', async () => {
    const payload = { url: 'https://example.com/x', external_id: 'ERP-X' };
    expect((await create(payload, null)).statusCode).toBe(401);
    expect((await create(payload, mintToken(['JU']))).statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('creates an article (201), trimmed, and lists it', async () => {
    const response = await create({ url: '  https://example.com/post/1 ', external_id: ' ERP-321 ' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Article }>();
    expect(data).toEqual({ id: expect.any(Number), url: 'https://example.com/post/1', external_id: 'ERP-321', created_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);

    const listed = await server.app.inject({ method: 'GET', url: ARTICLES, headers: bearer(EDITOR) });
    expect(listed.json<{ data: ListPage<Article> }>().data.data).toEqual([data]);
  });

  it.each([
    ['url', { external_id: 'ERP-1' }],
    ['external_id', { url: 'https://example.com/' }],
    ['url', { url: '', external_id: 'ERP-1' }],
    ['external_id', { url: 'https://example.com/', external_id: '' }],
    ['external_id', { url: 'https://example.com/', external_id: 'x'.repeat(65) }],
    ['extra', { url: 'https://example.com/', external_id: 'ERP-2', extra: 'refused, not dropped' }],
  ])('answers 422 on %s when it is missing or out of bounds', async (field, payload) => {
    const before = await count();
    expectFieldError(await create(payload), field);
    expect(await count()).toBe(before);
  });

  it.each(['ftp://example.com/file', 'javascript:alert(1)', 'not a url', 'example.com/page'])(
    'answers 422 on url for %j, which is not an http(s) address',
    async (url) => {
      const body = expectFieldError(await create({ url, external_id: 'ERP-BAD' }), 'url');
      expect(body.errors.url).toEqual(['The url must be an http or https address.']);
      expect(body.message).toBe('The url must be an http or https address.');
    },
  );

  it('answers 422 on external_id when it is already taken, even with spaces around it', async () => {
    expect((await create({ url: 'https://example.com/a', external_id: 'ERP-DUP' })).statusCode).toBe(201);
    const before = await count();
    for (const externalId of ['ERP-DUP', '  ERP-DUP  ']) {
      const body = expectFieldError(await create({ url: 'https://example.com/b', external_id: externalId }), 'external_id');
      expect(body.errors.external_id).toEqual(['This external id is already taken.']);
    }
    expect(await count()).toBe(before);
  });
});

describe('editing and deleting articles', () => {
  let server: Server;
  const send = (method: 'PATCH' | 'DELETE', path: string, payload?: object, token: string | null = EDITOR) =>
    server.app.inject({ method, url: `${ARTICLES}${path}`, headers: token === null ? {} : bearer(token), ...(payload === undefined ? {} : { payload }) });
  const create = async (externalId: string): Promise<Article> => {
    const response = await server.app.inject({ method: 'POST', url: ARTICLES, headers: bearer(EDITOR), payload: { url: 'https://example.com/a', external_id: externalId } });
    return response.json<{ data: Article }>().data;
  };

  beforeAll(async () => {
    server = await openServer();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await closeServer(server);
  });

  it('answers 401 without a token and 403 without JA', async () => {
    const article = await create('ERP-A1');
    expect((await send('PATCH', `/${article.id}`, { url: 'https://example.com/x' }, null)).statusCode).toBe(401);
    expect((await send('DELETE', `/${article.id}`, undefined, mintToken(['JU', 'JS', 'VR']))).statusCode).toBe(403);
  });

  it('changes only the fields sent, trimmed', async () => {
    const article = await create('ERP-E1');
    const response = await send('PATCH', `/${article.id}`, { url: ' https://example.com/edited ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Article }>().data).toEqual({ ...article, url: 'https://example.com/edited' });
    const renamed = await send('PATCH', `/${article.id}`, { external_id: ' ERP-E2 ' });
    expect(renamed.json<{ data: Article }>().data).toMatchObject({ url: 'https://example.com/edited', external_id: 'ERP-E2' });
  });

  it.each([
    ['body', {}],
    ['url', { url: 'ftp://example.com' }],
    ['external_id', { external_id: '  ' }],
    ['external_id', { external_id: 'x'.repeat(65) }],
    ['extra', { extra: 1 }],
  ])('answers 422 on %s for %j', async (field, payload) => {
    const article = await create(`ERP-V-${field}-${Object.keys(payload).length}-${Math.random()}`.slice(0, 60));
    expectFieldError(await send('PATCH', `/${article.id}`, payload), field);
  });

  it("answers 422 on external_id when another article holds it, and 404 for an unknown article", async () => {
    await create('ERP-HELD');
    const article = await create('ERP-MINE');
    const body = expectFieldError(await send('PATCH', `/${article.id}`, { external_id: 'ERP-HELD' }), 'external_id');
    expect(body.errors.external_id).toEqual(['This external id is already taken.']);
    expect((await send('PATCH', '/999999', { url: 'https://example.com/x' })).statusCode).toBe(404);
    expectFieldError(await send('PATCH', '/abc', { url: 'https://example.com/x' }), 'id');
  });

  it('deletes an article once', async () => {
    const article = await create('ERP-DEL');
    const response = await send('DELETE', `/${article.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Successfully deleted' });
    expect((await send('DELETE', `/${article.id}`)).statusCode).toBe(404);
  });
});
