import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { defineServerPlugin, type Jobs } from '@core/sdk/server';
import { bearer, DB_TIMEOUT, freshDatabase, mintToken, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer } from '@core/server/api-server';
import type { Database } from '@core/server/database/database';
import type { PluginManifest } from '@core/shared/manifest';
import { until } from '../jobs/support';

/*
 * GET /metrics for the bearer of the metrics token (404 to anyone else), and a
 * request id on every response, every error body and every log line of the request.
 */

const TOKEN = 'metrics-token-for-the-test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const manifest: PluginManifest = {
  id: 'faulty',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'faulty:title',
  service: 'faulty',
  dependencies: [],
  namespaces: ['faulty'],
  pages: [],
};

let jobs!: Jobs;

/** A route that fails as a bug would (a 500 whose log line must lead back to the caller's report), and a job that fails. */
const faulty = defineServerPlugin({
  manifest,
  migrations: [],
  register(app, context) {
    app.get('/broken', { config: { access: { public: true } } }, async () => {
      throw new Error('a bug');
    });
    jobs = context.jobs;
    jobs.define({
      kind: 'faulty.job',
      requires: 'JS',
      maxAttempts: 1,
      run: () => Promise.reject(new Error('a failing job')),
    });
  },
});

let db: Database;
let app: FastifyInstance;

/** A server on `db` as the tests build it: the faulty plugin, logging into `logged`. */
function serve(options: { readonly metricsToken?: string; readonly webRoot?: string } = {}): Promise<FastifyInstance> {
  return createApiServer({
    db,
    secret: TEST_SECRET,
    plugins: [faulty],
    runtimeConfig: TEST_RUNTIME_CONFIG,
    pluginSettings: {},
    webRoot: options.webRoot ?? null,
    logger: { stream: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) } },
    ...options,
  });
}
/** Every JSON line the server logged. */
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  db = await freshDatabase([faulty]);
  app = await serve({ metricsToken: TOKEN });
  await app.ready();
}, DB_TIMEOUT);

afterAll(async () => {
  await app.close();
  await db.close();
});

async function scrape(): Promise<string> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample `name{labels}` in a scrape; 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text
    .split('\n')
    .find(
      (candidate) => candidate.startsWith(`${name}{`) && labels.split(',').every((label) => candidate.includes(label)),
    );
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('answers the 404 of an unknown API path without the token and with a wrong one, and the figures with it', async () => {
    const unknown = await app.inject({ url: '/api/no-such-path' });
    const without = await app.inject({ url: '/metrics' });
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    const staffToken = await app.inject({ url: '/metrics', headers: bearer(mintToken(['JS'])) });
    for (const refused of [without, wrong, staffToken]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ ...unknown.json<object>(), request_id: refused.headers['x-request-id'] });
    }
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE db_statement_duration_seconds histogram');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('admission_queue_length 0');
  });

  it('is a 404 to everyone on a server without a token, never the web app the page fallback serves', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'erp-metrics-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
    const plain = await serve({ webRoot });
    try {
      expect((await plain.inject({ url: '/some/page' })).statusCode).toBe(200);
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await plain.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.', request_id: response.headers['x-request-id'] });
      }
    } finally {
      await plain.close();
      rmSync(webRoot, { recursive: true });
    }
  });

  it('counts a request under its route pattern, never its URL, and times it', async () => {
    const labels = 'route="/api/jobs/:id",status="404"';
    const before = sample(await scrape(), 'http_requests_total', labels);
    const headers = bearer(mintToken([]));
    await app.inject({ url: '/api/jobs/424242', headers });
    await app.inject({ url: '/api/jobs/434343', headers });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', labels)).toBe(before + 2);
    expect(text).not.toContain('424242');
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/jobs/:id"')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_requests_total', 'route="unmatched",status="404"')).toBeGreaterThan(0);
    expect(
      sample(text, 'db_statement_duration_seconds_count', `database="${db.kind}",runner="kernel"`),
    ).toBeGreaterThan(0);
  });

  it('shows the jobs in core.jobs by kind and state, and counts the runs this copy finished', async () => {
    // A kind no copy defines stays queued.
    await db.query(
      `INSERT INTO core.jobs (kind, payload, max_attempts, timeout_ms) VALUES ('nowhere.waiting', '{}', 1, 1000)`,
    );
    const id = await jobs.enqueue(db, 'faulty.job', {});
    await until(async () => (await jobs.find(id))?.state === 'failed', 10_000, 'the job to fail');
    const text = await scrape();
    expect(sample(text, 'jobs', 'kind="nowhere.waiting",state="queued"')).toBe(1);
    expect(sample(text, 'jobs', 'kind="faulty.job",state="failed"')).toBe(1);
    expect(sample(text, 'job_runs_finished_total', 'kind="faulty.job",outcome="failed"')).toBe(1);
  });
});

describe('request ids', () => {
  it('carries the caller’s id in the header, the error body and every log line of a failing request', async () => {
    const response = await app.inject({ url: '/api/faulty/broken', headers: { 'x-request-id': 'abc123' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('abc123');
    expect(response.json()).toEqual({ message: 'Server error.', request_id: 'abc123' });
    const lines = logged.filter((line) => line.reqId === 'abc123');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(lines[1]).toMatchObject({ route: 'GET /api/faulty/broken', error: { message: 'a bug' } });
  });

  it('carries it in the refusals of access as well', async () => {
    const response = await app.inject({ url: '/api/jobs/1', headers: { 'x-request-id': 'req-401.b' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', request_id: 'req-401.b' });
  });

  it('carries it in the refusals Fastify makes before a route is found, in the caller’s language', async () => {
    const badUrl = await app.inject({ url: '/api/jobs/%zz', headers: { 'x-request-id': 'bad-url' } });
    expect([badUrl.statusCode, badUrl.headers['x-request-id']]).toEqual([400, 'bad-url']);
    expect(badUrl.json()).toEqual({ message: 'The request URL is not valid.', request_id: 'bad-url' });
    const longParam = await app.inject({
      url: `/api/jobs/${'7'.repeat(101)}`,
      headers: { 'x-request-id': 'long-param', 'accept-language': 'ru' },
    });
    expect([longParam.statusCode, longParam.headers['x-request-id']]).toEqual([414, 'long-param']);
    expect(longParam.json()).toEqual({ message: 'Адрес запроса слишком длинный.', request_id: 'long-param' });
  });

  it('replaces an id that is long or not a plain token with a generated one', async () => {
    for (const given of ['x'.repeat(65), 'two words', 'a"b', '']) {
      const response = await app.inject({ url: '/api/no-such-route', headers: { 'x-request-id': given } });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(response.json()).toEqual({ message: 'Not found.', request_id: id });
    }
  });

  it('gives a successful answer an id too, and leaves its body alone', async () => {
    const response = await app.inject({ url: '/api/ready' });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.json()).toEqual({ data: { status: 'ready' } });
  });
});
