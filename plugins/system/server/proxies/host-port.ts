/** `host:port`, the IPv6 host in brackets: the form proxies' addresses are written in (network.ts parses it). */
export function formatHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
