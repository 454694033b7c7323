// A throw-away PostgreSQL for the scripts that need a real one (scripts/with-postgres.mjs, the cluster
// test): Debian's PostgreSQL (initdb + pg_ctl) in a temporary directory on a free loopback port,
// removed when stopped.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin directory; installs Debian's package when root can; null when none. */
export function postgresBin() {
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

/** A loopback port nobody listens on right now. */
export function freePort() {
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

/**
 * Starts a PostgreSQL cluster (user `erp`, trust authentication, no fsync) in a temporary directory.
 * Resolves `{ url, stop() }`; `stop` stops it at once and removes its directory. Throws when no
 * PostgreSQL is installed (message says what to install).
 */
export async function startPostgres({ maxConnections = 200 } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error("no PostgreSQL found: install Debian's `postgresql` package or set TEST_DATABASE_URL");
  const dir = mkdtempSync(join(tmpdir(), 'erp-postgres-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const stop = () => {
    try {
      asClusterOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // The cluster may not have started; its directory goes either way.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    asClusterOwner(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'erp', '--no-sync']);
    asClusterOwner(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`,
      'start',
    ]);
    return { url: `postgres://erp@127.0.0.1:${port}/postgres`, port, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
