import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection accepted before the stop may take to send its first request. A client that
 * connected and wrote its request just before the signal is in flight although the server has not
 * read it yet; a connection opened only to be kept warm sends nothing and is not waited for longer.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;
const POLL_MS = 10;

/**
 * Follows an HTTP server's connections so a stop finishes the requests in flight rather than
 * cutting them. Node's `server.close()` (and Fastify's `close()`, which calls it) destroys every
 * connection without a request in progress, including a just-accepted one whose request is still
 * unread in its socket: the client sees ECONNRESET for a request it has sent.
 */
export class RequestDrain {
  /** Connections that have not yet sent a request. */
  private readonly waiting = new Set<Socket>();
  private inFlight = 0;
  private drainingSince: number | null = null;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.waiting.add(socket);
      socket.once('close', () => this.waiting.delete(socket));
    });
    // Before the application's own listener, so the header is set before any answer is written.
    server.prependListener('request', (request, response) => {
      this.waiting.delete(request.socket);
      this.inFlight += 1;
      // While draining, each connection closes after its answer, so clients reconnect elsewhere.
      if (this.draining) response.setHeader('connection', 'close');
      response.once('close', () => {
        this.inFlight -= 1;
      });
    });
  }

  /** True from the start of a stop: readiness answers 503 from then on. */
  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /**
   * Stops accepting connections and waits until every request in flight is answered, up to
   * `timeoutMs`; resolves with the number of requests still unanswered then (0: all finished).
   */
  async drain(timeoutMs: number): Promise<number> {
    const since = Date.now();
    this.drainingSince = since;
    // Connections the kernel completed before the signal are accepted in this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    // The listening socket only: http.Server#close would also destroy the connections still waiting.
    NetServer.prototype.close.call(this.server);
    for (;;) {
      const elapsed = Date.now() - since;
      const settled = this.inFlight === 0 && (this.waiting.size === 0 || elapsed >= FIRST_REQUEST_GRACE_MS);
      if (settled || elapsed >= timeoutMs) return this.inFlight;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
