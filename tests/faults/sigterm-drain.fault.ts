import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { rmSync } from 'node:fs';
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
  /** Milliseconds from the signal to the end of the answer. */
  readonly ms: number;
}

/** One request on a connection of its own, written byte by byte as a client would; resolves when the answer ends. */
function openRequest(url: URL, path: string, authorization: string): { written: Promise<void>; outcome: (signalAt: () => number) => Promise<Outcome> } {
  const socket = connect(Number(url.port), url.hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const finished = new Promise<string | null>((done) => {
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.once('close', () => done(null));
  });
  const written = new Promise<void>((done) =>
    socket.once('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`, () => done()),
    ),
  );
  return {
    written,
    outcome: async (signalAt) => {
      const failure = await finished;
      const ms = Math.round(performance.now() - signalAt());
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      return { status: failure ?? (status === undefined ? 'no answer' : Number(status)), ms };
    },
  };
}

/** GET on a kept-alive connection of `agent`. */
function getStatus(agent: Agent, url: string): Promise<number> {
  return new Promise((done, fail) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.once('end', () => done(response.statusCode ?? 0));
    }).once('error', fail);
  });
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
    // A load balancer's probe keeps its connection open between checks.
    const probe = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await getStatus(probe, `${server.url}/api/ready`)).toBe(200);

    const requests = Array.from({ length: IN_FLIGHT }, () => openRequest(url, LIST, api.authorization));
    await Promise.all(requests.map((request) => request.written));
    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    // Asked once the server has taken the signal in: before that a busy server may still answer 200.
    await signalTakenIn(server);
    const readinessDuringStop = await getStatus(probe, `${server.url}/api/ready`);
    const readinessMs = Math.round(performance.now() - signalAt);
    const outcomes = await Promise.all(requests.map((request) => request.outcome(() => signalAt)));
    const exit = await server.exited;
    const exitMs = Math.round(performance.now() - signalAt);
    probe.destroy();

    const statuses: Record<string, number> = {};
    for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    console.log(
      `SIGTERM with ${IN_FLIGHT} requests in flight: answers ${JSON.stringify(statuses)}, ` +
        `first ${times[0]} ms, median ${times[Math.floor(times.length / 2)]} ms, last ${times.at(-1)} ms after the signal; ` +
        `readiness ${readinessDuringStop} after ${readinessMs} ms; ` +
        `exit ${exit.code ?? exit.signal} after ${exitMs} ms`,
    );
    expect(statuses).toEqual({ 200: IN_FLIGHT });
    expect(readinessDuringStop).toBe(503);
    expect(exit.code).toBe(0);
  });
});
