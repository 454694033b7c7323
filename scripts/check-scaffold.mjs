// `npm run test:scaffold`: what a new team does, end to end. `create-plugin` writes a plugin into a
// temporary folder outside the repository; there it is installed (the packed SDK from the registry's
// cache), type-checked, tested and built by its own scripts; then the built host (dist/server, run
// `npm run build` first) loads it from that folder and serves its manifest, API and remote.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serverBundle, signInAs, startBuiltServer } from './lib/built-server.mjs';

const ID = 'scaffolded';
const work = mkdtempSync(join(tmpdir(), 'erp-scaffold-'));
const plugin = join(work, ID);
const step = (title) => console.log(`\n--- scaffold: ${title}`);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });

if (!existsSync(serverBundle)) {
  console.error('scaffold: dist/server/main.js is missing: run npm run build first');
  process.exit(1);
}

step(`create-plugin ${ID} --dir ${plugin}`);
run('npm', ['run', '--silent', 'create-plugin', '--', ID, '--dir', plugin], root);
step('npm install');
run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], plugin);
step('npm test');
run('npm', ['test'], plugin);
step('npm run build');
run('npm', ['run', 'build'], plugin);

step('the host loads it');
const admin = { email: 'scaffold@example.com', password: 'Scaffold-Admin-Password' };
const server = startBuiltServer({
  dataDir: join(work, 'data'),
  admin,
  plugins: `admin,${ID}`,
  env: { ERP_EXTERNAL_PLUGINS: join(plugin, 'dist') },
});
const problems = [];
try {
  const url = await server.url;
  const config = await (await fetch(`${url}/config.json`)).json();
  if (!config.manifests.some((manifest) => manifest.id === ID)) problems.push(`/config.json does not list "${ID}"`);
  const remote = config.remotes?.[ID];
  if (!remote) problems.push(`/config.json has no remote for "${ID}"`);
  else if ((await fetch(`${url}${remote.entry}`)).status !== 200) problems.push(`${remote.entry} is not served`);
  const authorization = await signInAs(url, admin);
  const summary = await fetch(`${url}/api/${ID}/summary`, { headers: { authorization } });
  if (summary.status !== 200) problems.push(`GET /api/${ID}/summary answered ${summary.status} to the superadmin`);
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  server.child.kill('SIGTERM');
}
if (problems.length > 0) {
  console.error(`scaffold: the host did not load the new plugin:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log(`scaffold: "${ID}" created, installed, tested, built and loaded by the host`);
