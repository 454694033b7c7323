/**
 * The IANA time zone the caller reads times in (`Europe/Moscow`), sent by the web app on every
 * request beside `Accept-Language`; a file the server writes for people (an export) shows its
 * times there. Without it the server writes UTC.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';
