import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, QueryResult } from '@core/server/database/database';
import type { PublishedConfig, RuntimeConfig } from '@core/shared/runtime-config';
import admin from '@plugins/admin/server';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  errorBody,
  freshDatabase,
  mintToken,
  TEST_RUNTIME_CONFIG,
  TEST_SECRET,
  unreachableDatabase,
} from '../../support/server/test-database';

const INDEX_HTML = '<!doctype html><title>Test Office</title><div id="root"></div>';
const HASHED_JS = 'console.log("hashed");';

describe('health', () => {
  it('answers 200 with the database kind when the database answers', async () => {
    // A database double that answers every query; the real PGlite answer is covered by start-server.test.ts.
    const queries: string[] = [];
    const answering: Database = {
      ...unreachableDatabase(),
      kind: 'pglite',
      query: async <Row extends object>(sql: string): Promise<QueryResult<Row>> => {
        queries.push(sql);
        return { rows: [], affectedRows: 0 };
      },
    };
    const app = await buildServer({ db: answering });
    // Start-up's own reads (the revocation cache) are not the health check's.
    queries.length = 0;
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
      expect(queries).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database query fails', async () => {
    const app = await buildServer({ db: unreachableDatabase() });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorBody('The database is unreachable.'));
    } finally {
      await app.close();
    }
  });
});

describe('the API without a web root', () => {
  const runtimeConfig: RuntimeConfig = {
    ...TEST_RUNTIME_CONFIG,
    productName: 'Exact Config',
    defaultLanguage: 'ru',
    plugins: [],
    services: { ...TEST_RUNTIME_CONFIG.services, finance: 'https://finance.example.com/api/' },
    extraRefreshUrls: ['https://app.example.org/api/auth/refresh'],
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer({ db: unreachableDatabase(), runtimeConfig });
  });
  afterAll(async () => {
    await app.close();
  });

  it('publishes exactly the runtime config and no manifest (no plugin is enabled) at /config.json, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({ ...runtimeConfig, manifests: [], remotes: {}, pluginServices: {} });
    expect(Object.keys(body).sort()).toEqual(
      [...Object.keys(runtimeConfig), 'manifests', 'remotes', 'pluginServices'].sort(),
    );
    expect(response.body).not.toContain(TEST_SECRET);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing/here', headers: bearer(mintToken([])) });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(errorBody('Not found.'));
    }
  });

  it('answers a page path with a JSON 404 when there is no web app to serve', async () => {
    const response = await app.inject({ method: 'GET', url: '/users/5' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('Not found.'));
  });

  it("mounts no route of a plugin that is not enabled: the admin plugin's articles answer 404", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/articles', headers: bearer(mintToken(['JA'])) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('Not found.'));
  });

  it('sends the security headers, allowing connections to external service origins', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/connect-src 'self' https:\/\/finance\.example\.com https:\/\/app\.example\.org(;|$)/);
  });
});

describe('a plugin that is enabled', () => {
  // A plugin with resources prepares its tables when the server is built, so these need a database.
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
  }, DB_TIMEOUT);
  afterAll(async () => {
    await db.close();
  });

  it('has its manifest published at /config.json, whole: the browser builds its routes and sidebar from it', async () => {
    const app = await buildServer({ db, plugins: [admin] });
    try {
      const body = (await app.inject({ method: 'GET', url: '/config.json' })).json<PublishedConfig>();
      // Plain data: what JSON carried is the manifest the server holds, nothing lost on the way.
      expect(body.manifests).toEqual([admin.manifest]);
    } finally {
      await app.close();
    }
  });

  it('mounts its routes under its service prefix', async () => {
    const app = await buildServer({ db, plugins: [admin] });
    try {
      // The route exists (it demands a token) where it answered 404 without the plugin.
      const response = await app.inject({ method: 'GET', url: '/api/auth/articles' });
      expect(response.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('serving the web app', () => {
  let webRoot: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'erp-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
    writeFileSync(join(webRoot, 'assets', 'main.abcdef1234.js'), HASHED_JS);
    writeFileSync(join(webRoot, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildServer({ db: unreachableDatabase(), webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('lets the browser cache a content-hashed asset for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main.abcdef1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(HASHED_JS);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
  });

  it('makes the browser revalidate an asset whose name carries no hash', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/users/5', '/article?page=2'])(
    'answers the single-page path %s with index.html, uncached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a missing file with 404, not the page: a stale chunk must fail as one', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main.0000000000.js' });
    expect(response.statusCode).toBe(404);
  });

  it('still answers an unknown API path with a JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('Not found.'));
  });

  it('answers a non-GET request for a page path with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/users/5', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('Not found.'));
  });

  it('does not serve files from outside the web root', async () => {
    const response = await app.inject({ method: 'GET', url: '/../package.json' });
    expect(response.body).not.toContain('"dependencies"');
    const encoded = await app.inject({ method: 'GET', url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(encoded.body).not.toContain('root:');
  });
});

describe("a plugin's chunks", () => {
  let webRoot: string;
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
    webRoot = mkdtempSync(join(tmpdir(), 'erp-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
    for (const file of [
      'plugin-admin.abcdef1234.js',
      'plugin-finance.abcdef1234.js',
      'finance-i18n-en.abcdef1234.js',
      'shared.abcdef1234.js',
    ]) {
      writeFileSync(join(webRoot, 'assets', file), HASHED_JS);
    }
    // What the build writes: each plugin's own chunk files; a chunk shared by core or two plugins is in no list.
    const chunks = {
      admin: ['assets/plugin-admin.abcdef1234.js'],
      finance: ['assets/finance-i18n-en.abcdef1234.js', 'assets/plugin-finance.abcdef1234.js'],
    };
    writeFileSync(join(webRoot, 'plugin-chunks.json'), JSON.stringify(chunks));
    app = await buildServer({ db, webRoot, plugins: [admin] });
  }, DB_TIMEOUT);
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('are served for an enabled plugin, as is a chunk no plugin owns alone', async () => {
    for (const url of ['/assets/plugin-admin.abcdef1234.js', '/assets/shared.abcdef1234.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('answer 404 for a plugin that is not enabled', async () => {
    for (const url of ['/assets/plugin-finance.abcdef1234.js', '/assets/finance-i18n-en.abcdef1234.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('hashed');
    }
  });

  it('keeps the list itself unserved', async () => {
    expect((await app.inject({ method: 'GET', url: '/plugin-chunks.json' })).statusCode).toBe(404);
  });
});
