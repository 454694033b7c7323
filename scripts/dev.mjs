// Development: the API server rebuilt and restarted on change (rspack watch + node --watch), and
// the rspack dev server with React Fast Refresh on http://127.0.0.1:3000 proxying /api and
// /config.json to it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const serverBundle = resolve(root, 'dist/server/main.js');
const children = [];

function run(command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) shutdown(code);
  });
  return child;
}

function shutdown(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run('npx', ['rspack', 'build', '--watch', '--config-name', 'server'], { NODE_ENV: 'development' });
const waitForBundle = setInterval(() => {
  if (!existsSync(serverBundle)) return;
  clearInterval(waitForBundle);
  run(process.execPath, ['--watch', serverBundle], { ERP_LOG: process.env.ERP_LOG ?? 'silent' });
}, 500);
run('npx', ['rspack', 'serve', '--config-name', 'web'], { NODE_ENV: 'development', RSPACK_SERVE: 'true' });
