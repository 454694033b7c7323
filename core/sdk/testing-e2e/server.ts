import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'e2e-admin-password';

export interface ProductionServer {
  readonly url: string;
  readonly dataDir: string;
  /** SIGTERM, then wait for the process to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'erp-e2e-'));
}

export interface ServerOptions {
  readonly plugins: string;
  readonly dataDir: string;
  /** More environment for the server (a bot token, say); it wins over the defaults set here. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Starts the built server (dist/server/main.js) exactly as `npm start` does, on a free port,
 * with the given plugins enabled and data directory.
 */
export async function startProductionServer(options: ServerOptions): Promise<ProductionServer> {
  const root = resolve(import.meta.dirname, '../../..');
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ERP_PLUGINS: options.plugins,
      ERP_DATA_DIR: options.dataDir,
      ERP_ADMIN_EMAIL: ADMIN_EMAIL,
      ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ERP_LOG: 'silent',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    dataDir: options.dataDir,
    stop: () =>
      new Promise<number | null>((done) => {
        if (child.exitCode !== null) return done(child.exitCode);
        child.once('exit', (code) => done(code));
        child.kill('SIGTERM');
      }),
  };
}
