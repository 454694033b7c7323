import type { FastifyRequest } from 'fastify';
import { isTimeZone, type LocaleFormatOptions } from '@core/shared/format/locale-format';
import { TIME_ZONE_HEADER } from '@core/shared/request-headers';
import { preferredLanguage } from '@core/shared/resource/messages';
import type { Language } from '@core/shared/runtime-config';
import { DEFAULT_TIME_ZONE } from './time-zone';

/** Who reads a server-written text (a refusal, a job's log): their language, and the zone its times are shown in. */
export interface Reader {
  readonly language: Language;
  readonly format: LocaleFormatOptions;
}

/**
 * The reader of a request's answer, from `Accept-Language` and `X-Time-Zone`. Unlike an export
 * (timeZoneOf), a text is never refused for a zone Intl does not know: it is shown in UTC, as for
 * a caller who names no zone.
 */
export function readerOf(request: Pick<FastifyRequest, 'headers'>): Reader {
  const sent = request.headers[TIME_ZONE_HEADER.toLowerCase()];
  const zone = typeof sent === 'string' ? sent.trim() : '';
  return {
    language: preferredLanguage(request.headers['accept-language']),
    format: { timeZone: zone !== '' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE },
  };
}
