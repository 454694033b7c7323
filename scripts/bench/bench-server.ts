import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import type { ServerPlugin } from '@core/server/plugin';
import { loadConfig } from '@host/server/config';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { startServer, type RunningServer } from '@host/server/start-server';
import { benchServerPlugin } from './bench-server-plugin';

export const ROOT = resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = process.env.ERP_ADMIN_EMAIL || 'bench-admin@example.com';
export const ADMIN_PASSWORD = process.env.ERP_ADMIN_PASSWORD || 'bench-admin-password-42';

/** The product's server plugins and the bench plugin: what the bench server may enable. */
export const BENCH_SERVER_PLUGINS: readonly ServerPlugin[] = [...AVAILABLE_SERVER_PLUGINS, benchServerPlugin];

export interface BenchServerOptions {
  /** PGlite data directory, or … */
  readonly dataDir?: string;
  /** … a postgres:// URL. */
  readonly databaseUrl?: string;
  /** The built web app to serve (the bench build), or null for the API alone. */
  readonly webRoot: string | null;
}

/**
 * The server exactly as host/server/main.ts starts it (startServer: open, migrate, sync resource
 * tables, seed the superadmin, mount the enabled plugins, listen), in this process, with the bench
 * plugin among the available ones and enabled beside admin and finance, on a free loopback port.
 */
export function startBenchServer(options: BenchServerOptions): Promise<RunningServer> {
  const config = loadConfig(resolve(ROOT, 'host/erp.config.json'), {
    PORT: '0',
    HOST: '127.0.0.1',
    ERP_PLUGINS: 'admin,finance,bench',
    ERP_DATA_DIR: options.dataDir ?? resolve(ROOT, '.tmp/bench/unused'),
    DATABASE_URL: options.databaseUrl ?? '',
    ERP_ADMIN_EMAIL: ADMIN_EMAIL,
    ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // Set, the API is measured with its metrics collected (the worst case); unset, without.
    ERP_METRICS_TOKEN: process.env.ERP_METRICS_TOKEN ?? '',
  });
  return startServer({
    config,
    available: BENCH_SERVER_PLUGINS,
    webRoot: options.webRoot,
    logger: false,
    announce: () => undefined,
  });
}

const XSRF = 'bench-xsrf-token';

/** Signs in as the admin through the API (POST auth/login) and returns the access token. */
export async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    cookies: { [XSRF_COOKIE]: XSRF },
    headers: { [XSRF_HEADER]: XSRF },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return response.json<{ data: { token: string } }>().data.token;
}
