import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { type Database, type JobInfo, type ServerPlugin } from '@core/sdk/server';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';
import { createSystemServerPlugin } from '@plugins/system/server';

/*
 * The system plugin as server/index.ts wires it, over a fresh template
 * copy, with every logger call captured (to look for secrets in them).
 */

/** The system plugin as the product wires it. */
export function proxiesPlugin(): ServerPlugin {
  return createSystemServerPlugin();
}

export interface ProxiesTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** Every logger call, serialised. */
  readonly logs: string[];
  /** A request to `/api/system/<path>` as a caller holding exactly `codes`. */
  call(
    codes: readonly string[],
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Readonly<Record<string, string>>,
  ): Promise<LightMyRequestResponse>;
  /** Creates through the API as a YP holder; the new record's id, or throws with the answer. */
  create(path: string, values: Readonly<Record<string, unknown>>): Promise<number>;
  /** Waits until the job is finished (succeeded, failed or cancelled) and gives it. */
  finished(job: number): Promise<JobInfo>;
  /** The job's log lines as the API gives them. */
  logLines(job: number): Promise<string>;
  close(): Promise<void>;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** A logger call as the production logger (pino with Fastify's serialisers) writes it: a request as method, URL and host, an error as message and stack. */
function logLine(args: readonly unknown[]): string {
  const error = (value: unknown): unknown =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  return JSON.stringify(
    args.map((arg) => {
      if (typeof arg !== 'object' || arg === null || arg instanceof Error) return error(arg);
      const fields: Record<string, unknown> = { ...(arg as Record<string, unknown>) };
      const req = fields.req as { method?: string; url?: string; host?: string } | undefined;
      if (req) fields.req = { method: req.method, url: req.url, host: req.host };
      const res = fields.res as { statusCode?: number } | undefined;
      if (res) fields.res = { statusCode: res.statusCode };
      fields.err = error(fields.err);
      return fields;
    }),
  );
}

export async function proxiesApp(settings: Readonly<Record<string, unknown>>): Promise<ProxiesTestApp> {
  const db = await freshDatabase([proxiesPlugin()]);
  const app = await buildServer({ db, plugins: [proxiesPlugin()], pluginSettings: { system: settings } });
  const logs: string[] = [];
  for (const level of LEVELS) {
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      logs.push(logLine(args));
    });
  }
  const call: ProxiesTestApp['call'] = (codes, method, path, payload, headers = {}) =>
    app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/system/${path}`,
      headers: { ...bearer(mintToken(codes)), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    app,
    db,
    logs,
    call,
    async create(path, values) {
      const answer = await call(['YP'], 'POST', path, values);
      if (answer.statusCode !== 201) throw new Error(`POST ${path}: ${answer.statusCode} ${answer.body}`);
      return answer.json<{ data: { id: number } }>().data.id;
    },
    async finished(job) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const info = (await call(['YP'], 'GET', `/api/jobs/${job}`)).json<{ data: JobInfo }>().data;
        if (info.state !== 'queued' && info.state !== 'running') return info;
        if (Date.now() > deadline) throw new Error(`job ${job} still ${info.state}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async logLines(job) {
      return (await call(['YP'], 'GET', `/api/jobs/${job}/logs`)).body;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
