import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/sdk/server';
import type { ListPage } from '@core/sdk/shared';
import { bearer, buildServer, DB_TIMEOUT, emptyDatabase, errorBody, freshDatabase, mintToken } from '@core/sdk/testing';
import admin from '@plugins/admin/server';
import type { Article } from '@plugins/admin/shared/article';

const ARTICLES = '/api/auth/articles';
const EDITOR = mintToken(['JA']);

interface Server {
  readonly db: Database;
  readonly app: FastifyInstance;
}

async function openServer(): Promise<Server> {
  const db = await freshDatabase([admin]);
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
    expect(forbidden.json()).toEqual(errorBody('This action is unauthorized.'));
  });

  it('pages newest first in the list envelope, 20 a page by default', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: ListPage<Article> }>();
    expect(Object.keys(data).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total', 'total_exact']);
    expect(data).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(data.data).toHaveLength(20);
    expect(data.data[0]).toMatchObject({
      id: expect.any(Number),
      version: 1,
      url: 'https://example.com/a/25',
      external_id: 'ERP-25',
      created_at: expect.any(String),
    });
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
    expect(data).toEqual({ data: [], current_page: 9, last_page: 2, per_page: 20, total: 25, total_exact: true });
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
    expect(response.json()).toEqual({
      data: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, total_exact: true },
    });
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
    expect(data).toMatchObject({
      id: expect.any(Number),
      version: 1,
      url: 'https://example.com/post/1',
      external_id: 'ERP-321',
      created_at: expect.any(String),
    });
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
      expect(body.errors.url).toEqual(['Enter an http or https address.']);
      expect(body.message).toBe('Enter an http or https address.');
    },
  );

  it('answers 422 on external_id when it is already taken, even with spaces around it or in another case', async () => {
    expect((await create({ url: 'https://example.com/a', external_id: 'ERP-DUP' })).statusCode).toBe(201);
    const before = await count();
    for (const externalId of ['ERP-DUP', '  ERP-DUP  ', 'erp-dup']) {
      const body = expectFieldError(
        await create({ url: 'https://example.com/b', external_id: externalId }),
        'external_id',
      );
      expect(body.errors.external_id).toEqual(['This value is already taken.']);
    }
    expect(await count()).toBe(before);
  });
});

describe('editing and deleting articles', () => {
  let server: Server;
  const send = (method: 'PATCH' | 'DELETE', path: string, payload?: object, token: string | null = EDITOR) =>
    server.app.inject({
      method,
      url: `${ARTICLES}${path}`,
      headers: token === null ? {} : bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const create = async (externalId: string): Promise<Article & { version: number }> => {
    const response = await server.app.inject({
      method: 'POST',
      url: ARTICLES,
      headers: bearer(EDITOR),
      payload: { url: 'https://example.com/a', external_id: externalId },
    });
    return response.json<{ data: Article & { version: number } }>().data;
  };

  beforeAll(async () => {
    server = await openServer();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await closeServer(server);
  });

  it('answers 401 without a token and 403 without JA', async () => {
    const article = await create('ERP-A1');
    expect((await send('PATCH', `/${article.id}`, { url: 'https://example.com/x', version: 1 }, null)).statusCode).toBe(
      401,
    );
    expect((await send('DELETE', `/${article.id}`, undefined, mintToken(['JU', 'JS', 'VR']))).statusCode).toBe(403);
  });

  it('changes only the fields sent, trimmed, on the version it was made on', async () => {
    const article = await create('ERP-E1');
    const response = await send('PATCH', `/${article.id}`, { url: ' https://example.com/edited ', version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Article }>().data).toMatchObject({
      id: article.id,
      external_id: 'ERP-E1',
      url: 'https://example.com/edited',
      version: 2,
    });
    const renamed = await send('PATCH', `/${article.id}`, { external_id: ' ERP-E2 ', version: 2 });
    expect(renamed.json<{ data: Article }>().data).toMatchObject({
      url: 'https://example.com/edited',
      external_id: 'ERP-E2',
      version: 3,
    });
    const stale = await send('PATCH', `/${article.id}`, { url: 'https://example.com/late', version: 2 });
    expect(stale.statusCode).toBe(409);
  });

  it.each([
    ['version', {}],
    ['url', { url: 'ftp://example.com', version: 1 }],
    ['external_id', { external_id: '  ', version: 1 }],
    ['external_id', { external_id: 'x'.repeat(65), version: 1 }],
    ['extra', { extra: 1, version: 1 }],
  ])('answers 422 on %s for %j', async (field, payload) => {
    const article = await create(`ERP-V-${field}-${Object.keys(payload).length}-${Math.random()}`.slice(0, 60));
    expectFieldError(await send('PATCH', `/${article.id}`, payload), field);
  });

  it('answers 422 on external_id when another article holds it, and 404 for an unknown article', async () => {
    await create('ERP-HELD');
    const article = await create('ERP-MINE');
    const body = expectFieldError(
      await send('PATCH', `/${article.id}`, { external_id: 'erp-held', version: 1 }),
      'external_id',
    );
    expect(body.errors.external_id).toEqual(['This value is already taken.']);
    expect((await send('PATCH', '/999999', { url: 'https://example.com/x', version: 1 })).statusCode).toBe(404);
    expect((await send('PATCH', '/abc', { url: 'https://example.com/x', version: 1 })).statusCode).toBe(404);
  });

  it('deletes an article once, keeping its history', async () => {
    const article = await create('ERP-DEL');
    const response = await send('DELETE', `/${article.id}`);
    expect(response.statusCode).toBe(200);
    expect((await send('DELETE', `/${article.id}`)).statusCode).toBe(404);
    const history = await server.app.inject({
      method: 'GET',
      url: `${ARTICLES}/${article.id}/history`,
      headers: bearer(EDITOR),
    });
    expect(
      history
        .json<{ data: { action: string }[] }>()
        .data.map((entry) => entry.action)
        .sort(),
    ).toEqual(['create', 'delete']);
  });
});

describe('articles stored before the engine', () => {
  it(
    'keeps every row when the engine takes the table over, renaming only case-variant duplicates',
    async () => {
      const db = await emptyDatabase();
      try {
        await db.migrate(admin, { before: '0006' });
        await db.query(
          `INSERT INTO admin.articles (url, external_id) VALUES ('https://example.com/1', 'ERP-1'), ('https://example.com/2', 'erp-1'), ('https://example.com/3', 'ERP-3')`,
        );
        await db.migrate(admin);
        await db.syncResourceTables(admin);
        const { rows } = await db.query<{ id: string; external_id: string; version: number }>(
          'SELECT id, external_id, version FROM admin.articles ORDER BY id',
        );
        expect(rows.map((row) => [row.external_id, row.version])).toEqual([
          ['ERP-1', 1],
          [`erp-1-${rows[1]?.id}`, 1],
          ['ERP-3', 1],
        ]);
        await expect(
          db.query(`INSERT INTO admin.articles (url, external_id) VALUES ('https://example.com/4', 'erp-3')`),
        ).rejects.toThrow();
      } finally {
        await db.close();
      }
    },
    DB_TIMEOUT,
  );
});
