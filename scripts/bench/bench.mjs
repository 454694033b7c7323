// `npm run bench [list] [load]`: the resource engine's figures on 100 000 rows
// (scripts/bench/resource-list.bench.ts): `list` is the list, export and list-screen figures,
// `load` the list API under 50 and 200 connections beside a bare Fastify route (load-bench.ts).
// Both when no section is named. It prints figures next to their targets; it is not a test and
// fails only when it cannot run. Takes a few minutes.
// `npm run bench -- --smoke` (a stage of `npm test`): the same on 1 000 rows with few, short runs,
// PGlite alone, under a minute; it fails when a screen fails (scripts/bench/profile.ts).
//
//  1. For `list`: builds the product (npm run build) when dist/ is missing (the screens are
//     measured on it), and the bench variant of the web app (the production build plus the bench
//     plugin, whose resource offers a 1000-row page) into .tmp/bench/web: a few seconds.
//  3. Runs the benchmark through vitest (for the @core/@plugins/@host aliases and `?raw` imports),
//     under scripts/with-postgres.mjs when TEST_DATABASE_URL is set or Debian's PostgreSQL is
//     installed, so the database parts run on PostgreSQL too; on PGlite alone otherwise.
//
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium; without one the screen figures are skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const SECTIONS = ['list', 'load'];
const SMOKE_FLAG = '--smoke';
const smoke = process.argv.includes(SMOKE_FLAG);
const asked = process.argv.slice(2).filter((argument) => argument !== SMOKE_FLAG);
const unknown = asked.filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0) {
  console.error(`bench: unknown section(s) ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const sections = asked.length > 0 ? asked : SECTIONS;

function run(command, args) {
  const env = { ...process.env, BENCH_SECTIONS: sections.join(','), BENCH_SMOKE: smoke ? '1' : '' };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (sections.includes('list')) {
  if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web/index.html'))) {
    console.log('bench: dist/ is missing, building the product first');
    run('npm', ['run', 'build']);
  }
  run('npx', ['rspack', 'build', '-c', 'scripts/bench/rspack.bench.config.ts']);
}

// Whether scripts/with-postgres.mjs would find a server without installing one.
const postgresRoot = '/usr/lib/postgresql';
const hasPostgres =
  !smoke &&
  (!!process.env.TEST_DATABASE_URL ||
    (existsSync(postgresRoot) &&
      readdirSync(postgresRoot).some((version) => existsSync(join(postgresRoot, version, 'bin/initdb')))));

const vitest = ['vitest', 'run', '--config', 'scripts/bench/vitest.bench.config.ts'];
if (hasPostgres) run('node', ['scripts/with-postgres.mjs', 'npx', ...vitest]);
else run('npx', vitest);
