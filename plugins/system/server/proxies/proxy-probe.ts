import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Duplex } from 'node:stream';
import { isIpv4, isIpv6 } from '../../shared/network';
import type { ProxyType } from '../../shared/resources';
import { ProbeError } from './probe-error';
import { socks5Connect, type SocksCredentials } from './socks5-client';

/*
 * One check of a proxy: ask a "what is my IP" address through it and time the answer. An HTTP
 * proxy (and a mobile one, which speaks HTTP) gets an absolute-URI request for an http:// address
 * and a CONNECT tunnel for https://; a SOCKS5 proxy a tunnel through socks5-client.ts. The
 * credentials go only into the proxy's handshake; every failure is a ProbeError in plain words.
 */

export interface ProxyEndpoint {
  readonly host: string;
  readonly port: number;
  readonly type: ProxyType;
  readonly credentials: SocksCredentials | null;
}

export interface ProbeResult {
  readonly exitIp: string;
  readonly latencyMs: number;
}

/** An answer longer than this is not a "what is my IP" answer. */
const MAX_BODY = 64 * 1024;

const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const pathOf = (url: URL): string => `${url.pathname}${url.search}`;

/** A network error in words: its code only (a message may name addresses). */
function networkFailure(error: unknown, what: string): ProbeError {
  if (error instanceof ProbeError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : null;
  return new ProbeError(code ? `${what} (${code}).` : `${what}.`);
}

/** Resolves with the connected socket, or a ProbeError; aborting the signal destroys it. */
function connectTo(host: string, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host, port });
    const abort = (): void => {
      socket.destroy();
      reject(new ProbeError('The check was stopped.'));
    };
    const fail = (error: Error): void => {
      signal.removeEventListener('abort', abort);
      reject(networkFailure(error, 'Could not connect to the proxy'));
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.off('error', fail);
      signal.removeEventListener('abort', abort);
      resolve(socket);
    });
  });
}

/** Sends `request` and resolves with the answer's status and body (at most MAX_BODY). */
function answerOf(request: ClientRequest, what: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // `on`, not `once`: a request destroyed by its socket's error may report it twice.
    request.on('error', (error) => reject(networkFailure(error, what)));
    request.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          request.destroy();
          reject(new ProbeError('The check address answered more than a "what is my IP" answer holds.'));
        } else chunks.push(chunk);
      });
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.once('error', (error) => reject(networkFailure(error, what)));
    });
    request.end();
  });
}

function basicAuth({ user, pass }: SocksCredentials): string {
  return `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
}

/** A GET of `url` over an open tunnel (plain, or TLS inside it for https). */
function getThrough(tunnel: Socket, url: URL, signal: AbortSignal): Promise<{ status: number; body: string }> {
  const host = hostOf(url);
  const connection: Duplex =
    url.protocol === 'https:' ? tlsConnect({ socket: tunnel, ...(isIP(host) ? {} : { servername: host }) }) : tunnel;
  const options: RequestOptions = {
    method: 'GET',
    host,
    port: portOf(url),
    path: pathOf(url),
    signal,
    agent: false,
    createConnection: () => connection,
    headers: { connection: 'close' },
  };
  const request = url.protocol === 'https:' ? httpsRequest(options) : httpRequest(options);
  // A TLS failure may come before the request listens on its socket: it ends the request either way.
  connection.on('error', (error) => request.destroy(error));
  return answerOf(request, 'The check address could not be reached through the proxy');
}

/** An HTTP proxy's CONNECT tunnel to the check address. */
function httpTunnel(proxy: ProxyEndpoint, url: URL, signal: AbortSignal): Promise<Socket> {
  const authority = `${isIP(hostOf(url)) === 6 ? `[${hostOf(url)}]` : hostOf(url)}:${portOf(url)}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      method: 'CONNECT',
      host: proxy.host,
      port: proxy.port,
      path: authority,
      signal,
      agent: false,
      headers: {
        host: authority,
        ...(proxy.credentials ? { 'proxy-authorization': basicAuth(proxy.credentials) } : {}),
      },
    });
    request.once('connect', (response: IncomingMessage, socket: Socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(refusal(response.statusCode ?? 0));
      }
    });
    request.once('response', (response: IncomingMessage) => {
      response.resume();
      reject(refusal(response.statusCode ?? 0));
    });
    request.once('error', (error) => reject(networkFailure(error, 'Could not connect to the proxy')));
    request.end();
  });
}

