import type { FastifyRequest } from 'fastify';
import { isTimeZone, type LocaleFormatOptions } from '@core/shared/format/locale-format';
import { preferredLanguage } from '@core/shared/resource/messages';
import type { Language } from '@core/shared/runtime-config';

/** The header the web app names its IANA time zone in (the kernel's HTTP client sends it with Accept-Language). */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** Who reads a server-written text: their language, and the zone its times are shown in. */
export interface Reader {
  readonly language: Language;
  readonly format: LocaleFormatOptions;
}

/**
 * The reader of a request's answer, from `Accept-Language` and the time-zone header. A zone Intl
 * does not know is left out (the server's own zone is used): a text is never refused for it.
 */
export function readerOf(request: Pick<FastifyRequest, 'headers'>): Reader {
  const zone = request.headers[TIME_ZONE_HEADER];
  const timeZone = typeof zone === 'string' && isTimeZone(zone) ? zone : undefined;
  return { language: preferredLanguage(request.headers['accept-language']), format: timeZone === undefined ? {} : { timeZone } };
}
