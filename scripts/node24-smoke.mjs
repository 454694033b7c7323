// Proves the production server runs on Node.js 24 LTS (Node 20 reached end of life in April 2026):
// installs the registry's `node@24` package into a cache folder outside the repository when it is
// not there yet, starts the built server (dist/server/main.js) on that runtime with a fresh data
// directory, signs in through the API, reads, writes and reads the write back, and stops the server
// with SIGTERM. Any failure exits non-zero. Run after `npm run build` (npm test does).
// ERP_NODE24_DIR chooses the cache folder (default: $XDG_CACHE_HOME or ~/.cache, then erp-node24).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectStatus, serverBundle as bundle, signInAs, startBuiltServer } from './lib/built-server.mjs';

const cache = process.env.ERP_NODE24_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'erp-node24');
const ADMIN = { email: 'node24-smoke@example.com', password: 'Node24-Smoke-Password' };

function fail(message) {
  console.error(`node24 smoke: ${message}`);
  process.exit(1);
}

/** The cached Node 24 binary, or null when it is missing or another version. */
function cachedNode() {
  const candidates = [join(cache, 'node_modules/node/bin/node'), join(cache, 'node_modules/.bin/node')];
  for (const binary of candidates.filter((path) => existsSync(path))) {
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (version.startsWith('v24.')) return { binary, version };
  }
  return null;
}

function node24() {
  const cached = cachedNode();
  if (cached) return cached;
  console.log(`node24 smoke: installing the registry's node@24 into ${cache}`);
  const installed = spawnSync(
    'npm',
    ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', 'node@24'],
    { stdio: 'inherit' },
  );
  if (installed.status !== 0) fail(`npm install node@24 failed with exit code ${installed.status}`);
  return (
    cachedNode() ??
    fail(`node@24 was installed into ${cache} but no Node 24 binary is in node_modules/node/bin or node_modules/.bin`)
  );
}

async function exercise(url) {
  // Sign-in has argon2 verify the password: the native module must load on this runtime.
  const authorization = await signInAs(url, ADMIN);
  const user = await expectStatus(
    await fetch(`${url}/api/auth/auth/user`, { headers: { authorization } }),
    200,
    'GET /api/auth/auth/user',
  );
  if (user.email !== ADMIN.email) throw new Error(`signed in as ${user.email}, not ${ADMIN.email}`);
  await expectStatus(
    await fetch(`${url}/api/finance/articles?page=1&per_page=10`, { headers: { authorization } }),
    200,
    'GET /api/finance/articles',
  );
  const created = await expectStatus(
    await fetch(`${url}/api/finance/articles`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Node 24 smoke', direction: 'income' }),
    }),
    201,
    'POST /api/finance/articles',
  );
  const read = await expectStatus(
    await fetch(`${url}/api/finance/articles/${created.id}`, { headers: { authorization } }),
    200,
    'GET the new article',
  );
  if (read.name !== 'Node 24 smoke') throw new Error(`the article read back is named ${JSON.stringify(read.name)}`);
}

if (!existsSync(bundle)) fail(`${bundle} is missing: run npm run build first`);
const { binary, version } = node24();
const dataDir = mkdtempSync(join(tmpdir(), 'erp-node24-'));
const started = performance.now();
const server = startBuiltServer({ node: binary, dataDir, admin: ADMIN, plugins: 'admin,finance' });
try {
  const url = await server.url;
  console.log(
    `node24 smoke: Node ${version} server listening on ${url} after ${Math.round(performance.now() - started)} ms`,
  );
  await exercise(url);
  console.log('node24 smoke: signed in, read the user and the articles, created an article and read it back');
  const stopping = performance.now();
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`SIGTERM ended the server with ${code ?? signal}, not 0:\n${server.output()}`);
  console.log(`node24 smoke: SIGTERM stopped it with exit code 0 in ${Math.round(performance.now() - stopping)} ms`);
} catch (error) {
  server.child.kill('SIGKILL');
  console.error(`node24 smoke: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
