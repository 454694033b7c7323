/* The platform services' own logic: the check of a service's token against the platform. */

export { registerServiceCheck } from './check-action';
export { SERVICE_CHECK_MESSAGES_RU } from './messages-ru';
