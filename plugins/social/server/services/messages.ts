/** The service check's API messages in English; messages-ru.ts has each one in Russian. */

export const NO_TOKEN = 'The service has no access token: set one to check it against the platform.';
