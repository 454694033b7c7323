import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'handler'`: the route reads its body itself (the resource engine's values, a file upload) instead of
     * declaring a body schema. Any other write route without a body schema takes no input.
     */
    input?: 'handler';
  }
}

export const NO_INPUT = 'This action takes no input.';

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * For an action that takes nothing: anything sent is refused with 422 rather than ignored, so a caller
 * who believes a field does something learns that it does not. `allowed` names the keys that may still
 * come (a row action's `version`, which guards against acting on a record changed since it was read).
 */
export function assertNoBody(body: unknown, allowed: readonly string[] = []): void {
  const empty =
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).every((key) => allowed.includes(key)));
  if (!empty) throw new ApiError(422, NO_INPUT, { body: [NO_INPUT] });
}

async function refuseBody(request: FastifyRequest): Promise<void> {
  assertNoBody(request.body);
}

/**
 * Every API write route that declares no body schema, and does not say it reads its body itself, refuses
 * a body with fields before its handler runs: one rule for the kernel's routes and every plugin's, in the
 * same words, before any look-up (a missing record must not hide that the input was wrong).
 */
export function installNoInputRule(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.body || route.config?.input === 'handler') return;
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method))) return;
    // After validation, so a malformed id is still the 404 it is everywhere, and before the handler's look-ups.
    route.preHandler = [refuseBody, ...[route.preHandler ?? []].flat()];
  });
}
