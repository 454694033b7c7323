// `npm run screens`: screenshots of every screen in en and ru, light and dark, at 1280 and 1600 px
// (e2e/screens.shots.ts on the built app), then the list of files written. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUT = 'e2e/output/screens';
const LOOK = /^(en|ru)-(light|dark)-(1280|1600)$/;

const looks = () => {
  try {
    return readdirSync(OUTPUT).filter((name) => LOOK.test(name) && statSync(join(OUTPUT, name)).isDirectory());
  } catch {
    return [];
  }
};

// Yesterday's pictures would pass for today's.
for (const look of looks()) rmSync(join(OUTPUT, look), { recursive: true });
const run = spawnSync(
  process.execPath,
  ['scripts/run-e2e.mjs', '--config', 'e2e/screens.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
const files = looks().flatMap((look) => readdirSync(join(OUTPUT, look)).map((file) => join(OUTPUT, look, file)));
console.log(`\n${files.length} screenshots:\n${files.join('\n')}`);
process.exit(run.status ?? 1);
