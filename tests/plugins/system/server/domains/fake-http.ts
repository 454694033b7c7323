import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received: method, path with query, headers and body as text. */
export interface FakeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface FakeReply {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** A node:http server on 127.0.0.1 with an ephemeral port, answering each request with `handle` (which may take its time). */
export class FakeHttpServer {
  readonly requests: FakeRequest[] = [];
  private server: Server | null = null;

  constructor(private readonly handle: (request: FakeRequest) => FakeReply | Promise<FakeReply>) {}

  /** Listens; the origin (`http://127.0.0.1:<port>`). */
  async start(): Promise<string> {
    const server = createServer((incoming, outgoing) => void this.serve(incoming, outgoing));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: FakeRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(request);
    const reply = await this.handle(request);
    outgoing.writeHead(reply.status, { 'content-type': reply.contentType });
    outgoing.end(reply.body);
  }
}
