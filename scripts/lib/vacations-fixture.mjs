// The Vacations plugin (../shared/fixtures/vacations-plugin): an outside team's plugin written for SDK 1.5
// and kept unchanged, so the host must keep building and running it. The scaffold check copies it beside
// the scaffolded plugin, gives it the same packed SDK, installs, tests and builds it by its own scripts,
// then has the host load both and asks the Vacations API and the superadmin's codes.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createJiti } from 'jiti';
import { root } from './built-server.mjs';

export const VACATIONS_ID = 'vacations';
export const VACATIONS_FIXTURE = resolve(root, '../shared/fixtures/vacations-plugin');
const CODES = ['VACATIONS', 'VACATIONS_APPROVE'];

/** The one line the stage fails with when the fixture is not beside the clone; null when it is. */
export function missingFixture() {
  return existsSync(join(VACATIONS_FIXTURE, 'manifest.ts'))
    ? null
    : `vacations: the fixture ${VACATIONS_FIXTURE} is missing: CI runs with ../shared beside the clone`;
}

/** The deprecated SDK names (imports and 1.x context fields) the plugin in `folder` uses, by this repository's core/sdk/exports.json. */
async function deprecatedNamesUsed(folder) {
  const jiti = createJiti(import.meta.url, { alias: { '@core': join(root, 'core') } });
  const { sdkUsage } = await jiti.import(join(root, 'core/sdk/plugin-kit/sdk-usage.ts'));
  return sdkUsage(folder).deprecated.map((use) => use.name);
}

/**
 * Copies the fixture into `work`, puts `sdkPackage` where its package.json expects the SDK
 * (./core-sdk.tgz), and runs its install, tests and build. `installed` is the scaffolded plugin's
 * node_modules, installed from the same SDK package: hard links of it leave npm install little to do
 * (4 s instead of a minute). Returns the plugin's folder and what went wrong: a build that does not
 * list each deprecated name the plugin uses is wrong too.
 */
export async function buildVacations(work, sdkPackage, installed, step) {
  const folder = join(work, VACATIONS_ID);
  cpSync(VACATIONS_FIXTURE, folder, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  // The fixture is kept read-only; its copy is written to by npm install and the build.
  execFileSync('chmod', ['-R', 'u+w', folder]);
  copyFileSync(sdkPackage, join(folder, 'core-sdk.tgz'));
  execFileSync('cp', ['-al', installed, join(folder, 'node_modules')]);
  step('vacations: npm install');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder, stdio: 'inherit' });
  step('vacations: npm test');
  execFileSync('npm', ['test'], { cwd: folder, stdio: 'inherit' });
  step('vacations: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: folder, encoding: 'utf8' });
  process.stdout.write(build.stdout);
  process.stderr.write(build.stderr);
  if (build.status !== 0) return { folder, problems: [`npm run build exited with ${build.status}`] };
  const said = `${build.stdout}\n${build.stderr}`;
  const unlisted = (await deprecatedNamesUsed(folder)).filter((name) => !said.includes(`deprecated: ${name} `));
  return {
    folder,
    problems: unlisted.map((name) => `the build did not list the deprecated name ${name}, which it uses`),
  };
}

/** What the running host gets wrong about the Vacations plugin: its API and the superadmin's codes. */
export async function vacationsHostProblems(url, authorization) {
  const problems = [];
  const requests = await fetch(`${url}/api/vacations/requests`, { headers: { authorization } });
  if (requests.status !== 200)
    problems.push(`GET /api/vacations/requests answered ${requests.status} to the superadmin`);
  const user = await fetch(`${url}/api/auth/auth/user`, { headers: { authorization } });
  const held = user.status === 200 ? ((await user.json()).data?.permissions ?? []) : [];
  for (const code of CODES) if (!held.includes(code)) problems.push(`the superadmin does not hold ${code}`);
  return problems;
}
