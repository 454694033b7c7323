import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { defineServerPlugin, PermanentJobError, type Jobs } from '@core/sdk/server';
import { bearer, DB_TIMEOUT, freshDatabase, mintToken, TEST_RUNTIME_CONFIG, TEST_SECRET } from '@core/sdk/testing';
import { createApiServer } from '@core/server/api-server';
import type { Database } from '@core/server/database/database';
import { formatMessage } from '@core/shared/format-message';
import type { PluginManifest } from '@core/shared/manifest';
import { aborted, until } from './support';

/*
 * /api/jobs: open to signed-in callers, each job guarded by its kind's `requires` (a job the
 * caller may not read is a 404, as one that does not exist), strict parameters.
 */
const manifest: PluginManifest = {
  id: 'lab',
  version: '0.0.1',
  sdk: '^2.0.0',
  titleKey: 'lab:title',
  service: 'lab',
  dependencies: [],
  namespaces: ['lab'],
  pages: [],
};

const REGISTERED = 'Registered: order {order}, {total:money}, until {until:date}.';
const NO_RATE = 'No {currency} rate on or before {day:date}.';
const STARTED = 'Started at {at:dateTime}.';

let jobs!: Jobs;
const lab = defineServerPlugin({
  manifest,
  migrations: [],
  messages: {
    ru: {
      [REGISTERED]: 'Зарегистрировано: заказ {order}, {total}, до {until}.',
      [NO_RATE]: 'Нет курса {currency} на {day} или раньше.',
      [STARTED]: 'Начато {at}.',
    },
  },
  register(_app, context) {
    jobs = context.jobs;
    jobs.define<{ password: string }>({
      kind: 'lab.visible',
      requires: 'LA',
      async run(_job, ctx) {
        await ctx.step('Logging', 40);
        for (let line = 1; line <= 5; line += 1) await ctx.log(`line ${line}`);
        return { ok: true };
      },
    });
    jobs.define({
      kind: 'lab.worded',
      requires: 'LA',
      label: { en: 'Registration', ru: 'Регистрация' },
      maxAttempts: 1,
      async run(_job, ctx) {
        await ctx.log({ key: REGISTERED, params: { order: 'A-7', total: '12803.04 USD', until: '2026-11-29' } });
        await ctx.log('Written as text before 1.11 {order}.', 'warn');
        await ctx.log({ key: STARTED, params: { at: '2026-11-29T12:44:00Z' } });
        throw new PermanentJobError(formatMessage(NO_RATE, { currency: 'EUR', day: '2026-11-01' }));
      },
    });
    jobs.define({ kind: 'lab.guarded', requires: { allOf: ['LA', 'LB'] }, run: () => 'guarded' });
    jobs.schedule({
      id: 'lab.nightly',
      kind: 'lab.guarded',
      cron: '0 2 * * *',
      missed: 'skip',
      label: { en: 'Nightly check', ru: 'Ночная проверка' },
    });
    jobs.define({
      kind: 'lab.waits',
      requires: { anyOf: ['LA', 'LC'] },
      async run(_job, ctx) {
        await ctx.step('Waiting');
        await aborted(ctx.signal);
      },
    });
  },
});

let db: Database;
let app: FastifyInstance;
const ids: Record<string, number> = {};

