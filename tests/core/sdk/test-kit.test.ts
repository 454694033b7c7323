/**
 * The server test kit's calls, jobs and services: a caller sends the headers a browser sends,
 * `jobs.settle()` waits for the server's background jobs or names those still pending, and a
 * test stands in for a service a plugin provides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginManifest } from '@core/sdk/shared';
import { defineServerPlugin, serviceRef, type AuditRecord, type AuditService } from '@core/sdk/server';
import { DB_TIMEOUT, replacing, testApp, type TestApp } from '@core/sdk/testing';

const manifest: PluginManifest = {
  id: 'probe',
  version: '1.0.0',
  sdk: '^2.0.0',
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

interface Greeting {
  text(): string;
}
const GREETING = serviceRef<Greeting>('probe.greeting');

const probe = defineServerPlugin({
  manifest,
  migrations: [],
  services: { provides: [GREETING] },
  register(app, { jobs, db, provide, audit }) {
    provide(GREETING, { text: () => 'Hello from the probe' });
    const quick = jobs.define<null>({
      kind: 'probe.quick',
      requires: 'PB',
      run: () => new Promise((resolve) => setTimeout(resolve, 30)),
    });
    const waiting = jobs.define<null>({ kind: 'probe.held', requires: 'PB', run: () => held });
    const echo = async (request: { headers: Record<string, unknown>; body?: unknown }) => ({
      language: request.headers['accept-language'] ?? null,
      zone: request.headers['x-time-zone'] ?? null,
      body: request.body ?? null,
    });
    const access = { config: { access: { requires: 'PB' } } };
    app.get('/probe/echo', access, echo);
    app.post('/probe/echo', { ...access, schema: { body: { type: 'object' } } }, echo);
    app.delete('/probe/echo', access, echo);
    app.post('/probe/audited', access, async () => {
      await audit.record(db, {
        resource: 'probe.things',
        recordId: 1,
        action: 'update',
        actorId: null,
        before: { n: 1 },
        after: { n: 2 },
      });
      return { done: true };
    });
    const jobsBody = {
      type: 'object',
      required: ['kind'],
      properties: { kind: { enum: ['quick', 'held'] } },
      additionalProperties: false,
    };
    app.post('/probe/jobs', { ...access, schema: { body: jobsBody } }, async (request) => {
      const { kind } = request.body as { kind: 'quick' | 'held' };
      const ids = [];
      for (let n = 0; n < 3; n += 1) ids.push(await (kind === 'quick' ? quick : waiting).enqueue(db, null));
      return { ids };
    });
  },
});

/** Takes the probe's greeting and answers with it. */
const taker = defineServerPlugin({
  manifest: { ...manifest, id: 'taker', titleKey: 'taker:title', namespaces: ['taker'], permissions: [] },
  migrations: [],
  services: { requires: [GREETING] },
  register(app, { service }) {
    const greeting = service(GREETING);
    app.get('/taker/greeting', { config: { access: { requires: 'PB' } } }, async () => ({ text: greeting.text() }));
  },
});

describe('the server test kit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ plugins: [probe, taker] });
  }, DB_TIMEOUT);
  afterAll(async () => {
    release();
    await app.close();
  });

  const states = async (ids: readonly number[]): Promise<string[]> =>
    (
      await app.db.query<{ state: string }>('SELECT state FROM core.jobs WHERE id = ANY($1::bigint[]) ORDER BY id', [
        [...ids],
      ])
    ).rows.map((row) => row.state);

  it('sends the headers a call is given, beside the bearer token', async () => {
    const headers = { 'accept-language': 'ru', 'x-time-zone': 'Europe/Moscow' };
    expect((await app.as(['PB']).get('/api/system/probe/echo', { headers })).json()).toEqual({
      language: 'ru',
      zone: 'Europe/Moscow',
      body: null,
    });
    expect((await app.as(['PB']).post('/api/system/probe/echo', { n: 1 }, { headers })).json()).toEqual({
      language: 'ru',
      zone: 'Europe/Moscow',
      body: { n: 1 },
    });
    expect((await app.as(['PB']).delete('/api/system/probe/echo', { headers })).json()).toMatchObject({
      language: 'ru',
    });
    expect((await app.as(['PB']).get('/api/system/probe/echo')).json()).toMatchObject({ language: null, zone: null });
    expect(
      (await app.as(['PB']).get('/api/system/probe/echo', { headers: { authorization: 'Bearer nonsense' } }))
        .statusCode,
    ).toBe(401);
  });

  it('waits until the jobs a request enqueued have run', async () => {
    const { ids } = (await app.as(['PB']).post('/api/system/probe/jobs', { kind: 'quick' })).json<{ ids: number[] }>();
    await app.jobs.settle();
    expect(await states(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('fails after its timeout naming the kinds still pending, and settles once they finish', async () => {
    const { ids } = (await app.as(['PB']).post('/api/system/probe/jobs', { kind: 'held' })).json<{ ids: number[] }>();
    // The runner runs one job at a time: the first holds it, the other two wait.
    await expect(app.jobs.settle({ timeoutMs: 300 })).rejects.toThrow(
      'jobs still pending after 300 ms: probe.held (2 queued, 1 running)',
    );
    release();
    await app.jobs.settle();
    expect(await states(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('gives the plugins that take a service the test’s stand-in for it', { timeout: DB_TIMEOUT }, async () => {
    expect((await app.as(['PB']).get('/api/system/taker/greeting')).json()).toEqual({ text: 'Hello from the probe' });
    const replaced = await testApp({
      plugins: [probe, taker],
      services: [replacing(GREETING, { text: () => 'Hello from the test' })],
    });
    try {
      expect((await replaced.as(['PB']).get('/api/system/taker/greeting')).json()).toEqual({
        text: 'Hello from the test',
      });
    } finally {
      await replaced.close();
    }
  });

  it('gives every plugin the test’s stand-in for a kernel service', { timeout: DB_TIMEOUT }, async () => {
    const recorded: AuditRecord[] = [];
    const audit: AuditService = { record: async (_tx, entry) => void recorded.push(entry), history: async () => [] };
    const replaced = await testApp({ plugins: [probe, taker], kernel: { audit } });
    try {
      expect((await replaced.as(['PB']).post('/api/system/probe/audited')).statusCode).toBe(200);
      expect(recorded).toEqual([expect.objectContaining({ resource: 'probe.things', recordId: 1, after: { n: 2 } })]);
      expect((await replaced.db.query("SELECT 1 FROM core.audit_log WHERE resource = 'probe.things'")).rows).toEqual(
        [],
      );
    } finally {
      await replaced.close();
    }
  });
});
