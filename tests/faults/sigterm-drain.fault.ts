import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, scratchDir, startServer, type RunningServer } from './support/server-process';

const IN_FLIGHT = 20;
const LIST = '/api/finance/transactions?page=1&per_page=50';

let root: string;
let server: RunningServer;
let api: Api;

beforeAll(async () => {
  root = scratchDir('sigterm');
  // Demonstration records, so each list request does real work while the stop begins.
  server = await startServer(join(root, 'data'), { env: { ERP_DEMO: '1', ERP_SHUTDOWN_TIMEOUT_SECONDS: '10' } });
  api = await Api.signIn(server.url);
});
afterAll(() => {
  server.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

interface Outcome {
  readonly status: number | string;
  /** When the answer ended (performance.now()). */
  readonly at: number;
}

/** A connection of its own, on which one request is written as a client would; its answer ends with the connection. */
class RawConnection {
  private readonly socket: Socket;
  private answer = '';
  readonly connected: Promise<void>;
  private readonly finished: Promise<Outcome>;

  constructor(private readonly url: URL) {
    this.socket = connect(Number(url.port), url.hostname);
    this.socket.on('data', (chunk: Buffer) => (this.answer += chunk.toString('latin1')));
    this.connected = new Promise((done) => this.socket.once('connect', () => done()));
    this.finished = new Promise((done) => {
      this.socket.once('error', (error: NodeJS.ErrnoException) =>
        done({ status: error.code ?? error.message, at: performance.now() }),
      );
      this.socket.once('close', () => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(this.answer)?.[1];
        done({ status: status === undefined ? 'no answer' : Number(status), at: performance.now() });
      });
    });
  }

  /** Writes the request once connected; resolves when it is handed to the system. */
  async send(path: string, authorization?: string): Promise<void> {
    await this.connected;
    const auth = authorization === undefined ? '' : `Authorization: ${authorization}\r\n`;
    await new Promise<void>((done) =>
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\n${auth}Connection: close\r\n\r\n`, () =>
        done(),
      ),
    );
  }

  outcome(): Promise<Outcome> {
    return this.finished;
  }
}

function signalTakenIn(process: RunningServer): Promise<void> {
  return new Promise((done) => {
    const check = () => {
      if (!process.stdout().includes('SIGTERM received')) return;
      process.child.stdout?.off('data', check);
      done();
    };
    process.child.stdout?.on('data', check);
    check();
  });
}

describe('SIGTERM with requests in flight', () => {
  it(`answers all ${IN_FLIGHT} requests sent on new connections before the signal, says 503 to readiness meanwhile, then exits 0`, async () => {
    const url = new URL(server.url);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    // A load balancer's probe, connected before the stop and asking once the server has taken the
    // signal in (before that, a busy server may still answer 200).
    const probe = new RawConnection(url);
    await probe.connected;

    const requests = Array.from({ length: IN_FLIGHT }, () => new RawConnection(url));
    await Promise.all(requests.map((request) => request.send(LIST, api.authorization)));
    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    await signalTakenIn(server);
    await probe.send('/api/ready');
    const readiness = await probe.outcome();
    const outcomes = await Promise.all(requests.map((request) => request.outcome()));
    const exit = await server.exited;
    const exitMs = Math.round(performance.now() - signalAt);

    const statuses: Record<string, number> = {};
    for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    const times = outcomes.map((outcome) => Math.round(outcome.at - signalAt)).sort((a, b) => a - b);
    console.log(
      `SIGTERM with ${IN_FLIGHT} requests in flight: answers ${JSON.stringify(statuses)}, ` +
        `first ${times[0]} ms, median ${times[Math.floor(times.length / 2)]} ms, last ${times.at(-1)} ms after the signal; ` +
        `readiness ${readiness.status} after ${Math.round(readiness.at - signalAt)} ms; ` +
        `exit ${exit.code ?? exit.signal} after ${exitMs} ms`,
    );
    expect(statuses).toEqual({ 200: IN_FLIGHT });
    expect(readiness.status).toBe(503);
    expect(exit.code).toBe(0);
  });
});
