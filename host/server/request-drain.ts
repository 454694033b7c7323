import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection accepted before the stop may take to send its first request. A client that
 * connected and wrote its request just before the signal is in flight although the server has not
 * read it yet; a connection opened only to be kept warm sends nothing and is not waited for longer.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;
/**
 * After the signal, connections are still accepted until none has arrived for this long: the kernel
 * may have completed connections whose clients have sent their requests while the event loop was
 * busy, and closing the listening socket would reset them.
 */
const ACCEPT_QUIET_MS = 100;
/** ...but no longer than this, whatever still arrives (readiness answers 503 meanwhile). */
const ACCEPT_AT_MOST_MS = 1_000;
const POLL_MS = 10;

/** While draining, each connection closes after its answer, so its client reconnects elsewhere. */
function closeAfterAnswer(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

/** Resolves after a timer and then a poll phase of the event loop, in which pending connections are accepted. */
async function afterPoll(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Follows an HTTP server's connections so a stop finishes the requests in flight rather than
 * cutting them. Node's `server.close()` (and Fastify's `close()`, which calls it) destroys every
 * connection without a request in progress, including a just-accepted one whose request is still
 * unread in its socket: the client sees ECONNRESET for a request it has sent.
 */
export class RequestDrain {
  /** Connections that have not yet sent a request. */
  private readonly waiting = new Set<Socket>();
  private readonly inFlight = new Set<ServerResponse>();
  private drainingSince: number | null = null;
  private lastConnectionAt = 0;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.waiting.add(socket);
      this.lastConnectionAt = Date.now();
      socket.once('close', () => this.waiting.delete(socket));
    });
    // Before the application's own listener, so the header is set before any answer is written.
    server.prependListener('request', (request, response) => {
      this.waiting.delete(request.socket);
      this.inFlight.add(response);
      if (this.draining) closeAfterAnswer(response);
      response.once('close', () => this.inFlight.delete(response));
    });
  }

  /** True from the start of a stop: readiness answers 503 from then on. */
  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /**
   * Stops accepting connections (once those already arriving are in) and waits until every request
   * in flight is answered, up to `timeoutMs`; resolves with the number still unanswered then (0: all).
   */
  async drain(timeoutMs: number): Promise<number> {
    const since = Date.now();
    this.drainingSince = since;
    for (const response of this.inFlight) closeAfterAnswer(response);
    for (;;) {
      await afterPoll(POLL_MS);
      const now = Date.now();
      if (
        now - Math.max(since, this.lastConnectionAt) >= ACCEPT_QUIET_MS ||
        now - since >= Math.min(ACCEPT_AT_MOST_MS, timeoutMs)
      )
        break;
    }
    // The listening socket only: http.Server#close would also destroy the connections still waiting.
    NetServer.prototype.close.call(this.server);
    for (;;) {
      const elapsed = Date.now() - since;
      const settled = this.inFlight.size === 0 && (this.waiting.size === 0 || elapsed >= FIRST_REQUEST_GRACE_MS);
      if (settled || elapsed >= timeoutMs) return this.inFlight.size;
      await afterPoll(POLL_MS);
    }
  }
}
