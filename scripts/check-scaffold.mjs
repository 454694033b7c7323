// `npm run test:scaffold`: what a new team does, end to end. `create-plugin` writes a plugin into a
// temporary folder outside the repository; there it is installed (the packed SDK from the registry's
// cache), type-checked, tested and built by its own scripts; then the built host (dist/server, run
// `npm run build` first) loads it from that folder and serves its manifest, API and remote. Beside it, the
// Vacations fixture (scripts/lib/vacations-fixture.mjs), unchanged, on the same packed SDK.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { root, serverBundle, signInAs, startBuiltServer } from './lib/built-server.mjs';
import { buildVacations, missingFixture, VACATIONS_ID, vacationsHostProblems } from './lib/vacations-fixture.mjs';

const ID = 'scaffolded';
const work = mkdtempSync(join(tmpdir(), 'erp-scaffold-'));
const plugin = join(work, ID);
const started = Date.now();
// Each step says when it began, so the stage's slow steps are seen without timing them by hand.
const step = (title) => console.log(`\n--- scaffold: ${title} (at ${Math.round((Date.now() - started) / 1000)} s)`);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });

if (!existsSync(serverBundle)) {
  console.error('scaffold: dist/server/main.js is missing: run npm run build first');
  process.exit(1);
}
const noFixture = missingFixture();
if (noFixture) {
  console.error(noFixture);
  process.exit(1);
}

/** One hash of every file under `folder`, its path and its bytes. */
function treeHash(folder) {
  const hash = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const path = join(file.parentPath, file.name);
    hash.update(`${relative(folder, path)}\0`).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * What create-plugin must not do: write into the host's dist/, name its SDK by an absolute path or one
 * inside dist/, or leave any of the example's words ("notes", "Заметки") in what it wrote.
 */
function scaffoldMistakes(folder, distBefore) {
  const mistakes = [];
  if (treeHash(join(root, 'dist')) !== distBefore) mistakes.push("the host's dist/ changed");
  const sdk = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).devDependencies['@core/sdk'];
  const sdkFile = resolve(folder, sdk.replace(/^file:/, ''));
  if (!sdk.startsWith('file:.')) mistakes.push(`package.json names the SDK as "${sdk}", not by a relative path`);
  if (!relative(join(root, 'dist'), sdkFile).startsWith('..'))
    mistakes.push(`the SDK package ${sdkFile} lies inside the host's dist/`);
  if (!existsSync(sdkFile)) mistakes.push(`no SDK package at ${sdkFile}`);
  for (const file of readdirSync(folder, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && !entry.name.endsWith('.tgz'),
  )) {
    const path = join(file.parentPath, file.name);
    const word = /notes?|заметк|заметок/i.exec(`${relative(folder, path)}\n${readFileSync(path, 'utf8')}`);
    if (word) mistakes.push(`${relative(folder, path)} still says "${word[0]}", the example's word`);
  }
  return mistakes;
}

step(`create-plugin ${ID} --dir ${plugin}`);
const distBefore = treeHash(join(root, 'dist'));
run('npm', ['run', '--silent', 'create-plugin', '--', ID, '--dir', plugin], root);
const scaffoldProblems = scaffoldMistakes(plugin, distBefore);
if (scaffoldProblems.length > 0) {
  console.error(`scaffold: create-plugin ${ID}:\n  ${scaffoldProblems.join('\n  ')}`);
  process.exit(1);
}
step('npm install');
run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], plugin);
step('npm test');
run('npm', ['test'], plugin);
step('npm run build');
run('npm', ['run', 'build'], plugin);

const sdkPackage = resolve(
  plugin,
  JSON.parse(readFileSync(join(plugin, 'package.json'), 'utf8')).devDependencies['@core/sdk'].replace(/^file:/, ''),
);
const vacations = await buildVacations(work, sdkPackage, join(plugin, 'node_modules'), step);
if (vacations.problems.length > 0) {
  console.error(`vacations: ${vacations.problems.join('; ')}`);
  process.exit(1);
}

step('the host loads them');
const admin = { email: 'scaffold@example.com', password: 'Scaffold-Admin-Password' };
const server = startBuiltServer({
  dataDir: join(work, 'data'),
  admin,
  // Vacations' bot handler goes through the messenger plugin's service.
  plugins: `admin,messenger,${ID},${VACATIONS_ID}`,
  env: { ERP_EXTERNAL_PLUGINS: [join(plugin, 'dist'), join(vacations.folder, 'dist')].join(',') },
});
const problems = [];
try {
  const url = await server.url;
  step('the host listens: its API and codes');
  const config = await (await fetch(`${url}/config.json`)).json();
  if (!config.manifests.some((manifest) => manifest.id === ID)) problems.push(`/config.json does not list "${ID}"`);
  const remote = config.remotes?.[ID];
  if (!remote) problems.push(`/config.json has no remote for "${ID}"`);
  else if ((await fetch(`${url}${remote.entry}`)).status !== 200) problems.push(`${remote.entry} is not served`);
  const authorization = await signInAs(url, admin);
  const summary = await fetch(`${url}/api/${ID}/summary`, { headers: { authorization } });
  if (summary.status !== 200) problems.push(`GET /api/${ID}/summary answered ${summary.status} to the superadmin`);
  problems.push(...(await vacationsHostProblems(url, authorization)).map((problem) => `${VACATIONS_ID}: ${problem}`));
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  server.child.kill('SIGTERM');
}
if (problems.length > 0) {
  console.error(`scaffold: the host did not load the new plugin or Vacations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
step('clean up');
rmSync(work, { recursive: true, force: true });
console.log(
  `scaffold: "${ID}" created, installed, tested, built and loaded by the host, and "${VACATIONS_ID}" (the SDK 1.5 fixture, unchanged) beside it`,
);
