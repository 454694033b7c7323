import type { FastifyInstance } from 'fastify';
import { ApiError } from '@core/sdk/server';
import { DEFAULT_RETRY_AFTER_SECONDS, GraphError } from './graph-error';

/**
 * A Graph failure as a route answers it while the caller waits: a token to renew or a refusal is
 * the caller's to fix (422, the platform's words), no useful answer is a gateway's 502, and a rate
 * limit is a 503 "The platform asks to wait; try again in N seconds." with Retry-After.
 */

/** The 503 of a rate limit; its Retry-After header is added by retryAfterHeader. */
export class PlatformBusyError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
    this.name = 'PlatformBusyError';
  }
}

export function platformFailure(error: unknown): unknown {
  if (!(error instanceof GraphError)) return error;
  if (error.kind === 'rate-limit')
    return new PlatformBusyError(error.message, error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  return new ApiError(error.kind === 'unavailable' ? 502 : 422, error.message);
}

/** Adds Retry-After to the answers of PlatformBusyError in the plugin's routes (the kernel's error handler writes the body). */
export function retryAfterHeader(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof PlatformBusyError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
