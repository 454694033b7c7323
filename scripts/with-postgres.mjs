// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL, so the server suite runs
// on it as well as on PGlite. Uses TEST_DATABASE_URL when given; otherwise starts Debian's
// PostgreSQL (initdb + pg_ctl) in a temporary directory on a free loopback port, and removes it
// afterwards. Usage: node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("postgres: installing Debian's postgresql package");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return postgresBin();
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root, so the cluster belongs to the postgres user then. */
function asClusterOwner(binary, binaryArgs) {
  const asRoot = process.getuid?.() === 0;
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...binaryArgs]] : [binary, binaryArgs];
  execFileSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function run(env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(run({}));

const bin = postgresBin();
if (!bin) {
  console.error("postgres: no PostgreSQL found: install Debian's `postgresql` package or set TEST_DATABASE_URL");
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'erp-postgres-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const port = await freePort();
let status = 1;
try {
  asClusterOwner(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'erp', '--no-sync']);
  asClusterOwner(join(bin, 'pg_ctl'), [
    '-D', data, '-w', '-l', join(dir, 'server.log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  console.log(`postgres: test cluster on 127.0.0.1:${port}`);
  status = run({ TEST_DATABASE_URL: `postgres://erp@127.0.0.1:${port}/postgres` });
} finally {
  try {
    asClusterOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
  } catch {
    // The cluster may not have started; its directory goes either way.
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
