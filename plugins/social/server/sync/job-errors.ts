import { ApiError, PermanentJobError } from '@core/sdk/server';
import { GraphError } from '../graph/graph-error';

/**
 * A sync's failure as the job runner should take it: what another attempt cannot fix (a token to
 * renew, a request the platform refuses, a record the engine refuses) fails the job at once with
 * its message; no answer from the platform, or a rate limit that outlasted the job's patience, is
 * thrown as it is, so the runner tries again after its backoff.
 */
export function syncJobError(error: unknown): unknown {
  if (error instanceof GraphError)
    return error.kind === 'auth' || error.kind === 'invalid' ? new PermanentJobError(error.message) : error;
  if (error instanceof ApiError && error.status < 500) return new PermanentJobError(error.message);
  return error;
}
