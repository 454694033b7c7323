import type { Server } from 'node:http';

/** The response header naming the copy that answered, for an operator (or the cluster test) behind a balancer. */
export const SERVED_BY_HEADER = 'x-served-by';

/** Every answer of `server`, whatever route or hook writes it, carries `name` in `x-served-by`. */
export function nameAnswers(server: Server, name: string): void {
  server.prependListener('request', (_request, response) => response.setHeader(SERVED_BY_HEADER, name));
}
