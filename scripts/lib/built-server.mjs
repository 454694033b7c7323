// The built server (dist/server/main.js) as the scripts that exercise it start it: on a free loopback port,
// a PGlite data directory of their own, a known superadmin, quiet logs; resolves its URL once it listens.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const serverBundle = join(root, 'dist/server/main.js');

/**
 * `options`: node (the binary, default this one), dataDir, admin { email, password }, plugins (ids,
 * comma-separated), env (more variables, winning over these). Returns the child, a promise of its URL,
 * a promise of its exit and its output so far.
 */
export function startBuiltServer({ node = process.execPath, dataDir, admin, plugins, env = {} }) {
  const child = spawn(node, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ERP_PLUGINS: plugins,
      ERP_DATA_DIR: dataDir,
      ERP_ADMIN_EMAIL: admin.email,
      ERP_ADMIN_PASSWORD: admin.password,
      ERP_LOG: 'silent',
      DATABASE_URL: '',
      ERP_CONFIG: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((done) => child.once('close', (code, signal) => done({ code, signal })));
  const url = new Promise((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 120 s:\n${output}`)), 120_000);
    const read = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code ?? signal} before listening:\n${output}`));
    });
  });
  return { child, url, exited, output: () => output };
}

/** The data of a JSON answer, or an error naming `what` when the status is another. */
export async function expectStatus(response, status, what) {
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status} (expected ${status}): ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

/** Signs `admin` in through the API (with the XSRF double submit) and returns the Authorization header value. */
export async function signInAs(url, admin) {
  const xsrf = 'built-server-xsrf';
  const login = await fetch(`${url}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { token } = await expectStatus(login, 200, `sign-in of ${admin.email}`);
  return `Bearer ${token}`;
}
