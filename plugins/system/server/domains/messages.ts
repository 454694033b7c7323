/**
 * The domain purchase's API messages in English; messages-ru.ts has each one in Russian. A `{name}`
 * stands for a value filled by formatMessage.
 */

export const PROJECT_MISSING = 'The project does not exist.';
export const REGISTRAR_UNSUITABLE =
  'The project’s registrar must be a service of the registrar group driven by the local or Namecheap adapter.';
export const CDN_UNSUITABLE =
  'The project’s CDN must be a service of the CDN group driven by the local or Cloudflare adapter.';
export const DOMAIN_USER_MISSING = 'The domain user does not exist.';
export const SERVER_MISSING = 'The server does not exist.';
export const DOMAIN_RECORDED = 'The domain {name} is already recorded.';
export const RETRY_REFUSED = 'Only a failed or cancelled purchase can be retried; this one is {status}.';
export const NEVER_PURCHASED = 'This domain was not bought here, so there is no purchase to retry.';
export const SERVICE_NOT_CONFIGURED =
  'The service "{service}" lacks the credentials {keys}: add them on the Services page.';
export const OUTSIDE_REFUSED = '{system} refused {operation}: {reason}';
export const OUTSIDE_UNREACHABLE = '{system} could not be reached for {operation}: {reason}';
