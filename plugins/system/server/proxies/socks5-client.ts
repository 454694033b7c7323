import { isIP, type Socket } from 'node:net';
import { ProbeError } from './probe-error';
import { SocketReader } from './socket-reader';

/*
 * The client side of SOCKS5 (RFC 1928) with username/password authentication (RFC 1929), enough to
 * open one CONNECT tunnel through a proxy: greeting, authentication when credentials are given,
 * CONNECT to the target by IP or by name (the proxy resolves it), and the reply. The socket is
 * then the tunnel. Refusals become ProbeErrors that name the step, never the credentials.
 */

const VERSION = 0x05;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_ACCEPTABLE = 0xff;
const AUTH_VERSION = 0x01;
const CONNECT = 0x01;
const ATYP_IPV4 = 0x01;
const ATYP_DOMAIN = 0x03;
const ATYP_IPV6 = 0x04;

/** RFC 1928 §6 reply codes. */
const REPLIES: Readonly<Record<number, string>> = {
  1: 'general failure',
  2: 'not allowed by its rules',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};

export interface SocksCredentials {
  readonly user: string;
  readonly pass: string;
}

function addressBytes(host: string): Buffer {
  const family = isIP(host);
  if (family === 4) return Buffer.from([ATYP_IPV4, ...host.split('.').map(Number)]);
  if (family === 6) {
    const [head = '', tail = ''] = host.split('::');
    const groups = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
    const front = groups(head);
    const back = host.includes('::') ? groups(tail) : [];
    const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
    return Buffer.concat([Buffer.from([ATYP_IPV6]), ...all.map((group) => Buffer.from([group >> 8, group & 0xff]))]);
  }
  const name = Buffer.from(host, 'utf8');
  if (name.length > 255) throw new ProbeError('The check address’s host name is too long for SOCKS5.');
  return Buffer.concat([Buffer.from([ATYP_DOMAIN, name.length]), name]);
}

function credentialBytes({ user, pass }: SocksCredentials): Buffer {
  const name = Buffer.from(user, 'utf8');
  const word = Buffer.from(pass, 'utf8');
  if (name.length > 255 || word.length > 255)
    throw new ProbeError('The login or password is longer than SOCKS5 allows (255 bytes).');
  return Buffer.concat([Buffer.from([AUTH_VERSION, name.length]), name, Buffer.from([word.length]), word]);
}

/** Runs the handshake on a connected socket; resolves once the socket is a tunnel to `host:port`. */
export async function socks5Connect(
  socket: Socket,
  host: string,
  port: number,
  credentials: SocksCredentials | null,
): Promise<void> {
  const reader = new SocketReader(socket);
  try {
    socket.write(Buffer.from(credentials ? [VERSION, 2, NO_AUTH, USER_PASS] : [VERSION, 1, NO_AUTH]));
    const [version, method] = await reader.bytes(2);
    if (version !== VERSION) throw new ProbeError('The proxy does not speak SOCKS5.');
    if (method === NO_ACCEPTABLE)
      throw new ProbeError('The proxy accepts none of the offered SOCKS5 authentication methods.');
    if (method === USER_PASS) {
      if (!credentials) throw new ProbeError('The proxy asks for a login and password, and none is recorded.');
      socket.write(credentialBytes(credentials));
      const [, status] = await reader.bytes(2);
      if (status !== 0) throw new ProbeError('The proxy refused the login and password.');
    } else if (method !== NO_AUTH) {
      throw new ProbeError('The proxy chose a SOCKS5 authentication method this client does not know.');
    }
    socket.write(
      Buffer.concat([Buffer.from([VERSION, CONNECT, 0x00]), addressBytes(host), Buffer.from([port >> 8, port & 0xff])]),
    );
    const [, reply, , type] = await reader.bytes(4);
    if (reply !== 0)
      throw new ProbeError(
        `The proxy refused the connection to the check address (${REPLIES[reply!] ?? `SOCKS5 reply ${reply}`}).`,
      );
    // The bound address and port, which a client has no use for.
    const length =
      type === ATYP_IPV4 ? 4 : type === ATYP_IPV6 ? 16 : type === ATYP_DOMAIN ? (await reader.bytes(1))[0]! : null;
    if (length === null) throw new ProbeError('The proxy answered CONNECT with an unknown address type.');
    await reader.bytes(length + 2);
  } catch (error) {
    if (error instanceof ProbeError) throw error;
    throw new ProbeError('The proxy closed the connection during the SOCKS5 handshake.');
  } finally {
    reader.release();
  }
}
