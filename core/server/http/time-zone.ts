import type { FastifyRequest } from 'fastify';
import { isTimeZone } from '@core/shared/format/locale-format';
import { TIME_ZONE_HEADER } from '@core/shared/request-headers';
import { ApiError } from './api-error';

/** The zone of a caller who names none (a plain API call): times are written in UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The IANA time zone the caller reads times in (`X-Time-Zone`), UTC when not sent. A zone the
 * server does not know is refused with a 422, never guessed: a file with times shifted into the
 * wrong zone would look right and be wrong.
 */
export function timeZoneOf(request: FastifyRequest): string {
  const sent = request.headers[TIME_ZONE_HEADER.toLowerCase()];
  if (sent === undefined) return DEFAULT_TIME_ZONE;
  const zone = Array.isArray(sent) ? sent.join(', ') : sent.trim();
  if (zone === '' || Array.isArray(sent) || !isTimeZone(zone)) {
    throw new ApiError(
      422,
      `Unknown time zone "${zone}" in ${TIME_ZONE_HEADER}: send an IANA zone such as Europe/Moscow.`,
    );
  }
  return zone;
}
