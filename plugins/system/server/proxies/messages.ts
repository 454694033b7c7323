import type { RussianMessages } from '@core/sdk/server';

/* The proxies part's API messages in English, and their Russian (merged into the plugin's `messages.ru`). */

export const ADDRESS_INVALID = 'Enter an IP address and port, e.g. 203.0.113.7:8080 or [2001:db8::1]:8080.';
export const PROVIDER_UNKNOWN = 'There is no such proxy provider.';
export const COUNTRY_UNKNOWN = 'There is no such country.';
export const TEAM_UNKNOWN = 'There is no such team.';
export const TEAM_UNAVAILABLE = 'A team is a finance agency, and the finance plugin is not enabled.';
export const API_KEY_MISSING = 'The provider has no api_key credential: add the API key of its Proxy6 account.';
export const TYPE_NOT_OFFERED = '{provider} does not sell {type} proxies.';
export const PROVIDER_REFUSED = '{provider} refused: {reason}';
export const PROVIDER_UNAVAILABLE = '{provider} could not be used ({reason}). Try again later.';

export const PROXY_MESSAGES_RU: RussianMessages = {
  [ADDRESS_INVALID]: 'Введите IP-адрес и порт, например 203.0.113.7:8080 или [2001:db8::1]:8080.',
  [PROVIDER_UNKNOWN]: 'Такого поставщика прокси нет.',
  [COUNTRY_UNKNOWN]: 'Такой страны нет.',
  [TEAM_UNKNOWN]: 'Такой команды нет.',
  [TEAM_UNAVAILABLE]: 'Команда — это агентство из финансов, а плагин финансов не включён.',
  [API_KEY_MISSING]: 'У поставщика нет учётных данных api_key: добавьте API-ключ его аккаунта Proxy6.',
  [TYPE_NOT_OFFERED]: '{provider} не продаёт прокси типа {type}.',
  [PROVIDER_REFUSED]: '{provider} отказал: {reason}',
  [PROVIDER_UNAVAILABLE]: 'Не удалось обратиться к {provider} ({reason}). Попробуйте позже.',
};