const as = (codes: string[], method: 'GET' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> =>
  app.inject({ method, url, headers: bearer(mintToken(codes)), ...(payload === undefined ? {} : { payload }) });
const get = (codes: string[], url: string) => as(codes, 'GET', url);

const state = async (id: number): Promise<string | undefined> => (await jobs.find(id))?.state;

beforeAll(async () => {
  db = await freshDatabase([]);
  app = await createApiServer({
    db,
    secret: TEST_SECRET,
    plugins: [lab],
    runtimeConfig: TEST_RUNTIME_CONFIG,
    pluginSettings: {},
    webRoot: null,
    logger: false,
    jobs: { pollMs: 25, leaseMs: 300, stopGraceMs: 200, abortGraceMs: 200 },
  });
  await app.ready();
  ids.visible = await jobs.enqueue(
    db,
    'lab.visible',
    { password: 'hunter2-secret' },
    { subject: 'lab.items:1', createdBy: 1 },
  );
  ids.guarded = await jobs.enqueue(db, 'lab.guarded', {}, { subject: 'lab.items:1' });
  ids.other = await jobs.enqueue(db, 'lab.visible', { password: 'x' }, { subject: 'lab.items:2' });
  ids.worded = await jobs.enqueue(db, 'lab.worded', {});
  await until(
    async () =>
      (await state(ids.visible!)) === 'succeeded' &&
      (await state(ids.guarded!)) === 'succeeded' &&
      (await state(ids.other!)) === 'succeeded' &&
      (await state(ids.worded!)) === 'failed',
  );
}, DB_TIMEOUT);

afterAll(async () => {
  await app.close();
  await db.close();
});

describe('GET /api/jobs/:id', () => {
  it('gives the job’s state, progress, attempts, error and result, never its payload', async () => {
    const response = await get(['LA'], `/api/jobs/${ids.visible}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toMatchObject({
      id: ids.visible,
      kind: 'lab.visible',
      state: 'succeeded',
      step: 'Logging',
      percent: 100,
      attempts: 1,
      error: null,
      result: { ok: true },
      subject: 'lab.items:1',
    });
    expect(data).not.toHaveProperty('payload');
    expect(response.body).not.toContain('hunter2');
  });

  it('answers 404 for a job the caller may not read, as for one that does not exist', async () => {
    expect((await get(['LB'], `/api/jobs/${ids.visible}`)).statusCode).toBe(404);
    expect((await get(['LA'], `/api/jobs/${ids.guarded}`)).statusCode).toBe(404);
    expect((await get(['LA', 'LB'], `/api/jobs/${ids.guarded}`)).statusCode).toBe(200);
    const missing = await get(['LA'], '/api/jobs/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Job not found.' });
  });

  it('answers 401 without a token on every jobs route', async () => {
    for (const [method, url] of [
      ['GET', `/api/jobs/${ids.visible}`],
      ['GET', `/api/jobs/${ids.visible}/logs`],
      ['POST', `/api/jobs/${ids.visible}/cancel`],
      ['GET', '/api/jobs?subject=lab.items:1'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to an id that is not a positive integer, as the kernel does for any path id', async () => {
    for (const id of ['abc', '0', '-1', '01', '1.5', '99999999999999999999']) {
      for (const url of [`/api/jobs/${id}`, `/api/jobs/${id}/logs`])
        expect((await get(['LA'], url)).statusCode, url).toBe(404);
      expect((await as(['LA'], 'POST', `/api/jobs/${id}/cancel`)).statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/jobs/:id/logs', () => {
  it('pages the log lines after a given line', async () => {
    const first = await get(['LA'], `/api/jobs/${ids.visible}/logs?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json<{
      data: {
        lines: { id: number; message: string; level: string }[];
        next_after: number;
        has_more: boolean;
        state: string;
      };
    }>().data;
    expect(page.lines.map((line) => line.message)).toEqual(['line 1', 'line 2']);
    expect(page).toMatchObject({ has_more: true, next_after: page.lines[1]!.id, state: 'succeeded' });
    const rest = (await get(['LA'], `/api/jobs/${ids.visible}/logs?after=${page.next_after}`)).json<{
      data: typeof page;
    }>().data;
    expect(rest.lines.map((line) => line.message)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(rest.has_more).toBe(false);
    const none = (await get(['LA'], `/api/jobs/${ids.visible}/logs?after=${rest.next_after}`)).json<{
      data: typeof page;
    }>().data;
    expect(none).toMatchObject({ lines: [], next_after: rest.next_after, has_more: false });
  });

  it('words a key-and-values line for its reader, dates and amounts in their forms; a line written as text stays as written', async () => {
    const read = async (headers: Record<string, string>) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/jobs/${ids.worded}/logs`,
          headers: { ...bearer(mintToken(['LA'])), ...headers },
        })
      )
        .json<{ data: { lines: { message: string }[] } }>()
        .data.lines.map((line) => line.message);
    expect(await read({ 'accept-language': 'ru-RU,ru;q=0.9', 'x-time-zone': 'Europe/Moscow' })).toEqual([
      'Зарегистрировано: заказ A-7, 12\u00a0803,04\u00a0$, до 29.11.2026.',
      'Written as text before 1.11 {order}.',
      'Начато 29.11.2026, 15:44.',
    ]);
    // No zone named (or one Intl does not know): times in UTC, never a refusal.
    expect(await read({ 'accept-language': 'en-US', 'x-time-zone': 'Mars/Olympus' })).toEqual([
      'Registered: order A-7, $12,803.04, until 11/29/26.',
      'Written as text before 1.11 {order}.',
      'Started at 11/29/26, 12:44 PM.',
    ]);
    // The server's own reading (context.jobs.logs) is in English.
    expect((await jobs.logs(ids.worded!)).map((line) => line.message)[0]).toBe(
      'Registered: order A-7, $12,803.04, until 11/29/26.',
    );
  });

  it('gives a job’s error in the reader’s language', async () => {
    const error = async (language: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/jobs/${ids.worded}`,
          headers: { ...bearer(mintToken(['LA'])), 'accept-language': language },
        })
      ).json<{ data: { error: string } }>().data.error;
    expect(await error('ru')).toBe('Нет курса EUR на 01.11.2026 или раньше.');
    expect(await error('en')).toBe('No EUR rate on or before 11/01/26.');
  });

  it('refuses bad parameters with 422 and unreadable jobs with 404', async () => {
    for (const query of [
      'after=-1',
      'after=abc',
      'after=+1',
      'limit=0',
      'limit=501',
      'limit=1e2',
      'page=1',
      'after=1&after=2',
    ]) {
      expect((await get(['LA'], `/api/jobs/${ids.visible}/logs?${query}`)).statusCode, query).toBe(422);
    }
    expect((await get(['LB'], `/api/jobs/${ids.visible}/logs`)).statusCode).toBe(404);
  });
});

