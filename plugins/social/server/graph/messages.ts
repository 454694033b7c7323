/**
 * The platform's messages in English, as the API answers them and job errors carry them;
 * messages-ru.ts has each one in Russian. A `{name}` stands for a value filled by formatMessage.
 */

export const PLATFORM_AUTH = 'The platform token has expired or is invalid: renew it on the service.';
export const PLATFORM_REFUSED = 'The platform refused: {reason}';
export const PLATFORM_UNAVAILABLE = 'The platform could not be reached: {reason}';
export const PLATFORM_RATE_LIMITED = 'The platform asks to wait; try again in {seconds} seconds.';
export const PLATFORM_ANSWER_UNREADABLE =
  'The platform answered something other than the Graph API’s JSON (HTTP {status}).';
export const NO_SERVICE = 'Set up a platform service for this account first (Social-ad → Services).';
