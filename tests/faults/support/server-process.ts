import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
export const SERVER_BUNDLE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/erp-faults/server');
export const ADMIN_EMAIL = 'faults@example.com';
export const ADMIN_PASSWORD = 'Faults-Password-42';

/** A temporary directory of its own; a data directory inside it does not exist yet. */
export function scratchDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `erp-faults-${name}-`));
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<Exit>;
}

export interface LaunchOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
}

/** Runs the production server bundle as `npm start` would, on `dataDir`, a free loopback port and a known admin. */
export function launch(dataDir: string, options: LaunchOptions = {}): ServerProcess {
  const child = spawn(process.execPath, [join(SERVER_BUNDLE_DIR, 'main.js'), ...(options.args ?? [])], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ERP_ROOT: PROJECT_ROOT,
      PORT: '0',
      HOST: '127.0.0.1',
      ERP_PLUGINS: 'admin,finance',
      ERP_DATA_DIR: dataDir,
      ERP_ADMIN_EMAIL: ADMIN_EMAIL,
      ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ERP_LOG: 'silent',
      DATABASE_URL: '',
      ERP_CONFIG: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((done) =>
    child.once('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  if (child.pid === undefined) throw new Error('the server process did not start');
  return { child, pid: child.pid, stdout: () => stdout, stderr: () => stderr, exited };
}

export interface RunningServer extends ServerProcess {
  readonly url: string;
}

/** Launches the server and waits until it listens; fails with its output if it exits first. */
export async function startServer(dataDir: string, options: LaunchOptions = {}): Promise<RunningServer> {
  const server = launch(dataDir, options);
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the server did not listen within 120 s:\n${server.stdout()}${server.stderr()}`)),
      120_000,
    );
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(server.stdout());
      if (!match?.[1]) return;
      clearTimeout(timer);
      done(match[1]);
    };
    server.child.stdout?.on('data', check);
    void server.exited.then((exit) => {
      clearTimeout(timer);
      fail(
        new Error(`the server exited with ${exit.code ?? exit.signal} before listening:\n${exit.stdout}${exit.stderr}`),
      );
    });
  });
  return { ...server, url };
}

/** Runs the server until it exits by itself (a start-up failure, a seeding run), up to `timeoutMs`. */
export async function runToExit(
  dataDir: string,
  options: LaunchOptions = {},
  timeoutMs = 60_000,
): Promise<Exit & { readonly ms: number }> {
  const started = performance.now();
  const server = launch(dataDir, options);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const exit = await server.exited;
  clearTimeout(timer);
  return { ...exit, ms: Math.round(performance.now() - started) };
}

/** SIGTERM, then the exit. */
export async function stopServer(server: ServerProcess): Promise<Exit> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** The lines a process wrote to stderr, without the trailing empty one. */
export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

const XSRF = 'faults-xsrf-token';

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** The API as the signed-in admin sees it over real HTTP. */
export class Api {
  private constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  static async signIn(url: string): Promise<Api> {
    const response = await fetch(`${url}/api/auth/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    return new Api(url, ((await response.json()) as { data: { token: string } }).data.token);
  }

  get authorization(): string {
    return `Bearer ${this.token}`;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** The answer's `data`; an error naming the answer when the status is not `status`. */
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<{ data: T }>(method, path, body);
    if (answer.status !== status)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }
}