function refusal(status: number): ProbeError {
  return status === 407
    ? new ProbeError('The proxy refused the login and password (HTTP 407).')
    : new ProbeError(`The proxy refused the connection to the check address (HTTP ${status}).`);
}

/** An http:// address asked of an HTTP proxy directly, by its absolute URI. */
function getViaHttpProxy(
  proxy: ProxyEndpoint,
  url: URL,
  signal: AbortSignal,
): Promise<{ status: number; body: string }> {
  const request = httpRequest({
    method: 'GET',
    host: proxy.host,
    port: proxy.port,
    path: url.href,
    signal,
    agent: false,
    headers: {
      host: url.host,
      connection: 'close',
      ...(proxy.credentials ? { 'proxy-authorization': basicAuth(proxy.credentials) } : {}),
    },
  });
  return answerOf(request, 'Could not connect to the proxy');
}

async function fetchThrough(
  proxy: ProxyEndpoint,
  url: URL,
  signal: AbortSignal,
): Promise<{ status: number; body: string }> {
  if (proxy.type === 'socks5') {
    const socket = await connectTo(proxy.host, proxy.port, signal);
    // The handshake waits on the socket: closing it is how the timeout or a cancellation ends the wait.
    const abort = (): void => void socket.destroy();
    signal.addEventListener('abort', abort, { once: true });
    try {
      await socks5Connect(socket, hostOf(url), portOf(url), proxy.credentials);
    } catch (error) {
      socket.destroy();
      throw error;
    } finally {
      signal.removeEventListener('abort', abort);
    }
    return getThrough(socket, url, signal);
  }
  if (url.protocol === 'https:') return getThrough(await httpTunnel(proxy, url, signal), url, signal);
  const answer = await getViaHttpProxy(proxy, url, signal);
  if (answer.status === 407) throw refusal(407);
  return answer;
}

/** `{ "ip": "…" }` (ipify's JSON) or the address alone as text. */
function exitIpOf(body: string): string | null {
  const trimmed = body.trim();
  let candidate: unknown = trimmed;
  if (trimmed.startsWith('{')) {
    try {
      candidate = (JSON.parse(trimmed) as Record<string, unknown>).ip;
    } catch {
      return null;
    }
  }
  return typeof candidate === 'string' && (isIpv4(candidate) || isIpv6(candidate)) ? candidate : null;
}

/** Checks the proxy against `checkUrl`; a ProbeError says why it failed. */
export async function probeProxy(
  proxy: ProxyEndpoint,
  checkUrl: string,
  timeoutMs: number,
  cancel?: AbortSignal,
): Promise<ProbeResult> {
  const url = new URL(checkUrl);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
  const started = performance.now();
  let answer: { status: number; body: string };
  try {
    answer = await fetchThrough(proxy, url, signal);
  } catch (error) {
    if (timeout.aborted) throw new ProbeError(`No answer within ${Math.round(timeoutMs / 1000)} s.`);
    throw networkFailure(error, 'The check failed');
  }
  const latencyMs = Math.max(0, Math.round(performance.now() - started));
  if (answer.status !== 200) throw new ProbeError(`The check address answered HTTP ${answer.status}.`);
  const exitIp = exitIpOf(answer.body);
  if (!exitIp) throw new ProbeError('The check address answered without an IP address.');
  return { exitIp, latencyMs };
}
