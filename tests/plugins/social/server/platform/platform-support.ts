import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { createSocialServerPlugin } from '@plugins/social/server';
import { type Database, type JobInfo, type JobLogLine, type ServerPlugin } from '@core/sdk/server';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';
import { type PermissionCode } from '@core/sdk/shared';
import { FakeGraph } from './fake-graph';

/*
 * The social plugin as server/index.ts wires it, over a fresh template copy; the
 * Graph API is a FakeGraph; rate-limit waits last milliseconds; every logger call is captured.
 */

/**
 * The rate-limit waits' clock: each wait asked for is recorded and ends at once, or, while `held`,
 * when the test calls `release()` (so the job can be seen waiting).
 */
export class WaitClock {
  readonly waits: number[] = [];
  held = false;
  private pending: (() => void)[] = [];

  sleep = (ms: number): Promise<void> => {
    this.waits.push(ms);
    if (!this.held) return Promise.resolve();
    return new Promise((resolve) => this.pending.push(resolve));
  };

  release(): void {
    this.held = false;
    for (const resolve of this.pending.splice(0)) resolve();
  }
}

export const clock = new WaitClock();

/**
 * The adapter's own waits (usage pacing, report-run polls) end at once; `onWait`, when a test sets
 * it, runs inside each one, so it sees the job as it stands between two polls.
 */
export const graphWaits: { onWait: (() => Promise<void>) | null; readonly waits: number[] } = {
  onWait: null,
  waits: [],
};

export const platformPlugin: ServerPlugin = createSocialServerPlugin({
  sync: {
    waits: { initialMs: 1_000, maxMs: 120_000, maxWaits: 3, sleep: clock.sleep },
    backoff: { initialMs: 10, factor: 1 },
    maxAttempts: 2,
  },
  graphSleep: async (ms) => {
    graphWaits.waits.push(ms);
    await graphWaits.onWait?.();
  },
});

/** Every code of the area: a user who may do everything the platform part offers. */
export const ALL_CODES: readonly PermissionCode[] = ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV', 'MC', 'FO'];

export interface PlatformTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly fake: FakeGraph;
  /** Every answer's body and every logger call, to look for tokens in. */
  readonly seen: string[];
  call(
    codes: readonly PermissionCode[],
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    language?: string,
  ): Promise<LightMyRequestResponse>;
  /** Creates through the API with every code; the record's id, or throws with the answer. */
  create(path: string, values: Readonly<Record<string, unknown>>): Promise<number>;
  /** A record as the API gives it. */
  record(path: string): Promise<Record<string, unknown>>;
  /** The job once it is in one of `states`; `watch` sees each step it passes through. */
  settled(job: number, watch?: (job: JobInfo) => void): Promise<JobInfo>;
  logLines(job: number): Promise<string[]>;
  close(): Promise<void>;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** A logger call as the production logger writes it: a request as its method and URL, an error as name, message and stack. */
function logLine(args: readonly unknown[]): string {
  const error = (value: unknown): unknown =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  return JSON.stringify(
    args.map((arg) => {
      if (typeof arg !== 'object' || arg === null || arg instanceof Error) return error(arg);
      const fields: Record<string, unknown> = { ...(arg as Record<string, unknown>) };
      const req = fields.req as { method?: string; url?: string } | undefined;
      if (req) fields.req = { method: req.method, url: req.url };
      fields.err = error(fields.err);
      return fields;
    }),
  );
}

export async function platformApp(fake: FakeGraph): Promise<PlatformTestApp> {
  const base = await fake.start();
  const db = await freshDatabase([platformPlugin]);
  const app = await buildServer({
    db,
    plugins: [platformPlugin],
    pluginSettings: { social: { graphApiBase: base } },
    jobs: { pollMs: 20, leaseMs: 2000, abortGraceMs: 200, stopGraceMs: 200 },
  });
  const seen: string[] = [];
  for (const level of LEVELS) {
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      seen.push(logLine(args));
    });
  }
  const call: PlatformTestApp['call'] = async (codes, method, path, payload, language = 'en') => {
    const response = await app.inject({
      method,
      url: `/api/${path}`,
      headers: { ...bearer(mintToken(codes)), 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    seen.push(JSON.stringify(response.headers), response.body);
    return response;
  };
  const logLines = async (job: number): Promise<string[]> =>
    (await call(['MA'], 'GET', `jobs/${job}/logs?after=0&limit=100`))
      .json<{ data: { lines: JobLogLine[] } }>()
      .data.lines.map((line) => line.message);
  return {
    app,
    db,
    fake,
    seen,
    call,
    async create(path, values) {
      const response = await call(ALL_CODES, 'POST', `social/${path}`, values);
      if (response.statusCode !== 201 && response.statusCode !== 200)
        throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json<{ data: { id: number } }>().data.id;
    },
    async record(path) {
      return (await call(ALL_CODES, 'GET', `social/${path}`)).json<{ data: Record<string, unknown> }>().data;
    },
    async settled(job, watch) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const info = (await call(['MA'], 'GET', `jobs/${job}`)).json<{ data: JobInfo }>().data;
        watch?.(info);
        if (info.state === 'succeeded' || info.state === 'failed' || info.state === 'cancelled') return info;
        if (Date.now() > deadline)
          throw new Error(`job ${job} is still ${info.state} (step ${info.step ?? '-'}, error ${info.error ?? '-'})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    logLines,
    async close() {
      await app.close();
      await db.close();
      await fake.stop();
    },
  };
}
