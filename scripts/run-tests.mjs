// `npm test`: every stage in order, stopping at the first that fails (with its exit code), and a
// table of how long each stage took at the end, so a slow stage is seen without timing it by hand.
// `node scripts/run-tests.mjs unit build` runs only the stages named, in the usual order.
import { spawn } from 'node:child_process';

// [stage, npm script, arguments for the script...]
const STAGES = [
  // Biome's format check and lint, then knip's dead files, unused exports and dependencies (seconds).
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['postgres', 'test:postgres'],
  ['build', 'build'],
  // Three built copies on one PostgreSQL behind HAProxy (under a minute).
  ['cluster', 'test:cluster'],
  ['budget', 'test:budget'],
  // The benchmark's smoke run (under a minute), so a bench that no longer runs fails here.
  ['bench', 'bench', '--smoke'],
  ['faults', 'test:faults'],
  ['node24', 'test:node24'],
  ['scaffold', 'test:scaffold'],
  ['e2e', 'test:e2e'],
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`unknown stage(s): ${unknown.join(', ')} (stages: ${STAGES.map(([stage]) => stage).join(', ')})`);
  process.exit(2);
}
const stages = chosen.length === 0 ? STAGES : STAGES.filter(([name]) => chosen.includes(name));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let running = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    running?.kill(signal);
    process.exitCode = 130;
  });
}

const afterDashes = (args) => (args.length > 0 ? ['--', ...args] : []);

function run(script, args) {
  return new Promise((resolve) => {
    running = spawn(npm, ['run', '--silent', script, ...afterDashes(args)], { stdio: 'inherit' });
    running.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    running.on('error', () => resolve(1));
  });
}

const seconds = (ms) => (ms / 1000).toFixed(1);
const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

const results = [];
const started = Date.now();
let failure = 0;
for (const [name, script, ...args] of stages) {
  console.log(`\n=== ${name} (npm run ${[script, ...afterDashes(args)].join(' ')})`);
  const stageStart = Date.now();
  const code = await run(script, args);
  results.push({ name, ms: Date.now() - stageStart, code });
  if (code !== 0) {
    failure = code;
    break;
  }
}

const total = Date.now() - started;
const width = Math.max(...stages.map(([name]) => name.length), 'total'.length);
console.log(`\n${'stage'.padEnd(width)}  ${'s'.padStart(7)}  ${'m:ss'.padStart(6)}  result`);
for (const { name, ms, code } of results) {
  console.log(
    `${name.padEnd(width)}  ${seconds(ms).padStart(7)}  ${minutes(ms).padStart(6)}  ${code === 0 ? 'ok' : `failed (exit ${code})`}`,
  );
}
for (const [name] of stages.slice(results.length))
  console.log(`${name.padEnd(width)}  ${'-'.padStart(7)}  ${'-'.padStart(6)}  not run`);
console.log(`${'total'.padEnd(width)}  ${seconds(total).padStart(7)}  ${minutes(total).padStart(6)}`);
process.exit(failure || process.exitCode || 0);
