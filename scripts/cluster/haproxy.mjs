// HAProxy in front of the copies, as README's operations section shows it: round robin, readiness
// checks every 500 ms that take a copy out at the first failure, and retries that move a request
// whose connection failed (or got no answer) to another copy. Runs in the foreground as a child.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** The haproxy binary, or null when Debian's `haproxy` package is not installed. */
export function haproxyBin() {
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** The configuration: `port` the balancer's, `copies` `[{ name, port }]`. */
export function haproxyConfig(port, copies) {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout queue 10s
  option forwardfor
  retries 3
  option redispatch
  retry-on conn-failure empty-response response-timeout

frontend erp
  bind 127.0.0.1:${port}
  default_backend copies

backend copies
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 1 rise 1
${copies.map((copy) => `  server ${copy.name} 127.0.0.1:${copy.port} check`).join('\n')}
`;
}

/** Writes the configuration into `dir` and starts haproxy on it: `{ url, child, output(), downAt(name), stop() }`. */
export function startHaproxy({ bin, dir, port, copies }) {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, copies));
  const child = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // When each copy was taken out (its check failed): HAProxy warns "Server copies/<name> is DOWN".
  const downAt = new Map();
  const read = (chunk) => {
    output += chunk;
    for (const [, name] of String(chunk).matchAll(/Server copies\/(\S+) is DOWN/g))
      if (!downAt.has(name)) downAt.set(name, Date.now());
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    /** When HAProxy first reported copy `name` down (epoch ms), or null. */
    downAt: (name) => downAt.get(name) ?? null,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
