/**
 * The server test kit's calls and jobs: a caller sends the headers a browser sends, and
 * `jobs.settle()` waits for the server's background jobs or names those still pending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginManifest } from '@core/sdk/shared';
import { defineServerPlugin } from '@core/sdk/server';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';

const manifest: PluginManifest = {
  id: 'probe',
  version: '1.0.0',
  sdk: '^1.0.0',
  titleKey: 'probe:title',
  service: 'system',
  dependencies: [],
  namespaces: ['probe'],
  pages: [],
  permissions: [{ code: 'PB', area: 'other', description: { en: 'Probe', ru: 'Зонд' } }],
};

/** Holds every `probe.held` job until the test lets them go. */
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));

const probe = defineServerPlugin({
  manifest,
  migrations: [],
  register(app, { jobs, db }) {
    const quick = jobs.define<null>({ kind: 'probe.quick', requires: 'PB', run: () => new Promise((resolve) => setTimeout(resolve, 30)) });
    const waiting = jobs.define<null>({ kind: 'probe.held', requires: 'PB', run: () => held });
    const echo = async (request: { headers: Record<string, unknown>; body?: unknown }) => ({
      language: request.headers['accept-language'] ?? null,
      zone: request.headers['x-time-zone'] ?? null,
      body: request.body ?? null,
    });
    const access = { config: { access: { requires: 'PB' } } };
    app.get('/probe/echo', access, echo);
    app.post('/probe/echo', access, echo);
    app.delete('/probe/echo', access, echo);
    app.post('/probe/jobs', access, async (request) => {
      const { kind } = request.body as { kind: 'quick' | 'held' };
      const ids = [];
      for (let n = 0; n < 3; n += 1) ids.push(await (kind === 'quick' ? quick : waiting).enqueue(db, null));
      return { ids };
    });
  },
});

describe('the server test kit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [probe] });
  }, DB_TIMEOUT);
  afterAll(async () => {
    release();
    await app.close();
  });

  const states = async (ids: readonly number[]): Promise<string[]> =>
    (await app.db.query<{ state: string }>('SELECT state FROM core.jobs WHERE id = ANY($1::bigint[]) ORDER BY id', [[...ids]])).rows.map((row) => row.state);

  it('sends the headers a call is given, beside the bearer token', async () => {
    const headers = { 'accept-language': 'ru', 'x-time-zone': 'Europe/Moscow' };
    expect((await app.as(['PB']).get('/api/system/probe/echo', { headers })).json()).toEqual({ language: 'ru', zone: 'Europe/Moscow', body: null });
    expect((await app.as(['PB']).post('/api/system/probe/echo', { n: 1 }, { headers })).json()).toEqual({ language: 'ru', zone: 'Europe/Moscow', body: { n: 1 } });
    expect((await app.as(['PB']).delete('/api/system/probe/echo', { headers })).json()).toMatchObject({ language: 'ru' });
    expect((await app.as(['PB']).get('/api/system/probe/echo')).json()).toMatchObject({ language: null, zone: null });
    expect((await app.as(['PB']).get('/api/system/probe/echo', { headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('waits until the jobs a request enqueued have run', async () => {
    const { ids } = (await app.as(['PB']).post('/api/system/probe/jobs', { kind: 'quick' })).json<{ ids: number[] }>();
    await app.jobs.settle();
    expect(await states(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('fails after its timeout naming the kinds still pending, and settles once they finish', async () => {
    const { ids } = (await app.as(['PB']).post('/api/system/probe/jobs', { kind: 'held' })).json<{ ids: number[] }>();
    // The runner runs one job at a time: the first holds it, the other two wait.
    await expect(app.jobs.settle({ timeoutMs: 300 })).rejects.toThrow('jobs still pending after 300 ms: probe.held (2 queued, 1 running)');
    release();
    await app.jobs.settle();
    expect(await states(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});
