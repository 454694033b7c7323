import { IPV4_PATTERN } from './patterns';

const IPV4 = new RegExp(IPV4_PATTERN);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** RFC 4291 text forms: eight groups, or fewer around one `::`, optionally ending in an IPv4 address. */
export function isIpv6(text: string): boolean {
  if (text.length < 2 || text.length > 45) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] | null => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let count = all.length;
  const last = all.at(-1);
  if (last !== undefined && last.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((group) => HEX_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export interface HostPort {
  readonly host: string;
  readonly port: number;
  readonly family: 4 | 6;
}

/** `203.0.113.7:8080` or `[2001:db8::1]:1080`; null unless the address and a port 1..65535 are valid. */
export function parseHostPort(text: string): HostPort | null {
  const bracketed = /^\[([^\]]+)\]:([0-9]{1,5})$/.exec(text);
  const plain = bracketed ? null : /^([0-9.]+):([0-9]{1,5})$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) return null;
  const host = match[1]!;
  const port = Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535 || String(port) !== match[2]) return null;
  if (bracketed) return isIpv6(host) ? { host, port, family: 6 } : null;
  return isIpv4(host) ? { host, port, family: 4 } : null;
}
