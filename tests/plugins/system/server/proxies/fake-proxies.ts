import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import {
  connect,
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';

/*
 * Local stand-ins for what a proxy check meets, for tests only: a "what is my IP" address answering
 * `{ "ip": … }` as api.ipify.org does, an HTTP proxy (absolute-URI requests and CONNECT, with
 * Proxy-Authorization Basic) and a SOCKS5 proxy (RFC 1928 CONNECT with RFC 1929 username/password).
 * Each counts the connections it refused for a wrong login.
 */

export interface Listening {
  readonly port: number;
  readonly refusedLogins: () => number;
  /** CONNECT tunnels opened (HTTP proxy only). */
  readonly tunnels: () => number;
  close(): Promise<void>;
}

function portOf(server: HttpServer | TcpServer): number {
  return (server.address() as AddressInfo).port;
}

function closer(server: HttpServer | TcpServer, sockets: Set<Socket>): () => Promise<void> {
  return () => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  };
}

function track(server: HttpServer | TcpServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** `{ "ip": "<the caller's address>" }`. */
export async function startIpEcho(): Promise<Listening> {
  const server = createHttpServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ip: (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '') }));
  });
  const sockets = track(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: portOf(server), refusedLogins: () => 0, tunnels: () => 0, close: closer(server, sockets) };
}

export async function startHttpProxy(user: string, pass: string): Promise<Listening> {
  const expected = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  let refused = 0;
  let tunnels = 0;
  const server = createHttpServer((request, response) => {
    if (request.headers['proxy-authorization'] !== expected) {
      refused += 1;
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="fake"' }).end();
      return;
    }
    const target = new URL(request.url ?? '');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on('connect', (request, socket: Socket) => {
    if (request.headers['proxy-authorization'] !== expected) {
      refused += 1;
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      tunnels += 1;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });
  const sockets = track(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: portOf(server), refusedLogins: () => refused, tunnels: () => tunnels, close: closer(server, sockets) };
}

/** Reads exactly `size` bytes of a socket in paused mode. */
function reader(socket: Socket): (size: number) => Promise<Buffer> {
  let buffered = Buffer.alloc(0);
  let waiting: { size: number; resolve: (chunk: Buffer) => void } | null = null;
  const settle = (): void => {
    if (waiting && buffered.length >= waiting.size) {
      const chunk = buffered.subarray(0, waiting.size);
      buffered = buffered.subarray(waiting.size);
      const { resolve } = waiting;
      waiting = null;
      resolve(chunk);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    settle();
  });
  return (size) =>
    new Promise((resolve) => {
      waiting = { size, resolve };
      settle();
    });
}

export async function startSocks5Proxy(user: string, pass: string): Promise<Listening> {
  let refused = 0;
  const server = createTcpServer((socket) => {
    const read = reader(socket);
    void (async () => {
      const [, methods] = await read(2);
      const offered = [...(await read(methods!))];
      if (!offered.includes(0x02)) return socket.end(Buffer.from([0x05, 0xff]));
      socket.write(Buffer.from([0x05, 0x02]));
      const [, userLength] = await read(2);
      const name = (await read(userLength!)).toString();
      const [passLength] = await read(1);
      const word = (await read(passLength!)).toString();
      if (name !== user || word !== pass) {
        refused += 1;
        return socket.end(Buffer.from([0x01, 0x01]));
      }
      socket.write(Buffer.from([0x01, 0x00]));
      const [, command, , type] = await read(4);
      let host: string;
      if (type === 0x01) host = [...(await read(4))].join('.');
      else if (type === 0x03) host = (await read((await read(1))[0]!)).toString();
      else return socket.end(Buffer.from([0x05, 0x08, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
      const port = (await read(2)).readUInt16BE(0);
      if (command !== 0x01) return socket.end(Buffer.from([0x05, 0x07, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
      socket.removeAllListeners('data');
      const upstream = connect(port, host, () => {
        socket.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0]));
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.end(Buffer.from([0x05, 0x05, 0x00, 0x01, 0, 0, 0, 0, 0, 0])));
    })();
  });
  const sockets = track(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: portOf(server), refusedLogins: () => refused, tunnels: () => 0, close: closer(server, sockets) };
}

/** A port nothing listens on: a listener opened and closed at once. */
export async function deadPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
