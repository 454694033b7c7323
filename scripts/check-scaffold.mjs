// `npm run test:scaffold`: what a new team does, end to end. `create-plugin` writes a plugin into a
// temporary folder outside the repository; there it is installed (the packed SDK from the registry's
// cache), type-checked, tested and built by its own scripts; then the built host (dist/server, run
// `npm run build` first) loads it from that folder and serves its manifest, API and remote.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ID = 'scaffolded';
const work = mkdtempSync(join(tmpdir(), 'erp-scaffold-'));
const plugin = join(work, ID);
const step = (title) => console.log(`\n--- scaffold: ${title}`);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });

if (!existsSync(join(root, 'dist/server/main.js'))) {
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
const password = 'scaffold-admin-password';
const server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    ERP_PLUGINS: `admin,${ID}`,
    ERP_EXTERNAL_PLUGINS: join(plugin, 'dist'),
    ERP_DATA_DIR: join(work, 'data'),
    ERP_ADMIN_EMAIL: 'admin@example.com',
    ERP_ADMIN_PASSWORD: password,
    ERP_LOG: 'silent',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const url = await new Promise((done, fail) => {
  const timer = setTimeout(() => fail(new Error(`the host did not start in 60 s:\n${output}`)), 60_000);
  const read = (chunk) => {
    output += chunk.toString();
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match) {
      clearTimeout(timer);
      done(match[1]);
    }
  };
  server.stdout.on('data', read);
  server.stderr.on('data', read);
  server.on('exit', (code) => fail(new Error(`the host exited with ${code}:\n${output}`)));
});

const problems = [];
try {
  const config = await (await fetch(`${url}/config.json`)).json();
  if (!config.manifests.some((manifest) => manifest.id === ID)) problems.push(`/config.json does not list "${ID}"`);
  const remote = config.remotes?.[ID];
  if (!remote) problems.push(`/config.json has no remote for "${ID}"`);
  else if ((await fetch(`${url}${remote.entry}`)).status !== 200) problems.push(`${remote.entry} is not served`);
  const cookies = (await fetch(`${url}/api/health`)).headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const login = await fetch(`${url}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: cookies.join('; ') },
    body: JSON.stringify({ email: 'admin@example.com', password }),
  });
  const token = (await login.json()).data?.token;
  const summary = await fetch(`${url}/api/${ID}/summary`, { headers: { authorization: `Bearer ${token}` } });
  if (summary.status !== 200) problems.push(`GET /api/${ID}/summary answered ${summary.status} to the superadmin`);
} finally {
  server.kill('SIGTERM');
}
if (problems.length > 0) {
  console.error(`scaffold: the host did not load the new plugin:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log(`scaffold: "${ID}" created, installed, tested, built and loaded by the host`);
