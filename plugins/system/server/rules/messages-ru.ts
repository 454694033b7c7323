import type { RussianMessages } from '@core/sdk/server';

/** The inventory rules' refusals (languages, servers, services, projects), in English as the API words them. */

export const LANGUAGE_CODE_UNASSIGNED =
  'This is not an ISO 639-1 language code: use an assigned two-letter code such as en or de.';
export const IPV4_INVALID = 'This is not an IPv4 address: four numbers 0–255 separated by dots, such as 203.0.113.7.';
export const IPV6_INVALID = 'This is not an IPv6 address, such as 2001:db8::1.';
export const EXPIRY_OUT_OF_RANGE = 'The expiry date must be between {min:date} and {max:date}.';
export const REGISTRAR_GROUP = 'The registrar must be a service of the registrar group.';
export const CDN_GROUP = 'The CDN must be a service of the CDN group.';
export const ADAPTER_OUTSIDE_GROUP = 'A service of this group works with these adapters only: {adapters}.';
export const USED_AS_REGISTRAR = 'Projects use this service as their registrar: its group must stay registrar.';
export const USED_AS_CDN = 'Projects use this service as their CDN: its group must stay CDN.';

export const RULES_MESSAGES_RU: RussianMessages = {
  [LANGUAGE_CODE_UNASSIGNED]: 'Это не код языка ISO 639-1: укажите присвоенный двухбуквенный код, например en или de.',
  [IPV4_INVALID]: 'Это не адрес IPv4: четыре числа 0–255 через точку, например 203.0.113.7.',
  [IPV6_INVALID]: 'Это не адрес IPv6, например 2001:db8::1.',
  [EXPIRY_OUT_OF_RANGE]: 'Дата окончания должна быть между {min} и {max}.',
  [REGISTRAR_GROUP]: 'Регистратором может быть только сервис из группы «Регистратор».',
  [CDN_GROUP]: 'CDN может быть только сервис из группы «CDN».',
  [ADAPTER_OUTSIDE_GROUP]: 'Сервис этой группы работает только с такими адаптерами: {adapters}.',
  [USED_AS_REGISTRAR]: 'Проекты используют этот сервис как регистратор: его группа должна остаться «Регистратор».',
  [USED_AS_CDN]: 'Проекты используют этот сервис как CDN: его группа должна остаться «CDN».',
};
