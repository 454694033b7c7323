import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { type Database, type JobInfo, type ServerPlugin } from '@core/sdk/server';
import { bearer, buildServer, freshDatabase, mintToken } from '@core/sdk/testing';
import { type PermissionCode } from '@core/sdk/shared';
import { createSystemServerPlugin } from '@plugins/system/server';
import { FakeCloudflare } from './fake-cloudflare';
import { FakeNamecheap } from './fake-namecheap';

/** The system plugin with retries of the domain purchase a few milliseconds apart. */
export const domainsPlugin: ServerPlugin = createSystemServerPlugin({
  domainPurchase: { backoff: { initialMs: 40, factor: 1 }, maxAttempts: 3, timeoutMs: 10_000 },
});

/** Every string a test saw leave the server: bodies of answers and the logger's calls. */
export interface Seen {
  readonly responses: string[];
  readonly logs: string[];
}

export interface DomainTestApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly namecheap: FakeNamecheap;
  readonly cloudflare: FakeCloudflare;
  readonly seen: Seen;
  /** A request to `/api/<path>` as a caller holding exactly `codes`. */
  call(
    codes: readonly PermissionCode[],
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    language?: string,
  ): Promise<LightMyRequestResponse>;
  /** The job once it is in one of `states` (read through GET /api/jobs/:id). */
  settled(jobId: number, states?: readonly JobInfo['state'][]): Promise<JobInfo>;
  close(): Promise<void>;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A logger call as the production logger (pino with Fastify's serializers) writes it: a request as
 * its method, URL, host and address, a reply as its status, an error as name, message and stack.
 */
function logLine(args: readonly unknown[]): string {
  const serialised = args.map((arg) => {
    if (arg instanceof Error) return { name: arg.name, message: arg.message, stack: arg.stack };
    if (typeof arg !== 'object' || arg === null) return arg;
    const fields = { ...(arg as Record<string, unknown>) };
    const req = fields.req as { method?: string; url?: string; host?: string; ip?: string } | undefined;
    if (req) fields.req = { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip };
    const res = fields.res as { statusCode?: number } | undefined;
    if (res) fields.res = { statusCode: res.statusCode };
    if (fields.err instanceof Error)
      fields.err = { name: fields.err.name, message: fields.err.message, stack: fields.err.stack };
    return fields;
  });
  return JSON.stringify(serialised);
}

/** The API server with the domain purchase over a fresh template copy, Namecheap and Cloudflare being local fakes. */
export async function domainApp(): Promise<DomainTestApp> {
  const namecheap = new FakeNamecheap();
  const cloudflare = new FakeCloudflare();
  const [namecheapBase, cloudflareBase] = await Promise.all([namecheap.start(), cloudflare.start()]);
  const db = await freshDatabase([domainsPlugin]);
  const app = await buildServer({
    db,
    plugins: [domainsPlugin],
    pluginSettings: {
      system: { namecheapApiBase: `${namecheapBase}/xml.response`, cloudflareApiBase: `${cloudflareBase}/client/v4` },
    },
    jobs: { pollMs: 20, leaseMs: 2000, abortGraceMs: 200, stopGraceMs: 200 },
  });
  const seen: Seen = { responses: [], logs: [] };
  for (const level of LEVELS) {
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      seen.logs.push(logLine(args));
    });
  }
  const call: DomainTestApp['call'] = async (codes, method, path, payload, language = 'en') => {
    const response = await app.inject({
      method,
      url: `/api/${path}`,
      headers: { ...bearer(mintToken(codes)), 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    seen.responses.push(response.body);
    return response;
  };
  return {
    app,
    db,
    namecheap,
    cloudflare,
    seen,
    call,
    async settled(jobId, states = ['succeeded', 'failed', 'cancelled']) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const job = (await call(['YD'], 'GET', `jobs/${jobId}`)).json<{ data: JobInfo }>().data;
        if (states.includes(job.state)) return job;
        if (Date.now() > deadline)
          throw new Error(`job ${jobId} is still ${job.state} (step ${job.step ?? '-'}, error ${job.error ?? '-'})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await app.close();
      await db.close();
      await Promise.all([namecheap.stop(), cloudflare.stop()]);
    },
  };
}
