import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freshDataDir, startProductionServer } from './support/server';

const root = resolve(import.meta.dirname, '..');

function startWith(env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', ERP_LOG: 'silent', ERP_DATA_DIR: freshDataDir(), DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

test.describe('start-up refuses a bad configuration with one line and exit code 1', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['an unknown plugin id', { ERP_PLUGINS: 'admin,nope' }, /unknown plugin "nope"/],
    ['a non-postgres DATABASE_URL', { DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    ['a bad port', { PORT: 'eighty' }, /"port" must be a port number/],
  ];
  for (const [name, env, message] of cases) {
    test(name, () => {
      const { status, stderr } = startWith(env);
      expect(status).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
    });
  }

  test('a malformed configuration file', () => {
    const file = join(freshDataDir(), 'erp.json');
    writeFileSync(file, '{ "plugins": [ }');
    const { status, stderr } = startWith({ ERP_CONFIG: file });
    expect(status).toBe(1);
    expect(stderr).toMatch(/is not valid JSON/);
  });
});

test('SIGTERM closes the server and database cleanly, and the data survives a restart', async ({ request }) => {
  const dataDir = freshDataDir();
  let server = await startProductionServer({ plugins: 'admin', dataDir });
  const health = await request.get(`${server.url}/api/health`);
  expect(health.status()).toBe(200);
  expect(await server.stop()).toBe(0);
  server = await startProductionServer({ plugins: 'admin', dataDir });
  try {
    await request.get(`${server.url}/config.json`);
    const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await request.post(`${server.url}/api/auth/auth/login`, {
      data: { email: 'admin@example.com', password: 'e2e-admin-password' },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(login.status()).toBe(200);
  } finally {
    await server.stop();
  }
});
