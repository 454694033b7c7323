import type { FastifyInstance } from 'fastify';

/**
 * Headers every response carries. Styles allow 'unsafe-inline' because Fluent UI's CSS-in-JS
 * (Griffel) inserts style elements at run time; scripts never do, so script-src stays 'self'
 * (no 'unsafe-eval', no inline script).
 */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A year, the floor browsers' preload lists ask for. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance, connectSources: readonly string[]): void {
  const policy = contentSecurityPolicy(connectSources);
  app.addHook('onSend', async (request, reply) => {
    // Only over https (directly, or as a trusted proxy says): over plain http the header is ignored by
    // browsers anyway, and a local install reached by http must stay reachable.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}

/** Origins of service base URLs that point at other hosts, which the browser must be allowed to call. */
export function externalOrigins(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}