describe('POST /api/jobs/:id/cancel', () => {
  it('cancels a running job its caller may read', async () => {
    const id = await jobs.enqueue(db, 'lab.waits', {}, { subject: 'lab.items:3' });
    await until(async () => (await jobs.find(id))?.step === 'Waiting');
    expect((await as(['LB'], 'POST', `/api/jobs/${id}/cancel`)).statusCode).toBe(404);
    expect((await as(['LC'], 'POST', `/api/jobs/${id}/cancel`, { reason: 'no' })).statusCode).toBe(422);
    const response = await as(['LC'], 'POST', `/api/jobs/${id}/cancel`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toMatchObject({ id, state: 'running', cancel_requested: true });
    await until(async () => (await state(id)) === 'cancelled');
    const again = await as(['LC'], 'POST', `/api/jobs/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'The job has already finished.' });
  });

  it('cancels a queued job at once', async () => {
    const id = await jobs.enqueue(db, 'lab.waits', {}, { runAt: new Date(Date.now() + 60_000) });
    const response = await as(['LA'], 'POST', `/api/jobs/${id}/cancel`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toMatchObject({ id, state: 'cancelled', attempts: 0 });
  });

  it('answers in Russian to a Russian caller', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/jobs/999999',
      headers: { ...bearer(mintToken(['LA'])), 'accept-language': 'ru' },
    });
    expect(response.json()).toMatchObject({ message: 'Задача не найдена.' });
  });
});

describe('POST /api/jobs/:id/retry', () => {
  it('queues a failed job again as a new job of the caller, with the same payload and subject', async () => {
    const response = await as(['LA'], 'POST', `/api/jobs/${ids.worded}/retry`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { id: number; kind: string; created_by: number; label: string } }>();
    expect(data).toMatchObject({ kind: 'lab.worded', created_by: 1, label: 'Registration' });
    expect(data.id).toBeGreaterThan(ids.worded!);
    await until(async () => (await state(data.id)) === 'failed');
    expect((await jobs.find(ids.worded!))?.state).toBe('failed');
  });

  it('refuses a job not failed nor cancelled with 409, one the caller may not read with 404, and a body with 422', async () => {
    const finished = await as(['LA'], 'POST', `/api/jobs/${ids.visible}/retry`);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ message: 'Only a failed or cancelled job can be retried.' });
    expect((await as(['LB'], 'POST', `/api/jobs/${ids.worded}/retry`)).statusCode).toBe(404);
    expect((await as(['LA'], 'POST', `/api/jobs/${ids.worded}/retry`, { again: true })).statusCode).toBe(422);
  });
});

describe('GET /api/jobs/kinds', () => {
  it('names the kinds the caller may read, in their language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/jobs/kinds',
      headers: { ...bearer(mintToken(['LA'])), 'accept-language': 'ru' },
    });
    const kinds = response.json<{ data: { kind: string; label: string | null }[] }>().data;
    expect(kinds).toContainEqual({ kind: 'lab.worded', label: 'Регистрация' });
    expect(kinds).toContainEqual({ kind: 'lab.visible', label: null });
    expect(kinds.map((entry) => entry.kind)).not.toContain('lab.guarded');
    expect((await get(['LA'], '/api/jobs/kinds?kind=x')).statusCode).toBe(422);
  });
});

describe('GET /api/jobs/schedules', () => {
  interface SchedulesBody {
    data: {
      id: string;
      kind: string;
      label: string;
      cron: string | null;
      every_ms: number | null;
      missed: string;
      lag_ms: number;
      declared: boolean;
    }[];
  }

  it('lists the schedules, each named in the reader’s language, to holders of JS only', async () => {
    const read = (language: string) =>
      app.inject({
        method: 'GET',
        url: '/api/jobs/schedules',
        headers: { ...bearer(mintToken(['JS'])), 'accept-language': language },
      });
    const english = await until(async () => {
      const body = (await read('en')).json<SchedulesBody>();
      return body.data.some((schedule) => schedule.id === 'lab.nightly') ? body : undefined;
    });
    expect(english.data.find((schedule) => schedule.id === 'lab.nightly')).toMatchObject({
      kind: 'lab.guarded',
      label: 'Nightly check',
      cron: '0 2 * * *',
      every_ms: null,
      missed: 'skip',
      lag_ms: 0,
      declared: true,
      last_job: null,
      last_run_at: null,
    });
    expect(english.data.find((schedule) => schedule.id === 'core.jobs-retention')).toMatchObject({
      label: 'Old jobs clean-up',
      cron: '30 3 * * *',
    });
    const russian = (await read('ru')).json<SchedulesBody>();
    expect(russian.data.find((schedule) => schedule.id === 'lab.nightly')?.label).toBe('Ночная проверка');
    expect((await get(['LA', 'LB'], '/api/jobs/schedules')).statusCode).toBe(403);
    expect((await get(['JS'], '/api/jobs/schedules?x=1')).statusCode).toBe(422);
  });
});

describe('GET /api/jobs?subject=', () => {
  interface ListBody {
    data: {
      data: { id: number; kind: string }[];
      total: number;
      current_page: number;
      last_page: number;
      per_page: number;
    };
  }
  const list = async (codes: string[], query: string) => {
    const response = await get(codes, `/api/jobs?${query}`);
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json<ListBody>().data : null };
  };

  it('lists the record’s jobs of the kinds the caller may read, newest first', async () => {
    expect((await list(['LA'], 'subject=lab.items:1')).body).toMatchObject({ data: [{ id: ids.visible }], total: 1 });
    const both = (await list(['LA', 'LB'], 'subject=lab.items:1')).body;
    expect(both?.data.map((job) => job.id)).toEqual([ids.guarded, ids.visible]);
    expect((await list(['LA', 'LB'], 'subject=lab.items:1&per_page=1&page=2')).body).toMatchObject({
      data: [{ id: ids.visible }],
      total: 2,
      last_page: 2,
    });
    expect((await list(['LA', 'LB'], 'subject=lab.items:1&kind=lab.guarded')).body?.data.map((job) => job.id)).toEqual([
      ids.guarded,
    ]);
    expect((await list(['LA'], `subject=${encodeURIComponent('lab.items:9')}`)).body).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('lists every job of the kinds the caller may read, by state, with the kind’s label in their language and the starter’s name', async () => {
    const failed = (await get(['LA'], '/api/jobs?state=failed&kind=lab.worded')).json<{
      data: { data: { id: number; state: string; label: string }[] };
    }>().data.data;
    expect(failed.map((job) => job.state)).toEqual(failed.map(() => 'failed'));
    expect(failed.map((job) => job.id)).toContain(ids.worded);
    const russian = await app.inject({
      method: 'GET',
      url: '/api/jobs?kind=lab.worded',
      headers: { ...bearer(mintToken(['LA'])), 'accept-language': 'ru' },
    });
    expect(russian.json<{ data: { data: { label: string }[] } }>().data.data[0]?.label).toBe('Регистрация');
    const { rows } = await db.query<{ username: string }>(`SELECT username FROM core.users WHERE id = 1`);
    const all = (await get(['LA'], '/api/jobs?per_page=100')).json<{
      data: { data: { id: number; created_by_name: string | null; label: string | null }[] };
    }>().data.data;
    expect(all.find((job) => job.id === ids.visible)).toMatchObject({
      created_by_name: rows[0]?.username,
      label: null,
    });
    expect(all.some((job) => job.id === ids.guarded)).toBe(false);
  });

  it('refuses a caller who may read no kind, or not the kind asked for, with 403', async () => {
    expect((await list(['LZ'], 'subject=lab.items:1')).status).toBe(403);
    expect((await list(['LA'], 'subject=lab.items:1&kind=lab.guarded')).status).toBe(403);
  });

  it('refuses bad parameters with 422', async () => {
    for (const query of [
      'subject=',
      'state=done',
      `subject=${'x'.repeat(201)}`,
      'subject=a&kind=lab.unknown',
      'subject=a&extra=1',
      'subject=a&page=0',
      'subject=a&per_page=abc',
    ]) {
      expect((await list(['LA'], query)).status, query).toBe(422);
    }
  });
});
