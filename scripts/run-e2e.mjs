// Runs the Playwright suite against the system Chromium: CHROMIUM_PATH, else /usr/bin/chromium,
// else Debian's `chromium` package installed on the spot when running as root with apt.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) return null;
  console.log("e2e: installing Debian's chromium package");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    "e2e: no Chromium found: install Debian's `chromium` package (apt-get install chromium) or set CHROMIUM_PATH",
  );
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
