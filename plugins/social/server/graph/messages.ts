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
export const GRAPH_VERSION_EXPIRED =
  'The Graph API version {version} expired on {expires}: Meta no longer answers it. Set pluginSettings.social.graphVersion to {newest}.';
export const GRAPH_VERSION_EXPIRING =
  'The Graph API version {version} expires on {expires}, in {days} days. Set pluginSettings.social.graphVersion to {newest} before then.';
export const GRAPH_VERSION_UNKNOWN =
  'The Graph API version {version} is not in the plugin’s table of Meta’s versions, so its expiry is unknown. The newest version the plugin knows is {newest}.';
export const PLATFORM_REPORT_FAILED = 'The platform’s insights report run ended as “{status}”.';
export const PLATFORM_REPORT_SLOW = 'The platform’s insights report run did not finish after {polls} checks.';
