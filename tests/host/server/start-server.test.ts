import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL } from '@core/server/auth/bootstrap';
import { REFRESH_COOKIE } from '@core/server/auth/session-issuer';
import { DatabaseOpenError } from '@core/server/database/database-open-error';
import { XSRF_COOKIE, XSRF_HEADER } from '@core/server/http/xsrf';
import type { SessionUser } from '@core/shared/session-user';
import { ConfigError, loadConfig, type ErpConfig } from '@host/server/config';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { startServer, type RunningServer } from '@host/server/start-server';
import { DB_TIMEOUT, XSRF_VALUE } from '../../support/server/test-database';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));
const ANNOUNCEMENT = /^First start: superadmin (\S+) with password (\S+) \(shown once; change it after signing in\)\.$/;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-start-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function configFor(dataDir: string, env: NodeJS.ProcessEnv = {}): ErpConfig {
  return loadConfig(PROJECT_DEFAULTS, { ERP_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
}

async function start(config: ErpConfig, announced: string[]): Promise<RunningServer> {
  return startServer({
    config,
    available: AVAILABLE_SERVER_PLUGINS,
    webRoot: null,
    logger: false,
    announce: (line) => announced.push(line),
  });
}

interface SignedIn {
  readonly status: number;
  readonly token: string | undefined;
  readonly user: SessionUser | undefined;
  readonly setCookie: string;
}

/** Signs in over real HTTP, as the browser would: JSON body, XSRF cookie echoed in the header. */
async function signInOverHttp(url: string, email: string, password: string): Promise<SignedIn> {
  const response = await fetch(`${url}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${XSRF_VALUE}`, [XSRF_HEADER]: XSRF_VALUE },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { token: string; user: SessionUser } };
  return {
    status: response.status,
    token: body.data?.token,
    user: body.data?.user,
    setCookie: response.headers.getSetCookie().join('\n'),
  };
}

describe('startServer', () => {
  it('refuses an unknown plugin with a ConfigError before opening the database', async () => {
    const dataDir = join(root, 'never-created');
    const started = start(configFor(dataDir, { ERP_PLUGINS: 'admin,ghost' }), []);
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow('unknown plugin "ghost"');
    expect(existsSync(dataDir)).toBe(false);
  });

  it(
    'refuses a port another process listens on with a ConfigError naming the address, and frees the data directory',
    async () => {
      const taken = createServer();
      await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
      const port = (taken.address() as AddressInfo).port;
      try {
        const config = configFor(join(root, 'port-taken'), { PORT: String(port) });
        const started = start(config, []);
        await expect(started).rejects.toBeInstanceOf(ConfigError);
        await expect(started).rejects.toThrow(
          `cannot listen on 127.0.0.1:${port} (PORT, HOST): another process listens there`,
        );
        // The database was closed and its lock given up: the next start on the directory goes ahead.
        await (await start(configFor(join(root, 'port-taken')), [])).stop();
      } finally {
        taken.close();
      }
    },
    DB_TIMEOUT * 3,
  );

  it(
    'refuses a second start on a data directory in use, naming it and the holding pid; a stop frees it',
    async () => {
      const dataDir = join(root, 'shared');
      const config = configFor(dataDir);
      const first = await start(config, []);
      try {
        const ready = await fetch(`${first.url}/api/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ data: { status: 'ready' } });
        const second = start(config, []);
        await expect(second).rejects.toBeInstanceOf(DatabaseOpenError);
        await expect(second).rejects.toThrow(
          `the data directory ${dataDir} is in use by another server process (pid ${process.pid})`,
        );
      } finally {
        expect(await first.stop()).toEqual({ cut: 0 });
      }
      await (await start(config, [])).stop();
    },
    DB_TIMEOUT * 2,
  );

  it(
    'announces a generated password on the first start only, and keeps data and sessions across restarts',
    async () => {
      const dataDir = join(root, 'data');
      const config = configFor(dataDir);

      // First start: a new data directory is created, migrated and seeded.
      const firstLines: string[] = [];
      const first = await start(config, firstLines);
      let token: string | undefined;
      let password = '';
      try {
        expect(first.db.kind).toBe('pglite');
        expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(firstLines).toHaveLength(1);
        const match = ANNOUNCEMENT.exec(firstLines[0] ?? '');
        expect(match?.[1]).toBe(DEFAULT_ADMIN_EMAIL);
        password = match?.[2] ?? '';
        expect(password.length).toBeGreaterThanOrEqual(12);

        const health = await fetch(`${first.url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });

        const signedIn = await signInOverHttp(first.url, DEFAULT_ADMIN_EMAIL, password);
        expect(signedIn.status).toBe(200);
        expect(signedIn.user?.roles).toEqual(['superadmin']);
        expect(signedIn.setCookie).toContain(`${REFRESH_COOKIE}=`);
        token = signedIn.token;

        // The enabled admin plugin is mounted: an article is stored.
        const created = await fetch(`${first.url}/api/auth/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ url: 'https://example.com/kept', external_id: 'ERP-KEPT' }),
        });
        expect(created.status).toBe(201);
      } finally {
        await first.stop();
      }
      // Stopped: nothing listens any more.
      await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();

      // Second start on the same directory: no announcement, everything still there.
      const secondLines: string[] = [];
      const second = await start(config, secondLines);
      try {
        expect(secondLines).toEqual([]);
        // The signing secret was kept in the database: the first run's token is still good.
        const user = await fetch(`${second.url}/api/auth/auth/user`, { headers: { authorization: `Bearer ${token}` } });
        expect(user.status).toBe(200);
        expect(((await user.json()) as { data: SessionUser }).data.email).toBe(DEFAULT_ADMIN_EMAIL);

        expect((await signInOverHttp(second.url, DEFAULT_ADMIN_EMAIL, password)).status).toBe(200);
        const listed = await fetch(`${second.url}/api/auth/articles`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const page = (await listed.json()) as { data: { total: number; data: { external_id: string }[] } };
        expect(page.data.total).toBe(1);
        expect(page.data.data[0]?.external_id).toBe('ERP-KEPT');

        const users = await second.db.query<{ count: string }>('SELECT count(*) AS count FROM core.users');
        expect(Number(users.rows[0]?.count)).toBe(1);
      } finally {
        await second.stop();
      }
      await expect(fetch(`${second.url}/api/health`)).rejects.toThrow();
    },
    DB_TIMEOUT * 2,
  );
});
