// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL, so the server suite runs
// on it as well as on PGlite. Uses TEST_DATABASE_URL when given; otherwise starts a throw-away
// cluster (scripts/lib/postgres.mjs) and removes it afterwards.
// Usage: node scripts/with-postgres.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { startPostgres } from './lib/postgres.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(run({}));

let cluster;
try {
  cluster = await startPostgres();
} catch (error) {
  console.error(`postgres: ${error.message}`);
  process.exit(1);
}
let status = 1;
try {
  console.log(`postgres: test cluster on 127.0.0.1:${cluster.port}`);
  status = run({ TEST_DATABASE_URL: cluster.url });
} finally {
  cluster.stop();
}
process.exit(status);
