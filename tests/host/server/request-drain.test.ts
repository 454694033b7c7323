import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestDrain } from '@host/server/request-drain';

let server: Server;

/** A server whose every request waits until `answer` is called. */
async function gatedServer(): Promise<{
  port: number;
  answer: () => void;
  drain: RequestDrain;
  arrived: { n: number };
}> {
  const waiting: (() => void)[] = [];
  const arrived = { n: 0 };
  server = createServer((_request, response) => {
    arrived.n += 1;
    waiting.push(() => response.end('done'));
  });
  const drain = new RequestDrain(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    answer: () => waiting.splice(0).forEach((end) => end()),
    drain,
    arrived,
  };
}

afterEach(() => {
  server.closeAllConnections();
  server.close();
});

function get(port: number): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((done, fail) => {
    request({ port, host: '127.0.0.1', path: '/' }, (response) => {
      response.resume();
      response.once('end', () => done({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    })
      .once('error', fail)
      .end();
  });
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
  });
}

/** Waits until the server holds `count` connections with a request each. */
async function requestsArrived(count: number, requests: { n: number }): Promise<void> {
  while (requests.n < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('RequestDrain', () => {
  it('stops accepting connections, finishes the request in flight with Connection: close, then resolves with 0', async () => {
    const { port, answer, drain, arrived } = await gatedServer();
    const inFlight = get(port);
    await requestsArrived(1, arrived);
    expect(drain.draining).toBe(false);
    let finished: number | null = null;
    const drained = drain.drain(5_000).then((cut) => (finished = cut));
    expect(drain.draining).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    expect(finished).toBeNull();
    answer();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    expect(await drained).toBe(0);
  });

  it('gives up at the timeout and says how many requests were still unanswered', async () => {
    const { port, drain, arrived } = await gatedServer();
    void get(port).catch(() => undefined);
    void get(port).catch(() => undefined);
    await requestsArrived(2, arrived);
    const started = performance.now();
    expect(await drain.drain(400)).toBe(2);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('does not wait past its grace for a connection that never sends a request', async () => {
    const { port, drain } = await gatedServer();
    const idle = connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const started = performance.now();
    expect(await drain.drain(10_000)).toBe(0);
    const waited = performance.now() - started;
    idle.destroy();
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(3_000);
  });
});
